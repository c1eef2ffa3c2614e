import { execFileSync } from 'node:child_process';
import { constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { pipeToFile } from '../../src/common/write-file-stream.js';

const directory = mkdtempSync(join(tmpdir(), 'agromaq-write-file-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const breaksAtOnce = () =>
  new Readable({
    read() {
      this.destroy(new Error('connection reset'));
    },
  });

describe('writing a stream to a file', () => {
  // A file that is still being opened when its source breaks off is created after the caller has removed it,
  // unless the failure waits for the file to close. A FIFO holds the open until a reader comes, on every machine.
  it('settles a broken pipeline only once the file it was opening is closed', async () => {
    const fifo = join(directory, 'opening');
    execFileSync('mkfifo', [fifo]);
    let settled = false;
    const failed = pipeToFile(fifo, breaksAtOnce()).then(
      () => new Error('written'),
      (error: unknown) => {
        settled = true;
        return error as Error;
      },
    );
    await sleep(300);
    expect(settled).toBe(false);
    const reader = await open(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      expect((await failed).message).toBe('connection reset');
    } finally {
      await reader.close();
    }
  });

  it('writes the source, through its transform, into a file that must be new when told', async () => {
    const path = join(directory, 'whole.txt');
    await pipeToFile(path, Readable.from([Buffer.from('CNPJ;'), Buffer.from('Nome')]), { through: createGzip(), flags: 'wx' });
    expect(gunzipSync(readFileSync(path)).toString()).toBe('CNPJ;Nome');
    await expect(pipeToFile(path, Readable.from([Buffer.from('de novo')]), { flags: 'wx' })).rejects.toThrow(/EEXIST/);
  });
});
