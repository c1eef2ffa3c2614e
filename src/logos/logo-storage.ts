import { mkdirSync } from 'node:fs';
import { unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** A stored logo read back for serving. */
export interface StoredLogo {
  body: Readable;
  contentType: string;
  contentLength: number | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** What opening a stored logo found: the file, a conditional request's "not modified", or nothing. */
export type OpenedLogo = { kind: 'file'; file: StoredLogo } | { kind: 'not-modified'; etag: string | undefined } | { kind: 'missing' };

/** The names the server gives uploads (a UUID and the format's extension): nothing else is stored or read. */
export const STORED_LOGO_NAME = /^[a-z0-9-]{1,64}\.(png|jpg|gif|webp|svg)$/;

/**
 * Where uploaded logos live: a local folder by default (one instance), or S3-compatible object storage
 * shared by every instance (S3_ENDPOINT, S3_BUCKET…).
 */
export abstract class LogoStorage {
  /** Stores a file under a name the server generated (never one a client chose). */
  abstract save(fileName: string, content: Buffer, contentType: string): Promise<void>;
  abstract remove(fileName: string): Promise<void>;
  /** The folder served under /images/fabricantes, when the files are local; null for a remote store. */
  abstract localDirectory(): string | null;
  /** Reads a stored file for serving (remote stores; the local folder is served as static files). */
  abstract open(fileName: string, ifNoneMatch?: string): Promise<OpenedLogo>;
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

  /** The folder is served by the static files' middleware; this answers for completeness. */
  async open(): Promise<OpenedLogo> {
    return { kind: 'missing' };
  }

  private path(fileName: string): string {
    if (!STORED_LOGO_NAME.test(fileName)) throw new Error(`Refusing to store ${fileName}`);
    return join(this.directory, fileName);
  }
}
