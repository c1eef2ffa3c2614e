import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const imports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/^import[^;]*?from '([^']+)'/gms)].map((match) => match[1]);
const filesIn = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));

describe('module boundaries', () => {
  it('migrations are frozen history: they import typeorm, each other and a version of the list schema builders, never the live app', () => {
    const migrations = 'src/database/migrations';
    const allowed = (source: string) => source === 'typeorm' || /^\.\/[^/]+\.js$/.test(source) || /^\.\.\/list-schema\/v\d+\/index\.js$/.test(source);
    for (const file of filesIn(migrations)) {
      for (const source of imports(file)) expect(allowed(source), `${file} imports ${source}`).toBe(true);
    }
    // A version of the builders is frozen too: it imports only its own files.
    for (const file of filesIn('src/database/list-schema')) {
      for (const source of imports(file)) expect(/^\.\/[^/]+\.js$/.test(source), `${file} imports ${source}`).toBe(true);
    }
  });

  it('auth and ips do not import each other: auth asks the IP rules through IpAccess', () => {
    for (const file of filesIn('src/auth'))
      expect(
        imports(file).filter((source) => source.includes('/ips/')),
        file,
      ).toEqual([]);
  });

  it('companies never reach into the users domain', () => {
    for (const file of filesIn('src/enterprises'))
      expect(
        imports(file).filter((source) => source.includes('/users/')),
        file,
      ).toEqual([]);
  });

  it('every controller that answers pages carries @InertiaPages(), and only those: an API route runs no page interceptor', () => {
    for (const file of filesIn('src').filter((name) => name.endsWith('.controller.ts'))) {
      const source = readFileSync(file, 'utf8');
      const answersPages = /\binertia\(/.test(source);
      expect(source.includes('@InertiaPages()'), file).toBe(answersPages);
      if (file.includes('.api.')) expect(answersPages, file).toBe(false);
    }
  });
});
