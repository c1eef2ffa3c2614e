import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedOpenApiSources } from '../../scripts/openapi-generate.js';

describe('the OpenAPI document’s sources', () => {
  // The document reads what TypeScript erases (DTO property types, controllers' return types) from these files.
  it('are what `npm run openapi:generate` writes from the code today', () => {
    for (const [name, text] of Object.entries(generatedOpenApiSources())) {
      expect(readFileSync(`src/openapi/${name}`, 'utf8'), `src/openapi/${name} is stale: run npm run openapi:generate`).toBe(text);
    }
  }, 120_000);
});
