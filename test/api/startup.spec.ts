import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/app.js';
import { sharedDeployment, spawnInstance } from '../support/instances.js';

/** Runs the built server with the given environment until it exits, as an operator would start it. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const sqlite = () => ({ DB_PATH: join(mkdtempSync(join(tmpdir(), 'agromaq-startup-')), 'db.sqlite'), LOG_LEVEL: 'silent' });

describe('start-up failures: one clear line and exit 1', () => {
  it('refuses a bad DB_TYPE', async () => {
    const result = await runServer({ ...sqlite(), DB_TYPE: 'oracle' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Configuration error: DB_TYPE: must be one of sqlite, mysql (got "oracle")');
  });

  it('refuses to start in production without its secrets', async () => {
    const result = await runServer({ ...sqlite(), NODE_ENV: 'production', APP_URL: 'https://agromaq.test' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Configuration error: JWT_SECRET: required in production (a random string of at least 32 characters); APP_KEY: required in production (a random string of at least 32 characters)',
    );
  });

  it('refuses to start in production on a plain-HTTP APP_URL (or none), in one line, unless ALLOW_INSECURE_HTTP says so', async () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), APP_KEY: 'y'.repeat(40) };
    const result = await runServer({ ...sqlite(), NODE_ENV: 'production', ...secrets });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^Configuration error: APP_URL: in production it must be the https:\/\/ address the site is reached at \(got "http:\/\/localhost:\d+"\); set ALLOW_INSECURE_HTTP=true only where nothing serves it over TLS$/,
    );
  });

  it('refuses SEED_DEMO in production: the development admin never exists there', async () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), APP_KEY: 'y'.repeat(40) };
    const result = await runServer({ ...sqlite(), NODE_ENV: 'production', APP_URL: 'https://agromaq.test', SEED_DEMO: 'true', ...secrets });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Configuration error: SEED_DEMO: demo data and the development admin (admin / agromaq2025) are never loaded in production',
    );
  });

  it('says which MySQL server it cannot reach', async () => {
    const result = await runServer({ ...sqlite(), DB_TYPE: 'mysql', DB_HOST: '127.0.0.1', DB_PORT: '1', DB_NAME: 'agromaq' });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Cannot reach MySQL at 127.0.0.1:1/agromaq: connection refused (is the server running?)');
  });
});

describe('V8 settings', () => {
  // V8 tenures a place in the code whose objects survived a collection, and its later objects go to the old
  // generation, which only a full collection frees; startup (caches, reference data) tenured the places that
  // build every request's rows (src/common/runtime-flags.ts). With the setting off, V8 makes no such decision.
  it('runs with allocation-site pretenuring off, however it is started: V8 tenures nothing through startup and requests', async () => {
    const burst = "const make = (i) => ({ i, s: 'a' + i }); const kept = []; for (let i = 0; i < 1e6; i++) kept.push(make(i));";
    // The trace this Node.js prints of V8's pretenuring statistics where the setting is on: it is there to be seen.
    expect(execFileSync(process.execPath, ['--trace-pretenuring-statistics', '-e', burst], { encoding: 'utf8' })).toMatch(/pretenuring: /);

    // On the suite's database: a database of its own on MariaDB (the image's Node.js has no SQLite addon).
    const mysql = process.env.DB_TYPE === 'mysql' ? sharedDeployment('v8').env : null;
    const folder = mysql ? null : mkdtempSync(join(tmpdir(), 'agromaq-v8-'));
    const database = mysql ?? { DB_PATH: join(folder!, 'db.sqlite') };
    const lines: string[] = [];
    const instance = await spawnInstance({ ...database, LOG_LEVEL: 'warn' }, { logLines: lines, nodeFlags: ['--trace-pretenuring-statistics'] });
    try {
      for (let request = 0; request < 200; request++) {
        for (const path of ['/', '/api/health', '/robots.txt']) expect((await fetch(`${instance.url}${path}`)).status).toBe(200);
      }
    } finally {
      await instance.kill();
      if (mysql) {
        const server = await createConnection({ host: mysql.DB_HOST, port: Number(mysql.DB_PORT), user: mysql.DB_USER, password: mysql.DB_PASSWORD });
        await server.query(`DROP DATABASE IF EXISTS \`${mysql.DB_NAME}\``);
        await server.end();
      }
      if (folder) rmSync(folder, { recursive: true, force: true });
    }
    expect(lines.filter((line) => line.includes('pretenuring:'))).toEqual([]);
  }, 120_000);
});
