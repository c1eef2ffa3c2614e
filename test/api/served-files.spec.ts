import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/app.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
let base: string;

beforeAll(async () => {
  sut = await startTestApp();
  await sut.app.listen(0, '127.0.0.1');
  base = (await sut.app.getUrl()).replace('[::1]', '127.0.0.1');
});

afterAll(async () => {
  await sut?.close();
});

describe('a served file replaced while it is requested', () => {
  it('answers with the file or a 404, never a server error, as a deploy or a new logo replaces it', async () => {
    const name = `arquivo-trocado-${process.pid}.txt`;
    const file = join(PROJECT_ROOT, 'public', name);
    const content = 'conteúdo '.repeat(20_000);
    const source = join(tmpdir(), `${name}.origem`);
    const statuses = new Map<number, number>();
    let flipper: ReturnType<typeof spawn> | undefined;
    try {
      writeFileSync(source, content);
      writeFileSync(file, content);
      // Another process deletes the file and writes it again (a new one renamed over it) without a pause but for a
      // millisecond with the file there, so that requests find it, miss it, and find it then fail to open it.
      flipper = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs'); const [file, source] = process.argv.slice(1); const end = Date.now() + 20000; const pause = new Int32Array(new SharedArrayBuffer(4));
           while (Date.now() < end) { fs.rmSync(file, { force: true }); fs.copyFileSync(source, file + '.novo'); fs.renameSync(file + '.novo', file); Atomics.wait(pause, 0, 0, 1); }`,
          file,
          source,
        ],
        { stdio: 'ignore' },
      );
      for (let round = 0; round < 1500; round++) {
        const res = await fetch(`${base}/${name}`, { headers: { Accept: 'text/plain', 'Accept-Encoding': 'identity' } });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) expect(text, 'a file read whole').toBe(content);
      }
    } finally {
      if (flipper && flipper.exitCode === null) {
        const exited = new Promise((resolve) => flipper?.once('exit', resolve));
        flipper.kill();
        await exited;
      }
      rmSync(file, { force: true });
      rmSync(`${file}.novo`, { force: true });
      rmSync(source, { force: true });
    }
    const serverErrors = [...statuses].filter(([status]) => status >= 500);
    expect(serverErrors, JSON.stringify(Object.fromEntries(statuses))).toEqual([]);
    // The race was run: the file was both found and missed.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
  }, 60_000);
});
