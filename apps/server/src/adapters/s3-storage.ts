import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../config.js';
import type { Storage } from './storage.js';
import { StorageNotFoundError } from './storage-errors.js';

/** The `S3_*` settings (see `config.ts`). */
export type S3Config = NonNullable<Config['s3']>;

/** How long one object request may take before it fails (ms). */
const REQUEST_TIMEOUT_MS = 30_000;

/** A failed object-storage request, with the service's error code (`AccessDenied`, `NoSuchBucket`...). */
export class S3Error extends Error {
  constructor(
    readonly operation: 'PutObject' | 'DeleteObject' | 'GetObject',
    readonly status: number,
    readonly code: string | null,
  ) {
    super(`S3 ${operation} failed: ${status}${code ? ` ${code}` : ''}`);
    this.name = 'S3Error';
  }
}

/** Percent-encodes each path segment of a key (keys are ours: `folder/<uuid>.webp`). */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/**
 * {@link Storage} on S3-compatible object storage (docs/performance.md;
 * docs/product/README.md#external-services-are-adapters), so that every instance behind a load balancer reads
 * and writes the same media. Requests are the documented REST calls PutObject (`PUT /<key>`) and DeleteObject
 * (`DELETE /<key>`), signed with AWS Signature Version 4 (`aws4fetch`), the payload's SHA-256 included in the
 * signature. With `endpoint` (MinIO, Cloudflare R2, Ceph...) the bucket is addressed path-style
 * (`<endpoint>/<bucket>/<key>`); without, AWS virtual-hosted style
 * (`https://<bucket>.s3.<region>.amazonaws.com/<key>`). Objects are stored with a year-long immutable
 * `Cache-Control`, like local media, since a key is never reused for other bytes.
 */
export function createS3Storage(config: S3Config, options: { cacheControl?: string } = {}): Storage {
  const cacheControl = options.cacheControl ?? 'public, max-age=31536000, immutable';
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    // 5xx and 429 answers are retried with jittered exponential back-off (50 ms, 100 ms).
    retries: 2,
  });
  const base = config.endpoint
    ? `${config.endpoint}/${encodeURIComponent(config.bucket)}`
    : `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
  const publicBase = config.publicUrl ?? base;

  async function send(operation: S3Error['operation'], key: string, init: RequestInit): Promise<Response> {
    const res = await client.fetch(`${base}/${encodeKey(key)}`, {
      ...init,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // DeleteObject answers 204 for a key that does not exist too; a 404 is a missing bucket.
    if (res.ok) return res;
    const body = await res.text().catch(() => '');
    const code = /<Code>([^<]+)<\/Code>/.exec(body)?.[1] ?? null;
    // A missing key is an answer of its own; a missing bucket (also 404) stays an S3Error.
    if (operation === 'GetObject' && code === 'NoSuchKey') throw new StorageNotFoundError(key);
    throw new S3Error(operation, res.status, code);
  }

  return {
    async put(key, bytes, contentType) {
      await send('PutObject', key, {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': contentType,
          'cache-control': cacheControl,
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
    },
    async remove(key) {
      await send('DeleteObject', key, { method: 'DELETE' });
    },
    async open(key) {
      // GetObject: the body is streamed on, never held whole in memory. The time-out bounds the whole
      // transfer, which the export's job retries.
      const res = await send('GetObject', key, { method: 'GET' });
      if (!res.body) return Readable.from([]);
      return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
    },
    publicUrl: (key) => `${publicBase}/${encodeKey(key)}`,
  };
}
