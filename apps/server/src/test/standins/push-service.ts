/**
 * A Web Push service stand-in (RFC 8030) over HTTPS on loopback (certificate in `tls/`), for the
 * notification tests. It accepts `POST /push/{id}` only with what a real push service requires: a valid
 * VAPID `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292: ES256, `aud` the endpoint's origin, `exp`
 * within 24 hours), `Content-Encoding: aes128gcm` and a `TTL` header; it answers 201 with a `Location`.
 *
 * It also plays the browser: {@link PushServiceStandin.subscribe} makes a subscription with its own P-256
 * key pair and auth secret (node:crypto), and each received message is decrypted with them (RFC 8291,
 * through `http_ece`), so a test reads what the service worker would show. An expired subscription answers
 * 410, and `failNext` injects any other error answer.
 *
 * Loopback is refused for push endpoints by design: point the server at this stand-in with
 * `PUSH_ALLOWED_ADDRESSES=127.0.0.1` and `PUSH_CA_FILE=STANDIN_CA_FILE`.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import { STANDIN_CA_FILE } from './images-host.js';
import { createStandinApp, type InjectedFailure, listen } from './standin.js';

export { STANDIN_CA_FILE };

const KEY = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'tls', 'key.pem'));

/** A subscription of the simulated browser, with the private key to read its messages. */
export interface StandinSubscription {
  id: string;
  /** `PushSubscription.toJSON()`, as the browser posts it to `POST /api/users/me/push-subscriptions`. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** Decrypts an aes128gcm message body sent to this subscription. */
  decrypt(body: Buffer): string;
}

/** A message the stand-in accepted. */
export interface PushMessage {
  subscriptionId: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The plaintext, decrypted with the subscription's keys. */
  text: string;
}

/** The running stand-in. */
export interface PushServiceStandin {
  url: string;
  /** Every request received (accepted or not), oldest first. */
  requests: { subscriptionId: string; status: number }[];
  /** Messages accepted, oldest first. */
  messages: PushMessage[];
  subscribe(): StandinSubscription;
  /** The subscription ends: every later message to it answers 410 Gone. */
  expire(subscriptionId: string): void;
  /** The next request(s) to this subscription answer `failure` instead. */
  failNext(subscriptionId: string, failure: InjectedFailure): void;
  /** The first accepted message (already received, or arriving within `timeoutMs`) for which `match` holds. */
  waitFor(match: (message: PushMessage) => boolean, timeoutMs?: number): Promise<PushMessage>;
  close(): Promise<void>;
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/** Verifies a VAPID header (RFC 8292 §3) for a request to `origin`; answers the problem, or null. */
async function vapidProblem(header: string | undefined, origin: string): Promise<string | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'missing or malformed vapid authorization';
  const [, token, k] = match;
  const raw = Buffer.from(k!, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 public key';
  try {
    const key = await importJWK(
      { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
      'ES256',
    );
    const { payload } = await jwtVerify(token!, key, { audience: origin, algorithms: ['ES256'] });
    if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) {
      return 'exp must be within 24 hours';
    }
    if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return 'bad sub';
  } catch (err) {
    return `invalid vapid token: ${(err as Error).message}`;
  }
  return null;
}

/** Starts the push service stand-in. */
export async function startPushServiceStandin(): Promise<PushServiceStandin> {
  const { app } = createStandinApp({ https: { key: KEY, cert: readFileSync(STANDIN_CA_FILE) } });
  const subscriptions = new Map<string, StandinSubscription>();
  const expired = new Set<string>();
  const failures = new Map<string, InjectedFailure & { left: number }>();
  const requests: PushServiceStandin['requests'] = [];
  const messages: PushMessage[] = [];
  const waiters = new Set<() => void>();

  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );

  app.post('/push/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const answer = (status: number, body?: unknown) => {
      requests.push({ subscriptionId: id, status });
      return reply.status(status).send(body);
    };
    const subscription = subscriptions.get(id);
    if (!subscription || expired.has(id)) return answer(410, { error: 'subscription gone' });
    const failure = failures.get(id);
    if (failure) {
      failure.left -= 1;
      if (failure.left <= 0) failures.delete(id);
      reply.headers(failure.headers ?? {});
      return answer(failure.status, failure.body ?? '');
    }
    const origin = new URL(url).origin;
    const problem = await vapidProblem(request.headers.authorization, origin);
    if (problem) return answer(401, { error: problem });
    if (request.headers['content-encoding'] !== 'aes128gcm') {
      return answer(415, { error: 'content-encoding must be aes128gcm' });
    }
    if (!/^\d+$/.test(String(request.headers.ttl ?? '')))
      return answer(400, { error: 'TTL header required' });
    const body = request.body as Buffer;
    if (!Buffer.isBuffer(body) || body.length > 4096) return answer(413, { error: 'payload too large' });
    const message: PushMessage = {
      subscriptionId: id,
      headers: { ...request.headers },
      body,
      text: subscription.decrypt(body),
    };
    reply.header('location', `${url}/message/${randomUUID()}`);
    const sent = answer(201);
    messages.push(message);
    for (const wake of waiters) wake();
    return sent;
  });

  const url = await listen(app, 'https');

  return {
    url,
    requests,
    messages,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const subscription: StandinSubscription = {
        id,
        json: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
        },
        decrypt: (body) =>
          ece
            .decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: b64url(auth) })
            .toString('utf8'),
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    expire(subscriptionId) {
      expired.add(subscriptionId);
    },
    failNext(subscriptionId, failure) {
      failures.set(subscriptionId, { ...failure, left: failure.times ?? 1 });
    },
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching push message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => app.close(),
  };
}
