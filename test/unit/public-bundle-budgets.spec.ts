import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ENTRY } from '../../src/inertia/vite-assets.js';

// What each public page loads, read from the public site's build manifest (`npm test` builds it first): the public
// entry and the start-up it fetches (Preact), with their imports (shared by every page), and the page's chunk with
// its own.
const client = fileURLToPath(new URL('../../build/client', import.meta.url));
const manifestPath = join(client, '.vite', 'public-manifest.json');
type Chunk = { file: string; imports?: string[] };
const manifest: Record<string, Chunk> = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>) : {};

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const text = (key: string) => readFileSync(join(client, manifest[key].file), 'utf8');
const kilobytes = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gzipSync(text(key)).length, 0) / 1024;
// The entry fetches React and the page's chunk (each with its imports) once the page is painted.
const shared = closure('resources/js/public/start.tsx', closure(PUBLIC_ENTRY));
const pageKeys = (component: string) => closure(`resources/js/pages/Public/${component}.tsx`, new Set(shared));
const PUBLIC_PAGES = ['Home', 'Contato', 'Ajuda', 'SobreNos', 'Termos', 'ExcluirConta', 'RedefinirSenha', 'ConfirmarExclusao'];

describe.skipIf(!existsSync(manifestPath))('JavaScript of the public pages (built client)', () => {
  it('has every public page under the public entry', () => {
    for (const component of PUBLIC_PAGES) expect(manifest[`resources/js/pages/Public/${component}.tsx`]).toBeDefined();
  });

  it('loads no back-office, Inertia client or chart code on any public page', () => {
    for (const component of PUBLIC_PAGES) {
      const keys = [...pageKeys(component)];
      expect(keys.filter((key) => key === 'resources/js/app.tsx' || key.startsWith('resources/js/pages/Admin/'))).toEqual([]);
      // Inertia's client sends the X-Inertia header on its visits; recharts names its wrapper.
      expect(keys.filter((key) => /X-Inertia|recharts-wrapper/.test(text(key)))).toEqual([]);
    }
  });

  // The budgets of the public site (issue 33): what a farmer's phone downloads before a page is alive.
  it('keeps the JavaScript within budget (gzip): 40 KB shared, 50 KB for the home page, 60 KB for the contact page and for any other', () => {
    expect(kilobytes(shared)).toBeLessThanOrEqual(40);
    expect(kilobytes(pageKeys('Home'))).toBeLessThanOrEqual(50);
    const over = Object.fromEntries(
      PUBLIC_PAGES.map((component) => [component, Math.round(kilobytes(pageKeys(component)) * 10) / 10]).filter(([, kb]) => (kb as number) > 60),
    );
    expect(over).toEqual({});
  });

  it('runs the public pages on Preact, never on React (whose runtime alone is over the budget)', () => {
    for (const component of PUBLIC_PAGES) {
      const keys = [...pageKeys(component)];
      // React's runtime names its internals so; Preact's compatibility layer does not.
      expect(keys.filter((key) => /__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE|react\.transitional\.element/.test(text(key)))).toEqual([]);
    }
  });
});
