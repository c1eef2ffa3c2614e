import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { S3Config } from '../config/app-config.js';
import { s3Client } from '../common/s3-client.js';
import { LogoStorage, STORED_LOGO_NAME, type OpenedLogo } from './logo-storage.js';

/** Where the logos go inside the bucket. */
const KEY_PREFIX = 'logos/';

/**
 * Uploaded logos in S3-compatible object storage (AWS S3, MinIO…), so every instance of the app serves what
 * any of them received. Objects are private: the app reads them and serves them under /images/fabricantes
 * with the same headers as local files, so the bucket needs no public policy and no other host is exposed.
 */
export class S3LogoStorage extends LogoStorage implements OnApplicationShutdown {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    super();
    this.client = s3Client(config);
  }

  async save(fileName: string, content: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: this.key(fileName),
        Body: content,
        ContentType: contentType,
        ContentLength: content.length,
        // The name is new for every upload: an existing object is never overwritten.
        IfNoneMatch: '*',
      }),
    );
  }

  async remove(fileName: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(fileName) })).catch(() => undefined);
  }

  localDirectory(): null {
    return null;
  }

  async open(fileName: string, ifNoneMatch?: string): Promise<OpenedLogo> {
    if (!STORED_LOGO_NAME.test(fileName)) return { kind: 'missing' };
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(fileName), IfNoneMatch: ifNoneMatch?.slice(0, 200) || undefined }),
      );
      return {
        kind: 'file',
        file: {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          contentLength: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        },
      };
    } catch (error) {
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === 304) return { kind: 'not-modified', etag: ifNoneMatch };
      if (status === 404 || (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound'))) return { kind: 'missing' };
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.client.destroy();
  }

  private key(fileName: string): string {
    if (!STORED_LOGO_NAME.test(fileName)) throw new Error(`Refusing to store ${fileName}`);
    return `${KEY_PREFIX}${fileName}`;
  }
}
