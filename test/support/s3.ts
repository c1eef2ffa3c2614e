import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import { useAdminApp } from './admin-session.js';

export interface TestS3 {
  /** The app's variables for this store (S3_ENDPOINT, S3_BUCKET, S3_REGION, credentials). */
  env: Record<string, string>;
  /** The keys under a prefix, read straight from the store. */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes, read straight from the store. */
  read(key: string): Promise<Buffer>;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free loopback port, with its files in a temporary folder. */
export async function startTestS3(bucket = 'agromaq-logos'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'agromaq-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  const env = {
    S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's own account.
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
  });
  return {
    env,
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!);
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A gestor's test app whose uploads go to an S3-compatible server started for the test file (S3_BUCKET and
 * its endpoint set), with the store to read straight from.
 */
export function useAdminAppWithS3(): { readonly app: ReturnType<typeof useAdminApp>; readonly s3: TestS3 } {
  let s3: TestS3 | undefined;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  const app = useAdminApp('gestor', () => s3!.env);
  afterAll(async () => {
    await s3?.close();
  });
  return {
    app,
    get s3() {
      return s3!;
    },
  };
}
