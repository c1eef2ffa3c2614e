import { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config/app-config.js';

/** The client of the object store (S3_*), the same for every kind of file the app keeps there. */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint ?? undefined,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: 3,
  });
}
