import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, type AdminSession } from '../support/admin-session.js';
import { createEnterprise } from '../support/enterprise-factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SQLMAP = '/usr/bin/sqlmap';
let sut: TestApp;
let admin: AdminSession;
let base: string;
const outputDir = mkdtempSync(join(tmpdir(), 'agromaq-sqlmap-'));

beforeAll(async () => {
  if (!existsSync(SQLMAP)) return;
  // MariaDB, the production database: injection is a matter of its SQL dialect.
  sut = await startTestApp({
    DB_TYPE: 'mysql',
    DB_HOST: process.env.DB_HOST ?? '127.0.0.1',
    DB_PORT: process.env.DB_PORT ?? '3306',
    DB_USER: process.env.DB_USER ?? 'root',
    DB_PASSWORD: process.env.DB_PASSWORD ?? '',
    DB_NAME: `agromaq_sqlmap_${process.pid}`,
  });
  await sut.app.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${(sut.app.getHttpServer().address() as AddressInfo).port}`;
  admin = await loginAs(sut, 'master');
  await createEnterprise(sut, admin, { fantasia: 'Agro Teste Injeção' });
});

afterAll(async () => {
  await sut?.close();
  rmSync(outputDir, { recursive: true, force: true });
});

/**
 * Runs sqlmap on the listed parameters of a URL with the admin's session; returns its output. Asynchronous:
 * the server under attack runs in this same process.
 */
function sqlmap(path: string, parameters: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      SQLMAP,
      [
        '-u',
        `${base}${path}`,
        '-p',
        parameters.join(','),
        `--headers=Authorization: Bearer ${admin.token}\nX-Forwarded-For: ${admin.ip}`,
        '--batch',
        '--level=3',
        '--risk=2',
        '--technique=BEUS',
        '--dbms=MySQL',
        '--timeout=10',
        '--retries=0',
        '--threads=4',
        '--flush-session',
        '--disable-coloring',
        `--output-dir=${outputDir}`,
      ],
      { encoding: 'utf8', timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
      (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    );
  });
}

describe.skipIf(!existsSync(SQLMAP))('sqlmap against the list and search parameters', () => {
  it.each([
    ['companies', '/api/admin/enterprises?status=ativos&page=1&busca=agro', ['busca', 'status', 'page']],
    ['users', '/api/admin/users?status=todos&busca=ana&date_from=2026-01-01', ['busca', 'date_from', 'status']],
    ['contacts', '/api/admin/contatos?status=pendente&page=1', ['status', 'page']],
    ['cities', '/api/admin/cities?busca=londrina', ['busca']],
  ])(
    'finds nothing injectable in the %s list',
    async (_name, path, parameters) => {
      const output = await sqlmap(path as string, parameters as string[]);
      expect(output).not.toMatch(/identified the following injection point|appears to be injectable|is vulnerable/i);
      expect(output).toMatch(/do(es)? not (seem|appear) to be injectable/i);
    },
    300_000,
  );
});
