import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { OnApplicationShutdown } from '@nestjs/common';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { s3Client } from '../common/s3-client.js';
import { pipeToFile } from '../common/write-file-stream.js';
import type { S3Config } from '../config/app-config.js';
import { fileRanges, type RangeSource } from './xlsx-in-order.js';

/** A stored upload's key: generated, never from the user. */
export const IMPORT_FILE_KEY = /^[a-f0-9-]{36}$/;

/** A file's first bytes (fewer when it is shorter). */
export async function fileHead(path: string, bytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await file.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** An upload written to disk as it arrived, not yet analysed. */
export interface StagedUpload {
  path: string;
  size: number;
}

/**
 * Where uploaded spreadsheets wait for their import: the uploads folder (one instance) or the object store the
 * logos use (several instances: any one of them may run the import). An upload is first written to a staging
 * folder as it arrives (never held in memory), analysed there, then kept under its key or dropped. Read as a
 * stream, from the start or only its first bytes (to tell its format).
 */
export abstract class ImportFiles {
  /** Where uploads are written as they arrive. */
  protected abstract readonly stagingDir: string;
  /** Keeps a staged upload under `key`: the staged file is gone afterwards. */
  abstract keep(key: string, staged: StagedUpload): Promise<void>;
  abstract read(key: string): Promise<Readable>;
  /** The kept file read by byte ranges (an XLSX is read from its central directory). */
  abstract ranges(key: string): RangeSource;
  abstract head(key: string, bytes: number): Promise<Buffer>;
  abstract remove(key: string): Promise<void>;

  protected checked(key: string): string {
    if (!IMPORT_FILE_KEY.test(key)) throw new Error(`Refusing the import file key ${key}`);
    return key;
  }

  /** Writes an arriving upload to the staging folder; a stream that breaks off leaves nothing behind. */
  async stage(source: Readable): Promise<StagedUpload> {
    await mkdir(this.stagingDir, { recursive: true });
    const path = join(this.stagingDir, `${randomUUID()}.part`);
    let size = 0;
    source.on('data', (chunk: Buffer) => (size += chunk.length));
    try {
      await pipeToFile(path, source, { flags: 'wx' });
    } catch (error) {
      await this.discard({ path, size });
      throw error;
    }
    return { path, size };
  }

  /** Removes staged uploads older than `ageMs` (left by a crash while they arrived); how many went. */
  async sweepStaging(ageMs: number): Promise<number> {
    const names = await readdir(this.stagingDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const path = join(this.stagingDir, name);
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > ageMs) {
        await rm(path, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Drops a staged upload (nothing when it was kept). */
  async discard(staged: StagedUpload): Promise<void> {
    await rm(staged.path, { force: true });
  }
}

export class LocalImportFiles extends ImportFiles {
  protected readonly stagingDir: string;

  constructor(private readonly directory: string) {
    super();
    // Beside the kept files, so keeping one is a rename.
    this.stagingDir = join(directory, 'recebendo');
  }

  private path(key: string): string {
    return join(this.directory, `${this.checked(key)}.upload`);
  }

  async keep(key: string, staged: StagedUpload): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    await rename(staged.path, this.path(key));
  }

  async read(key: string): Promise<Readable> {
    return createReadStream(this.path(key), { highWaterMark: 256 * 1024 });
  }

  head(key: string, bytes: number): Promise<Buffer> {
    return fileHead(this.path(key), bytes);
  }

  ranges(key: string): RangeSource {
    return fileRanges(this.path(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

export class S3ImportFiles extends ImportFiles implements OnApplicationShutdown {
  private readonly client: S3Client;
  protected readonly stagingDir = join(tmpdir(), 'agromaq-importacoes');

  constructor(private readonly config: S3Config) {
    super();
    this.client = s3Client(config);
  }

  private key(key: string): string {
    return `imports/${this.checked(key)}`;
  }

  async keep(key: string, staged: StagedUpload): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.config.bucket,
          Key: this.key(key),
          Body: createReadStream(staged.path),
          ContentLength: staged.size,
          IfNoneMatch: '*',
        }),
      );
    } finally {
      await this.discard(staged);
    }
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

  ranges(key: string): RangeSource {
    const object = { Bucket: this.config.bucket, Key: this.key(key) };
    return {
      size: async () => (await this.client.send(new HeadObjectCommand(object))).ContentLength ?? 0,
      stream: (offset, length) => {
        // A stream at once, its bytes when the ranged GET answers.
        const range = `bytes=${offset}-${length === undefined ? '' : offset + length - 1}`;
        return Readable.from(
          (async function* (client: S3Client) {
            const answer = await client.send(new GetObjectCommand({ ...object, Range: range }));
            yield* answer.Body as Readable;
          })(this.client),
        );
      },
    };
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) })).catch(() => undefined);
  }
}
