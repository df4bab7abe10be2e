import { parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/** The device cookie's name. */
export const DEVICE_COOKIE = 'josie_device';

/** How long a browser stays trusted after its last successful sign-in, in ms (one year). */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60_000;

/**
 * The device cookie (docs/decisions/0037-sign-up-without-telling-and-trusted-devices.md, after OWASP's
 * "Slow down online guessing attacks with device cookies"): set on every successful sign-in, it names the
 * account and a device id, signed with a key of its own (`AuthService`'s `deviceTokens`, a JWT like a
 * session's, never accepted as one). A sign-in that carries a valid one for the account it signs in to is
 * judged by that device's own failure limit instead of its address's, so that failures of others on a
 * shared network do not lock out a browser its owner signed in from before.
 *
 * HTTP-only (no script needs it), `SameSite=Strict`, sent only to `/api/auth`, `Secure` behind an https
 * `PUBLIC_URL`. It authenticates nothing: the password is still checked.
 */
export function deviceCookie(config: Pick<Config, 'publicUrl'>) {
  const attributes: SerializeOptions = {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://'),
    path: '/api/auth',
    maxAge: Math.floor(DEVICE_TTL_MS / 1000),
  };
  return {
    /** The request's device cookie, or null when it has none. */
    read(request: FastifyRequest): string | null {
      const header = request.headers.cookie;
      return (header && parseCookie(header)[DEVICE_COOKIE]) || null;
    },
    /** Sets the device cookie to `token`. */
    issue(reply: FastifyReply, token: string): void {
      reply.header('set-cookie', stringifySetCookie({ name: DEVICE_COOKIE, value: token, ...attributes }));
    },
  };
}
