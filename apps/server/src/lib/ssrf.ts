/**
 * Fetching a URL a user typed without letting it reach our own network (server-side request forgery).
 * Used by `POST /api/images/upload-url` (docs/product/rules-and-limits.md#image-links) and for images an AI
 * endpoint answers by link. The rules: https only; a host name of at least two labels (or an IP literal);
 * every address the name resolves to must be public; the connection goes to exactly the addresses that were
 * checked (the lookup is pinned, so a second DNS answer cannot swap in another); redirects are followed by
 * hand and each target is checked the same way; one deadline for the whole fetch; a byte cap while streaming.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates } from 'node:tls';
import ipaddr from 'ipaddr.js';

/** Why a URL was refused before anything was sent. docs/product/rules-and-limits.md#image-links rules 1-5, in that order. */
export type UrlRefusal = 'empty' | 'invalid_url' | 'not_https' | 'invalid_domain' | 'no_file_path';
/** Why a fetch failed once it started. */
export type FetchFailure =
  | 'blocked_address'
  | 'dns_failed'
  | 'connection_failed'
  | 'http_status'
  | 'too_many_redirects'
  | 'timeout'
  | 'too_large';

/** A refused URL or a failed fetch; `reason` says which rule or step. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: UrlRefusal | FetchFailure,
    message: string,
    /** The HTTP status, for `http_status`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

type Ip = ipaddr.IPv4 | ipaddr.IPv6;

const NAT64_PREFIX = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/**
 * Whether an IP address is a public unicast address. Loopback, private (10/8, 172.16/12, 192.168/16),
 * carrier-grade NAT, link-local (169.254/16, fe80::/10), unique-local (fc00::/7), multicast, unspecified,
 * broadcast, documentation, benchmarking and other reserved ranges are not. IPv4-mapped IPv6 addresses
 * (`::ffff:127.0.0.1`) and NAT64 addresses (`64:ff9b::/96`) are judged by the IPv4 address they carry.
 * A string that is not an IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  let ip: Ip;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
    if (v6.match(NAT64_PREFIX)) {
      const bytes = v6.toByteArray().slice(12);
      return (ipaddr.fromByteArray(bytes) as ipaddr.IPv4).range() === 'unicast';
    }
  }
  return ip.range() === 'unicast';
}

/**
 * Parses a comma-separated list of IP addresses and CIDR ranges (`10.1.2.3, 192.168.0.0/16, fd00::/8`).
 * @throws Error naming the first entry that is neither.
 */
export function parseAddressRanges(text: string): Array<[Ip, number]> {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        if (entry.includes('/')) return ipaddr.parseCIDR(entry);
        const ip = ipaddr.parse(entry);
        return [ip, ip.kind() === 'ipv4' ? 32 : 128] as [Ip, number];
      } catch {
        throw new Error(`Not an IP address or CIDR range: ${entry}`);
      }
    });
}

/** A predicate true for addresses inside one of `ranges` (IPv4-mapped IPv6 addresses count as IPv4). */
export function addressInRanges(ranges: Array<[Ip, number]>): (address: string) => boolean {
  return (address) => {
    let ip: Ip;
    try {
      ip = ipaddr.process(address);
    } catch {
      return false;
    }
    return ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
  };
}

/**
 * Checks the shape of an image URL with the spec's rules and messages, in order
 * (docs/product/rules-and-limits.md#image-links 1-5): non-empty, a URL, https, a host of at least two labels
 * (IP literals are judged by address later), and, when `requireFilePath`, a path other than `/`.
 *
 * @throws SafeFetchError with the rule's reason and message.
 */
export function checkUrlShape(raw: string, opts: { requireFilePath: boolean }): URL {
  const text = raw.trim();
  if (!text) throw new SafeFetchError('empty', 'Please enter an image URL');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SafeFetchError('invalid_url', 'Please enter a valid URL');
  }
  if (url.protocol !== 'https:') throw new SafeFetchError('not_https', 'URL must begin with https://');
  if (url.username || url.password) throw new SafeFetchError('invalid_url', 'Please enter a valid URL');
  const host = bareHost(url);
  if (!isIP(host)) {
    const labels = host.replace(/\.$/, '').split('.');
    if (labels.length < 2 || labels.some((l) => l === '')) {
      throw new SafeFetchError('invalid_domain', 'URL must contain a valid domain');
    }
  }
  if (opts.requireFilePath && (url.pathname === '/' || url.pathname === '')) {
    throw new SafeFetchError('no_file_path', 'URL must point to a specific file');
  }
  return url;
}

/** The URL's host without IPv6 brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Options of {@link createSafeFetcher}. */
export interface SafeFetcherOptions {
  /** The deadline of the whole fetch, redirects and body included (docs/product/rules-and-limits.md#constants: 10 s). */
  timeoutMs?: number;
  /** The largest body accepted, in bytes (docs/product/rules-and-limits.md#constants: 5 MB). */
  maxBytes?: number;
  /** Redirects followed before giving up. */
  maxRedirects?: number;
  /** Resolves a host name to its addresses; defaults to the system resolver (`dns.lookup`, all addresses). */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * Addresses allowed although they are not public: an operator's allow-list of intranet hosts, or a test's
   * loopback stand-in. Every other address must pass {@link isPublicAddress}.
   */
  allowAddress?: (address: string) => boolean;
  /** Certificate authorities trusted besides the system's (a private CA, or a test's own certificate). */
  extraCa?: string | Buffer;
  /** The `user-agent` request header. */
  userAgent?: string;
  /** The `accept` request header. */
  accept?: string;
}

/** What a successful fetch answers. */
export interface SafeFetchResult {
  bytes: Buffer;
  contentType: string | null;
  /** The URL the body came from, after redirects. */
  url: string;
}

async function systemResolve(hostname: string): Promise<string[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => a.address);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A fetcher for URLs people type (see the module comment for the rules).
 *
 * @example
 *   const fetcher = createSafeFetcher({ maxBytes: 5 * 1024 * 1024 });
 *   const { bytes } = await fetcher.fetch('https://example.com/cat.jpg');
 */
export function createSafeFetcher(opts: SafeFetcherOptions = {}) {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = opts.maxRedirects ?? 3;
  const resolve = opts.resolve ?? systemResolve;
  const ca = opts.extraCa ? [...rootCertificates, opts.extraCa.toString()] : undefined;
  const allowed = (address: string) => opts.allowAddress?.(address) === true || isPublicAddress(address);

  /** The checked addresses of the URL's host. */
  async function addressesOf(url: URL, signal: AbortSignal): Promise<string[]> {
    const host = bareHost(url);
    let addresses: string[];
    if (isIP(host)) {
      addresses = [host];
    } else {
      try {
        addresses = await abortable(resolve(host), signal);
      } catch {
        if (signal.aborted) throw timeoutError();
        throw new SafeFetchError('dns_failed', `The domain ${host} could not be found`);
      }
      if (addresses.length === 0)
        throw new SafeFetchError('dns_failed', `The domain ${host} could not be found`);
    }
    // Every address must pass: the system may connect to any of them.
    if (!addresses.every(allowed)) {
      throw new SafeFetchError('blocked_address', 'The URL points to a private or local network address');
    }
    return addresses;
  }

  /** One request to `url`, connecting only to `addresses`. */
  function get(url: URL, addresses: string[], signal: AbortSignal): Promise<IncomingMessage> {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      const family = typeof options === 'object' ? options.family : undefined;
      const matching = addresses.filter((a) => !family || isIP(a) === family);
      const list = matching.length > 0 ? matching : addresses;
      if (typeof options === 'object' && options.all) {
        (callback as (err: null, all: { address: string; family: number }[]) => void)(
          null,
          list.map((address) => ({ address, family: isIP(address) })),
        );
      } else {
        callback(null, list[0]!, isIP(list[0]!));
      }
    };
    const host = bareHost(url);
    return new Promise((resolvePromise, reject) => {
      const req = request(
        {
          protocol: 'https:',
          hostname: host,
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: {
            accept: opts.accept ?? 'image/*',
            'user-agent': opts.userAgent ?? 'Josie image import',
          },
          lookup: pinned,
          servername: isIP(host) ? undefined : host,
          ca,
          agent: false,
          signal,
        },
        resolvePromise,
      );
      req.on('error', (err) => {
        reject(signal.aborted ? timeoutError() : connectionError(err));
      });
      req.end();
    });
  }

  /** Reads the body, refusing it as soon as it passes `maxBytes`. */
  async function readBody(res: IncomingMessage, signal: AbortSignal): Promise<Buffer> {
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of res) {
        total += (chunk as Buffer).length;
        if (total > maxBytes) {
          res.destroy();
          throw tooLarge();
        }
        chunks.push(chunk as Buffer);
      }
    } catch (err) {
      if (err instanceof SafeFetchError) throw err;
      throw signal.aborted ? timeoutError() : connectionError(err);
    }
    return Buffer.concat(chunks);
  }

  return {
    /**
     * Fetches `input` (a URL whose shape the caller has checked, or any string: it is checked again here
     * without the file-path rule), following at most `maxRedirects` redirects.
     *
     * @throws SafeFetchError for a refused URL or address, a DNS or connection failure, an HTTP status
     *   other than 2xx, too many redirects, the time-out, or a body over `maxBytes`.
     */
    async fetch(input: string | URL): Promise<SafeFetchResult> {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      const { signal } = controller;
      try {
        let url = checkUrlShape(input.toString(), { requireFilePath: false });
        for (let hop = 0; ; hop += 1) {
          const addresses = await addressesOf(url, signal);
          const res = await get(url, addresses, signal);
          const status = res.statusCode ?? 0;
          const location = res.headers.location;
          if (REDIRECTS.has(status) && location) {
            res.resume();
            if (hop >= maxRedirects) {
              throw new SafeFetchError('too_many_redirects', 'The URL redirects too many times');
            }
            let next: URL;
            try {
              next = new URL(location, url);
            } catch {
              throw new SafeFetchError('http_status', 'The URL redirects to an invalid address', status);
            }
            url = checkUrlShape(next.toString(), { requireFilePath: false });
            continue;
          }
          if (status < 200 || status > 299) {
            res.resume();
            throw new SafeFetchError('http_status', `The server answered ${status}`, status);
          }
          const bytes = await readBody(res, signal);
          const type = res.headers['content-type'];
          return { bytes, contentType: type ?? null, url: url.toString() };
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
export type SafeFetcher = ReturnType<typeof createSafeFetcher>;

const timeoutError = () => new SafeFetchError('timeout', 'The URL did not answer in time');
const tooLarge = () => new SafeFetchError('too_large', 'The file is too large');
const connectionError = (err: unknown) =>
  new SafeFetchError(
    'connection_failed',
    `The URL could not be reached${err instanceof Error && err.message ? ` (${err.message})` : ''}`,
  );

/** Rejects when `signal` aborts, so a hanging resolver cannot outlive the deadline. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(timeoutError());
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = () => reject(timeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolvePromise(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
