import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalImportFiles } from '../../src/imports/import-files.js';

// Uploads are written to a staging folder as they arrive; a crash mid-upload must not leave files there forever.
const directory = mkdtempSync(join(tmpdir(), 'agromaq-import-files-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('the staging folder of uploads', () => {
  it('keeps a staged upload by moving it, and the daily sweep removes only uploads abandoned for longer than a day', async () => {
    const files = new LocalImportFiles(directory);
    const kept = await files.stage(Readable.from([Buffer.from('CNPJ;Nome\r\n')]));
    expect(kept.size).toBe(11);
    await files.keep('0b7e4f6c-8a2d-4e1b-9c3f-5d6a7b8c9d0e', kept);
    expect(existsSync(kept.path)).toBe(false);
    expect((await files.head('0b7e4f6c-8a2d-4e1b-9c3f-5d6a7b8c9d0e', 4)).toString()).toBe('CNPJ');

    const abandoned = await files.stage(Readable.from([Buffer.from('meia planilha')]));
    const fresh = await files.stage(Readable.from([Buffer.from('chegando agora')]));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(abandoned.path, twoDaysAgo, twoDaysAgo);
    expect(await files.sweepStaging(86_400_000)).toBe(1);
    expect([existsSync(abandoned.path), existsSync(fresh.path)]).toEqual([false, true]);
  });

  it('leaves nothing behind when the upload breaks off while it arrives', async () => {
    const files = new LocalImportFiles(join(directory, 'outra'));
    const broken = new Readable({
      read() {
        this.push(Buffer.from('CNPJ;Nome\r\n'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(files.stage(broken)).rejects.toThrow('connection reset');
    // A sweep taking every file, however new, finds none.
    expect(await files.sweepStaging(-1)).toBe(0);
  });
});
