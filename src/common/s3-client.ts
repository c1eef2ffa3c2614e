import { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config/app-config.js';

/**
 * The client of the object store (S3_*), the same for every kind of file the app keeps there. Checksums only
 * where the operation requires them: by default the SDK sends a streamed body as aws-chunked with a checksum
 * trailer, which S3-compatible stores that do not know that encoding keep as part of the file (an import's
 * upload, streamed from disk, came back with the chunk framing inside).
 */
export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    endpoint: config.endpoint ?? undefined,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: 3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
