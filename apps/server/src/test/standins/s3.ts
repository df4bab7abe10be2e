/**
 * A local stand-in for S3-compatible object storage: path-style PutObject, GetObject and DeleteObject
 * (`/<bucket>/<key>`) as the S3 REST API documents them, each request's AWS Signature Version 4 verified
 * from scratch with node:crypto (canonical request, string to sign, derived key), including the payload's
 * `x-amz-content-sha256`. Errors answer S3's XML shape (`<Error><Code>...`).
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** One stored object. */
export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

/** A running S3 stand-in. */
export interface S3Standin {
  /** The endpoint, e.g. `http://127.0.0.1:41234` (the bucket goes in the path). */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Objects by key. */
  objects: Map<string, StoredObject>;
  /** `METHOD /path -> status` of every request, oldest first. */
  log: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (encodeURIComponent leaves `!'()*` alone). */
const uriEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function xmlError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/** Checks the Authorization header of a request against its method, path, headers and body. */
function verifySignature(
  req: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const auth = req.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'AccessDenied';
  const [, keyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (keyId !== keys.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== keys.region) return 'AuthorizationHeaderMalformed';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) return 'AccessDenied';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
  const url = new URL(req.url ?? '/', 'http://standin');
  const canonicalPath = url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
  const canonicalQuery = [...url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
  const canonicalHeaders = names
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [
    req.method,
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, date!), region!), 's3'),
    'aws4_request',
  );
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  return expected === signature ? null : 'SignatureDoesNotMatch';
}

/** Starts the stand-in on 127.0.0.1 and a free port, with one bucket. */
export async function startS3Standin(
  opts: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<S3Standin> {
  const keys = {
    accessKeyId: opts.accessKeyId ?? 'AKIASTANDIN000000001',
    secretAccessKey: opts.secretAccessKey ?? 'standin/secret/key+0123456789abcdefghijk',
    region: opts.region ?? 'eu-central-1',
  };
  const bucket = opts.bucket ?? 'josie-media';
  const objects = new Map<string, StoredObject>();
  const log: string[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://standin').pathname;
      res.on('finish', () => log.push(`${req.method} ${path} -> ${res.statusCode}`));
      const [, bucketName, ...rest] = path.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      if (bucketName !== bucket)
        return xmlError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      const refused = verifySignature(req, body, keys);
      if (refused) return xmlError(res, 403, refused, 'The request signature is not valid');
      if (req.method === 'PUT' && key) {
        objects.set(key, {
          bytes: body,
          contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: req.headers['cache-control'],
        });
        res.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'GET' && key) {
        const object = objects.get(key);
        if (!object) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, { 'content-type': object.contentType });
        return res.end(object.bytes);
      }
      if (req.method === 'DELETE' && key) {
        // DeleteObject answers 204 whether or not the key existed.
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      xmlError(res, 405, 'MethodNotAllowed', 'The specified method is not allowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    ...keys,
    objects,
    log,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
