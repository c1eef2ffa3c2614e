// `npm run openapi:generate`: writes what the OpenAPI document reads from the TypeScript sources, which the
// running app cannot see (types are erased): src/openapi/metadata.ts, the request DTOs' properties and
// validation rules (by @nestjs/swagger's plugin), and src/openapi/responses.json, what each route answers.
// A unit test fails when either is stale.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PluginMetadataGenerator } from '@nestjs/cli/lib/compiler/plugins/plugin-metadata-generator.js';
import { ReadonlyVisitor } from '@nestjs/swagger/plugin';
import { responseSchemas } from './openapi-responses.js';

/** The two generated files' texts, by name. */
export function generatedOpenApiSources(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'agromaq-openapi-'));
  try {
    new PluginMetadataGenerator().generate({
      visitors: [
        new ReadonlyVisitor({
          // Code comments are for developers (English, and may point inside the project): what clients read is
          // written in Portuguese in @ApiOperation and @ApiProperty.
          introspectComments: false,
          pathToSource: join(process.cwd(), 'src/openapi'),
          classValidatorShim: true,
          dtoFileNameSuffix: ['.input.ts', '.query.ts', '.export.ts'],
          controllerFileNameSuffix: ['.api.controller.ts', '.public.controller.ts', 'health.controller.ts'],
        }),
      ],
      outputDir: dir,
      tsconfigPath: 'tsconfig.build.json',
      filename: 'metadata.ts',
      printDiagnostics: false,
    });
    return {
      'metadata.ts': readFileSync(join(dir, 'metadata.ts'), 'utf8'),
      // JSON read when the document is built: as a module, this much text costs the test runner's transform
      // (and so every test process that loads the app) tens of megabytes.
      'responses.json': `${JSON.stringify(responseSchemas(), null, 2)}\n`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('openapi-generate.ts')) {
  for (const [name, text] of Object.entries(generatedOpenApiSources())) writeFileSync(join('src/openapi', name), text);
}
