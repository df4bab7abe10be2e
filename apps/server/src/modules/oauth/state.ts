import { timingSafeEqual } from 'node:crypto';
import { PROVIDERS } from '@josie/contract';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/**
 * The sign-in flow's state, kept in a signed, HTTP-only cookie scoped to `/api/auth` while the person is at
 * the provider: the `state` sent to the provider (CSRF), the PKCE verifier (never in a URL), and what to do
 * on return. Stateless on the server, so any instance can take the callback. Lifetime {@link FLOW_TTL_MS}.
 */
export const FlowState = z.object({
  /** Provider. */
  p: z.enum(PROVIDERS),
  /** The `state` parameter. */
  s: z.string().min(16),
  /** The PKCE code verifier. */
  v: z.string().min(43),
  /** Sign in, or link the provider to the signed-in account that asked. */
  m: z.enum(['signin', 'link']),
  /** Linking: the account and the session that asked (re-checked on return). */
  u: z.string().optional(),
  sid: z.string().optional(),
  /** Where to go afterwards. */
  r: z.string(),
  /** Created at (ms since the epoch). */
  t: z.number(),
});
export type FlowState = z.infer<typeof FlowState>;

/** Cookie holding {@link FlowState}. */
export const FLOW_COOKIE = 'josie_oauth';
/** Cookie binding a one-time exchange code to the browser that finished the flow. */
export const EXCHANGE_COOKIE = 'josie_oauth_exchange';
/** How long a person may stay at the provider's consent page. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
/** How long the `/auth/callback?data=` code is valid (docs/product/differences.md#sign-in-callback). */
export const EXCHANGE_TTL_SECONDS = 60;

/** Compares two secrets in constant time. */
export function secretsEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Reads a flow cookie's JSON, or null when it is malformed or too old. */
export function parseFlowState(json: string | null, now = Date.now()): FlowState | null {
  if (!json) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = FlowState.safeParse(value);
  if (!parsed.success || now - parsed.data.t > FLOW_TTL_MS || parsed.data.t > now + 60_000) return null;
  return parsed.data;
}

/** What a redeemed exchange code carries. */
export interface ExchangeGrant {
  userId: string;
  returnTo: string;
  isNewUser: boolean;
}

const AUDIENCE = 'josie/oauth-exchange';

/**
 * The one-time codes of `/auth/callback?data={code}` (docs/product/differences.md#sign-in-callback). A code
 * is an encrypted JWT (A256GCM) that names the user, lives {@link EXCHANGE_TTL_SECONDS} and carries a nonce
 * that must match the HTTP-only {@link EXCHANGE_COOKIE} of the browser that finished the flow: a code copied
 * out of a URL or a history is useless elsewhere. Each code is redeemed once; the record of redeemed codes
 * lives in this process (kept until the codes expire), which is exact on one instance. With several instances
 * a code could at worst be redeemed once per instance, within its 60 s, and only by the browser holding the
 * cookie.
 */
export function createExchangeCodes(key: Buffer) {
  const redeemed = new Map<string, number>();

  const prune = (now: number) => {
    for (const [id, expiresAt] of redeemed) if (expiresAt <= now) redeemed.delete(id);
  };

  return {
    /** A new code and the nonce to put in the browser's cookie. */
    async issue(grant: ExchangeGrant): Promise<{ code: string; nonce: string }> {
      const nonce = crypto.randomUUID();
      const code = await new EncryptJWT({ n: nonce, r: grant.returnTo, nw: grant.isNewUser })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setSubject(grant.userId)
        .setAudience(AUDIENCE)
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${EXCHANGE_TTL_SECONDS}s`)
        .encrypt(key);
      return { code, nonce };
    },

    /**
     * The grant of a code, consuming it; null when the code is malformed, expired, already redeemed, or
     * its nonce does not match the browser's cookie.
     */
    async redeem(code: string, nonce: string | null): Promise<ExchangeGrant | null> {
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtDecrypt(code, key, { audience: AUDIENCE }));
      } catch {
        return null;
      }
      const { sub, jti, exp, n, r, nw } = payload;
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return null;
      if (typeof n !== 'string' || !nonce || !secretsEqual(n, nonce)) return null;
      const now = Date.now();
      prune(now);
      if (redeemed.has(jti)) return null;
      redeemed.set(jti, exp * 1000);
      return { userId: sub, returnTo: typeof r === 'string' ? r : '/', isNewUser: nw === true };
    },
  };
}
export type ExchangeCodes = ReturnType<typeof createExchangeCodes>;
