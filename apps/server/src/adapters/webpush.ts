import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import webpush from 'web-push';
import { type Config, resolveVapidKeys, type VapidKeys } from '../config.js';
import { addressInRanges, isPublicAddress, parseAddressRanges } from '../lib/ssrf.js';

/** Where and how to encrypt for one browser: a stored `PushSubscription`. */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's authentication secret, base64url. */
  auth: string;
}

/** Delivery options of one message (RFC 8030 §5). */
export interface PushOptions {
  /** How long the push service keeps an undelivered message, in seconds. */
  ttlSeconds: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** A newer message with the same topic replaces an undelivered older one (at most 32 base64url chars). */
  topic?: string;
}

/**
 * What became of one message: accepted by the push service; `gone` when the subscription no longer exists
 * there (404/410: forget it); `rejected` when the service refused it for a reason retrying will not fix
 * (another 4xx) or the endpoint is not allowed.
 */
export type PushOutcome =
  | { status: 'delivered' }
  | { status: 'gone'; statusCode: number }
  | { status: 'rejected'; statusCode: number | null; detail: string };

/** Sends Web Push messages (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292). */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  readonly publicKey: string;
  /**
   * Encrypts `payload` for `target` and hands it to its push service.
   * @throws Error for a failure worth retrying: the network, a time-out, 429 or a 5xx answer.
   */
  send(target: PushTarget, payload: string, options: PushOptions): Promise<PushOutcome>;
}

/** Options of {@link createPushSender}. */
export interface PushSenderOptions {
  vapid: VapidKeys;
  /** `mailto:` or `https:` contact of this sender (RFC 8292 §2.1). */
  subject: string;
  /**
   * Addresses allowed although they are not public (a test's loopback stand-in). Every other address an
   * endpoint resolves to must be public: a subscription is user input, and this server must not be made to
   * post to its own network.
   */
  allowAddress?: (address: string) => boolean;
  /** Certificate authorities trusted besides the system's (a test stand-in's own certificate). */
  extraCa?: string | Buffer;
  /** Deadline of one request, in milliseconds. */
  timeoutMs?: number;
}

/** An endpoint that points where this server must not post. */
class BlockedEndpointError extends Error {
  override name = 'BlockedEndpointError';
}

/**
 * The Web Push sender over the `web-push` library. Its https agent resolves each endpoint's host itself
 * and refuses private and local addresses (unless allowed), so the check and the connection use the same
 * addresses; IP-literal hosts are checked before sending.
 */
export function createPushSender(opts: PushSenderOptions): PushSender {
  const allowed = (address: string) => opts.allowAddress?.(address) === true || isPublicAddress(address);

  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, verbatim: true, family: options.family ?? 0 }, (err, addresses) => {
      const reply = callback as (
        err: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void;
      if (err) return reply(err, '', 0);
      const list = addresses as LookupAddress[];
      if (list.length === 0 || !list.every((a) => allowed(a.address))) {
        return reply(new BlockedEndpointError(`${hostname} resolves to a private or local address`), '', 0);
      }
      if (options.all) return reply(null, list);
      return reply(null, list[0]!.address, list[0]!.family);
    });
  };

  const agent = new Agent({
    keepAlive: true,
    maxSockets: 32,
    lookup: guardedLookup,
    ...(opts.extraCa ? { ca: [...rootCertificates, opts.extraCa.toString()] } : {}),
  });

  return {
    publicKey: opts.vapid.publicKey,
    async send(target, payload, options) {
      let host: string;
      try {
        host = new URL(target.endpoint).hostname.replace(/^\[|\]$/g, '');
      } catch {
        return { status: 'rejected', statusCode: null, detail: 'invalid endpoint URL' };
      }
      if (isIP(host) && !allowed(host)) {
        return { status: 'rejected', statusCode: null, detail: 'endpoint address is not public' };
      }
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject: opts.subject, ...opts.vapid },
            TTL: options.ttlSeconds,
            urgency: options.urgency ?? 'normal',
            ...(options.topic ? { topic: options.topic } : {}),
            contentEncoding: 'aes128gcm',
            timeout: opts.timeoutMs ?? 15_000,
            agent,
          },
        );
        return { status: 'delivered' };
      } catch (error) {
        if (error instanceof BlockedEndpointError) {
          return { status: 'rejected', statusCode: null, detail: error.message };
        }
        if (error instanceof webpush.WebPushError) {
          const code = error.statusCode;
          if (code === 404 || code === 410) return { status: 'gone', statusCode: code };
          if (code >= 400 && code < 500 && code !== 408 && code !== 429) {
            return { status: 'rejected', statusCode: code, detail: String(error.body ?? '').slice(0, 500) };
          }
          throw new Error(`push service answered ${code}`);
        }
        throw error;
      }
    },
  };
}

/** A new VAPID key pair (base64url), for {@link resolveVapidKeys}. */
export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/**
 * The push sender of this configuration (docs/product/README.md#external-services-are-adapters): VAPID keys
 * from the environment or, in embedded mode, generated once into `DATA_DIR`; `PUSH_ALLOWED_ADDRESSES` and
 * `PUSH_CA_FILE` admit a local push service (tests). Null when no keys are available: web push is then off
 * and says so.
 */
export function createPushSenderFromConfig(config: Config): PushSender | null {
  const vapid = resolveVapidKeys(config, generateVapidKeys);
  if (!vapid) return null;
  const { allowedAddresses, caFile, subject } = config.push;
  return createPushSender({
    vapid,
    subject,
    ...(allowedAddresses ? { allowAddress: addressInRanges(parseAddressRanges(allowedAddresses)) } : {}),
    ...(caFile ? { extraCa: readFileSync(caFile) } : {}),
  });
}
