import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImagesHost, STANDIN_CA, startImagesHost } from '../test/standins/images-host.js';
import {
  addressInRanges,
  checkUrlShape,
  createSafeFetcher,
  isPublicAddress,
  parseAddressRanges,
  SafeFetchError,
} from './ssrf.js';

/** The reason a promise was refused with, or a failure when it was not refused by the guard. */
async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof SafeFetchError) return err.reason;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('isPublicAddress (the address check, no traffic)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback /8'],
    ['::1', 'IPv6 loopback'],
    ['[::1]', 'bracketed IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['10.0.0.1', '10/8'],
    ['10.255.255.255', '10/8 end'],
    ['172.16.0.1', '172.16/12 start'],
    ['172.31.255.254', '172.16/12 end'],
    ['192.168.1.1', '192.168/16'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['fc00::1', 'unique-local fc00::/7'],
    ['fd12:3456:789a::1', 'unique-local fd00::/8'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['localhost', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ['93.184.215.14', 'public IPv4'],
    ['8.8.8.8', 'public IPv4'],
    ['172.32.0.1', 'just past 172.16/12'],
    ['172.15.255.255', 'just before 172.16/12'],
    ['2606:4700:4700::1111', 'public IPv6'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public'],
    ['64:ff9b::808:808', 'NAT64 of 8.8.8.8'],
  ])('allows %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('address allow-lists', () => {
  it('matches addresses and ranges, IPv4-mapped included', () => {
    const allowed = addressInRanges(parseAddressRanges('10.1.2.3, 192.168.0.0/16, fd00::/8'));
    expect(allowed('10.1.2.3')).toBe(true);
    expect(allowed('10.1.2.4')).toBe(false);
    expect(allowed('192.168.77.1')).toBe(true);
    expect(allowed('::ffff:192.168.1.1')).toBe(true);
    expect(allowed('fd00::5')).toBe(true);
    expect(allowed('fc00::5')).toBe(false);
    expect(allowed('not-an-ip')).toBe(false);
  });

  it('refuses a malformed list', () => {
    expect(() => parseAddressRanges('10.0.0.0/8, nonsense')).toThrow(/nonsense/);
  });
});

describe('checkUrlShape (docs/product/rules-and-limits.md#image-links rules 1-5, in order)', () => {
  const refusal = (url: string) => {
    try {
      checkUrlShape(url, { requireFilePath: true });
      return null;
    } catch (err) {
      return err instanceof SafeFetchError ? [err.reason, err.message] : err;
    }
  };

  it('answers each rule with its message', () => {
    expect(refusal('   ')).toEqual(['empty', 'Please enter an image URL']);
    expect(refusal('not a url')).toEqual(['invalid_url', 'Please enter a valid URL']);
    expect(refusal('http://example.com/cat.png')).toEqual(['not_https', 'URL must begin with https://']);
    expect(refusal('ftp://example.com/cat.png')).toEqual(['not_https', 'URL must begin with https://']);
    expect(refusal('https://localhost/cat.png')).toEqual([
      'invalid_domain',
      'URL must contain a valid domain',
    ]);
    expect(refusal('https://intranet/cat.png')).toEqual([
      'invalid_domain',
      'URL must contain a valid domain',
    ]);
    expect(refusal('https://example.com/')).toEqual(['no_file_path', 'URL must point to a specific file']);
    expect(refusal('https://user:pw@example.com/cat.png')).toEqual([
      'invalid_url',
      'Please enter a valid URL',
    ]);
  });

  it('accepts a file on a domain, and IP literals (judged later by address)', () => {
    expect(refusal('https://images.example.com/cat.png?w=200')).toBeNull();
    expect(refusal('https://[2606:4700:4700::1111]/cat.png')).toBeNull();
    expect(refusal('https://127.0.0.1/cat.png')).toBeNull();
  });
});

describe('createSafeFetcher', () => {
  let host: ImagesHost;
  let port: string;
  beforeAll(async () => {
    host = await startImagesHost();
    port = new URL(host.url).port;
  });
  afterAll(() => host.close());

  /** Names under josie.test resolve to loopback; `internal.josie.test` to a private address. */
  const resolve = async (name: string) => {
    if (name === 'internal.josie.test') return ['10.0.0.7'];
    if (name === 'mixed.josie.test') return ['93.184.215.14', '127.0.0.1'];
    if (name.endsWith('.josie.test')) return ['127.0.0.1'];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  };
  /** The test's allow-list: the loopback stand-in only. */
  const loopbackOnly = (address: string) => address === '127.0.0.1';

  it('refuses loopback by default, before sending anything', async () => {
    const fetcher = createSafeFetcher({ extraCa: STANDIN_CA });
    const before = host.requests.length;
    expect(await reasonOf(fetcher.fetch(`https://127.0.0.1:${port}/photo.png`))).toBe('blocked_address');
    expect(await reasonOf(fetcher.fetch(`https://[::1]:${port}/photo.png`))).toBe('blocked_address');
    expect(await reasonOf(fetcher.fetch(`https://localhost:${port}/photo.png`))).toBe('invalid_domain');
    expect(await reasonOf(fetcher.fetch(`http://127.0.0.1:${port}/photo.png`))).toBe('not_https');
    expect(host.requests.length).toBe(before);
  });

  it('refuses a name that resolves to loopback or to a private address', async () => {
    const fetcher = createSafeFetcher({ resolve, extraCa: STANDIN_CA });
    expect(await reasonOf(fetcher.fetch(`https://images.josie.test:${port}/photo.png`))).toBe(
      'blocked_address',
    );
    expect(await reasonOf(fetcher.fetch('https://internal.josie.test/photo.png'))).toBe('blocked_address');
    // One bad address among good ones is enough to refuse: the system may connect to any of them.
    expect(await reasonOf(fetcher.fetch('https://mixed.josie.test/photo.png'))).toBe('blocked_address');
    expect(await reasonOf(fetcher.fetch('https://unknown.example.invalid/photo.png'))).toBe('dns_failed');
  });

  it('fetches from an allowed address, connecting to the checked address with the name for TLS', async () => {
    const fetcher = createSafeFetcher({ resolve, allowAddress: loopbackOnly, extraCa: STANDIN_CA });
    const res = await fetcher.fetch(`https://images.josie.test:${port}/photo.png`);
    expect(res.bytes.equals(host.photo)).toBe(true);
    expect(res.contentType).toBe('image/png');
    expect(host.requests.at(-1)?.headers.host).toBe(`images.josie.test:${port}`);
  });

  it('follows redirects, re-checking each target, at most 3', async () => {
    const fetcher = createSafeFetcher({ resolve, allowAddress: loopbackOnly, extraCa: STANDIN_CA });
    const ok = await fetcher.fetch(`https://images.josie.test:${port}/redirect/3`);
    expect(ok.bytes.equals(host.photo)).toBe(true);
    expect(ok.url).toBe(`https://images.josie.test:${port}/photo.png`);
    expect(await reasonOf(fetcher.fetch(`https://images.josie.test:${port}/redirect/4`))).toBe(
      'too_many_redirects',
    );
  });

  it('refuses a redirect to a private, loopback or plain-http target without following it', async () => {
    const fetcher = createSafeFetcher({ resolve, allowAddress: loopbackOnly, extraCa: STANDIN_CA });
    const to = (url: string) =>
      `https://images.josie.test:${port}/redirect-to?url=${encodeURIComponent(url)}`;
    expect(await reasonOf(fetcher.fetch(to('https://internal.josie.test/photo.png')))).toBe(
      'blocked_address',
    );
    expect(await reasonOf(fetcher.fetch(to(`https://[::1]:${port}/photo.png`)))).toBe('blocked_address');
    expect(await reasonOf(fetcher.fetch(to('https://169.254.169.254/latest/meta-data/')))).toBe(
      'blocked_address',
    );
    expect(await reasonOf(fetcher.fetch(to(`http://images.josie.test:${port}/photo.png`)))).toBe('not_https');
  });

  it('refuses a redirect to another loopback address or name than the one allowed', async () => {
    const fetcher = createSafeFetcher({ resolve, allowAddress: loopbackOnly, extraCa: STANDIN_CA });
    const to = (url: string) =>
      `https://images.josie.test:${port}/redirect-to?url=${encodeURIComponent(url)}`;
    expect(await reasonOf(fetcher.fetch(to(`https://127.0.0.2:${port}/photo.png`)))).toBe('blocked_address');
    expect(await reasonOf(fetcher.fetch(to(`https://localhost:${port}/photo.png`)))).toBe('invalid_domain');
    expect(await reasonOf(fetcher.fetch(to(`https://[::ffff:127.0.0.2]:${port}/photo.png`)))).toBe(
      'blocked_address',
    );
  });

  it('caps the body at maxBytes, declared or streamed', async () => {
    const fetcher = createSafeFetcher({ resolve, allowAddress: loopbackOnly, extraCa: STANDIN_CA });
    expect(await reasonOf(fetcher.fetch(`https://images.josie.test:${port}/big.png`))).toBe('too_large');
    expect(await reasonOf(fetcher.fetch(`https://images.josie.test:${port}/big-stream`))).toBe('too_large');
  });

  it('gives up after the time-out', async () => {
    const fetcher = createSafeFetcher({
      resolve,
      allowAddress: loopbackOnly,
      extraCa: STANDIN_CA,
      timeoutMs: 300,
    });
    const started = Date.now();
    expect(await reasonOf(fetcher.fetch(`https://images.josie.test:${port}/slow`))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('times out a resolver that never answers', async () => {
    const fetcher = createSafeFetcher({ resolve: () => new Promise(() => {}), timeoutMs: 200 });
    expect(await reasonOf(fetcher.fetch('https://hangs.example.com/cat.png'))).toBe('timeout');
  });

  it('reports error statuses and untrusted certificates', async () => {
    const trusting = createSafeFetcher({ resolve, allowAddress: loopbackOnly, extraCa: STANDIN_CA });
    const err = await trusting.fetch(`https://images.josie.test:${port}/status/404`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SafeFetchError);
    expect((err as SafeFetchError).reason).toBe('http_status');
    expect((err as SafeFetchError).status).toBe(404);
    const strict = createSafeFetcher({ resolve, allowAddress: loopbackOnly });
    expect(await reasonOf(strict.fetch(`https://images.josie.test:${port}/photo.png`))).toBe(
      'connection_failed',
    );
  });
});
