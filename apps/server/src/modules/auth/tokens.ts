import { jwtVerify, SignJWT } from 'jose';

const ALG = 'HS256';
const ISSUER = 'josie';

/**
 * Signs and verifies the bearer JWT. The token only names a session (`sid`) and its user (`sub`); the
 * session row decides whether it is still valid, so logout and revocation take effect at once. A signer
 * with another key makes tokens of another kind that neither signer accepts from the other: the session
 * cookie's page tokens (decision 0008) are signed with a key derived for them alone.
 */
export function createTokenSigner(secret: string | Uint8Array) {
  const raw = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  // Imported once: given the raw bytes, jose imports a WebCrypto key on every call, half of a
  // verification's CPU (docs/performance.md, "Feeds for many readers").
  const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    /** @param expiresAt - the session's expiry; the token expires with it. */
    async sign(sessionId: string, userId: string, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: ALG })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    /** The session and user a token names, and when it expires; null when its signature or expiry is bad. */
    async verify(token: string): Promise<{ sessionId: string; userId: string; expiresAt: Date } | null> {
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, algorithms: [ALG] });
        if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
        if (typeof payload.exp !== 'number') return null;
        return { sessionId: payload.sid, userId: payload.sub, expiresAt: new Date(payload.exp * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
