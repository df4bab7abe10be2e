/**
 * Client addresses behind a load balancer (decision 0009): `TRUST_PROXY` names the proxies to believe by
 * their addresses, so that `X-Forwarded-For` entries a client wrote itself never become its address; every
 * per-address limit keys on that address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildConfig } from '../config.js';
import { createTestContext, type TestContext } from '../test/harness.js';

/** The load balancer's own address, as the server's socket sees it. */
const BALANCER = '10.0.0.2';
/** The client's address, as the load balancer appends it. */
const CLIENT = '198.51.100.7';

describe('trusted proxies', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  /** Failed sign-ins (each for another email) until the per-address limit answers 429, or `max + 3`. */
  async function signInsUntilLimited(
    context: TestContext,
    request: (i: number) => { remoteAddress: string; forwardedFor: string },
    max: number,
  ): Promise<number | null> {
    for (let i = 0; i < max + 3; i++) {
      const { remoteAddress, forwardedFor } = request(i);
      const res = await context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: `nobody${i}@example.test`, password: 'not-the-password' },
      });
      if (res.statusCode === 429) return i;
      expect(res.statusCode).toBe(401);
    }
    return null;
  }

  it('believes the balancer, not what a client writes in X-Forwarded-For, and counts each client apart', async () => {
    ctx = await createTestContext({ TRUST_PROXY: '10.0.0.0/8, fd00::/8', RATE_LIMIT_AUTH_MAX: '3' });
    // Each request forges another first entry; the balancer appends the address it saw.
    const limitedAt = await signInsUntilLimited(
      ctx,
      (i) => ({ remoteAddress: BALANCER, forwardedFor: `203.0.113.${i + 1}, ${CLIENT}` }),
      3,
    );
    expect(limitedAt).toBe(3);
    // Another client behind the same balancer has a count of its own.
    const other = await signInsUntilLimited(
      ctx,
      (i) => ({ remoteAddress: BALANCER, forwardedFor: `203.0.113.${i + 1}, 198.51.100.8` }),
      3,
    );
    expect(other).toBe(3);
    // A client reaching the server directly is its socket address, whatever it writes.
    const direct = await signInsUntilLimited(
      ctx,
      (i) => ({ remoteAddress: '192.0.2.50', forwardedFor: `203.0.113.${i + 1}` }),
      3,
    );
    expect(direct).toBe(3);
  });

  it('reads a list of proxy addresses, or nothing; refuses hop counts and bad entries', () => {
    expect(buildConfig({}).trustProxy).toBe(false);
    expect(buildConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(buildConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    // A hop count cannot tell the balancer from a client that reached the server directly.
    expect(() => buildConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY[\s\S]*addresses/);
    expect(buildConfig({ TRUST_PROXY: ' 10.0.0.0/8 ,127.0.0.1, loopback ' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'loopback',
    ]);
    expect(() => buildConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => buildConfig({ TRUST_PROXY: 'balancer.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses TRUST_PROXY=true in production, where any client could pick its address', () => {
    expect(() =>
      buildConfig({ NODE_ENV: 'production', TRUST_PROXY: 'true', JWT_SECRET: 'x'.repeat(32) }),
    ).toThrow(/TRUST_PROXY[\s\S]*addresses/);
    // Elsewhere (a developer's machine) it still means "trust every hop".
    expect(buildConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});
