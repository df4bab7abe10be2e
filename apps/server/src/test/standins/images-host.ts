/**
 * An HTTPS image host on loopback (certificate in `tls/`), for image import from a URL
 * (`POST /api/images/upload-url`): real images, redirects, an oversized body with and without a declared
 * length, a non-image, a server that never answers, and any status. Loopback is refused by the SSRF guard
 * by design, so tests reach this host only through an explicit allow-list (`allowAddress` or
 * `IMAGE_FETCH_ALLOWED_ADDRESSES`) and trust its certificate (`extraCa` or `IMAGE_FETCH_CA_FILE`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Standin } from './standin.js';
import { createStandinApp, listen } from './standin.js';

const tlsDir = join(dirname(fileURLToPath(import.meta.url)), 'tls');
/** The stand-in's certificate file (PEM), to trust in tests. */
export const STANDIN_CA_FILE = join(tlsDir, 'cert.pem');
/** The stand-in's certificate (PEM). */
export const STANDIN_CA = readFileSync(STANDIN_CA_FILE);
const KEY = readFileSync(join(tlsDir, 'key.pem'));

/** Bytes over the 5 MB import limit. */
const OVERSIZE = 5 * 1024 * 1024 + 1024;

/** Starts the image host. */
export async function startImagesHost() {
  const { app, requests, failNext, reset } = createStandinApp({ https: { key: KEY, cert: STANDIN_CA } });
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#87a9ff' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#ff3d8e' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'StandinCam' } })
    .toBuffer();
  const hanging = new Set<() => void>();

  app.get('/photo.png', async (_req, reply) => reply.type('image/png').send(photo));
  app.get('/photo.jpg', async (_req, reply) => reply.type('image/jpeg').send(jpeg));
  // Served with a misleading type: the import must look at the bytes, not the header.
  app.get('/photo-as-text', async (_req, reply) => reply.type('text/plain').send(photo));
  app.get('/text.txt', async (_req, reply) => reply.type('text/plain').send('just words, no pixels'));
  app.get('/big.png', async (_req, reply) => reply.type('image/png').send(Buffer.alloc(OVERSIZE, 1)));
  app.get('/big-stream', async (_req, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'image/png' });
    const chunk = Buffer.alloc(64 * 1024, 2);
    let sent = 0;
    const pump = () => {
      while (sent < OVERSIZE * 2) {
        sent += chunk.length;
        if (!reply.raw.write(chunk)) return void reply.raw.once('drain', pump);
      }
      reply.raw.end();
    };
    reply.raw.on('error', () => {});
    pump();
    return reply;
  });
  app.get('/redirect/:n', async (request, reply) => {
    const n = Number((request.params as { n: string }).n);
    return reply.redirect(n <= 1 ? '/photo.png' : `/redirect/${n - 1}`, 302);
  });
  app.get('/redirect-to', async (request, reply) =>
    reply.redirect((request.query as { url?: string }).url ?? '/photo.png', 302),
  );
  app.get('/status/:code', async (request, reply) =>
    reply.status(Number((request.params as { code: string }).code)).send('status'),
  );
  // Never answers; released when the host closes.
  app.get('/slow', (_req, reply) => {
    const release = () => {
      if (!reply.sent) reply.status(503).send('gave up');
    };
    hanging.add(release);
    reply.raw.on('close', () => hanging.delete(release));
  });

  const url = await listen(app, 'https');
  return {
    url,
    requests,
    failNext,
    reset,
    /** The PNG served at `/photo.png` (640 x 480). */
    photo,
    close: async () => {
      for (const release of hanging) release();
      await app.close();
    },
  } satisfies Standin & Record<string, unknown>;
}
export type ImagesHost = Awaited<ReturnType<typeof startImagesHost>>;
