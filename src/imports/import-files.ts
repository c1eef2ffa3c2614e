import { createReadStream } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { OnApplicationShutdown } from '@nestjs/common';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../common/s3-client.js';
import type { S3Config } from '../config/app-config.js';

/** A stored upload's key: generated, never from the user. */
export const IMPORT_FILE_KEY = /^[a-f0-9-]{36}$/;

/**
 * Where uploaded spreadsheets wait for their import: the uploads folder (one instance) or the object store the
 * logos use (several instances: any one of them may run the import). Read as a stream, from the start or only
 * its first bytes (to tell its format).
 */
export abstract class ImportFiles {
  abstract save(key: string, content: Buffer): Promise<void>;
  abstract read(key: string): Promise<Readable>;
  abstract head(key: string, bytes: number): Promise<Buffer>;
  abstract remove(key: string): Promise<void>;

  protected checked(key: string): string {
    if (!IMPORT_FILE_KEY.test(key)) throw new Error(`Refusing the import file key ${key}`);
    return key;
  }
}

export class LocalImportFiles extends ImportFiles {
  constructor(private readonly directory: string) {
    super();
  }

  private path(key: string): string {
    return join(this.directory, `${this.checked(key)}.upload`);
  }

  async save(key: string, content: Buffer): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await writeFile(this.path(key), content, { flag: 'wx' });
  }

  async read(key: string): Promise<Readable> {
    return createReadStream(this.path(key), { highWaterMark: 256 * 1024 });
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const file = await open(this.path(key), 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await file.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

export class S3ImportFiles extends ImportFiles implements OnApplicationShutdown {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    super();
    this.client = s3Client(config);
  }

  private key(key: string): string {
    return `imports/${this.checked(key)}`;
  }

  async save(key: string, content: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Body: content, ContentLength: content.length, IfNoneMatch: '*' }),
    );
  }

  async read(key: string): Promise<Readable> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
    return object.Body as Readable;
  }

  async head(key: string, bytes: number): Promise<Buffer> {
    const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Range: `bytes=0-${bytes - 1}` }));
    const parts: Buffer[] = [];
    for await (const part of object.Body as Readable) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) })).catch(() => undefined);
  }
}
