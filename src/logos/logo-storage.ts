import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where uploaded logos live. The local folder is the default; a deployment with several instances can
 * bind another implementation (an object store) to this token.
 */
export abstract class LogoStorage {
  /** Stores a file under a name the server generated (never one a client chose). */
  abstract save(fileName: string, content: Buffer, contentType: string): Promise<void>;
  abstract remove(fileName: string): Promise<void>;
  /** The folder served under /images/fabricantes, when the files are local; null for a remote store. */
  abstract localDirectory(): string | null;
}

export class LocalLogoStorage extends LogoStorage {
  private readonly directory: string;

  constructor(uploadsDir: string) {
    super();
    this.directory = resolve(uploadsDir, 'logos');
    mkdirSync(this.directory, { recursive: true });
  }

  async save(fileName: string, content: Buffer): Promise<void> {
    await writeFile(this.path(fileName), content, { flag: 'wx' });
  }

  async remove(fileName: string): Promise<void> {
    await unlink(this.path(fileName)).catch(() => undefined);
  }

  localDirectory(): string {
    return this.directory;
  }

  private path(fileName: string): string {
    if (!/^[a-z0-9-]+\.(png|jpg|gif|webp|svg)$/.test(fileName)) throw new Error(`Refusing to store ${fileName}`);
    return join(this.directory, fileName);
  }
}
