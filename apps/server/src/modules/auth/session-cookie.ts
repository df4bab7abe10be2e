import { parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

/**
 * The session cookie (decision 0008): the session's bearer token, HTTP-only, so that the server can render
 * the signed-in home page it is asked for (issue 9: its largest paint no longer waits for the app's
 * scripts). It is read by page renderings only: every `/api` route still authenticates with the bearer
 * header alone (spec 000 §7), so a cookie the browser attaches to a forged cross-site request
 * authenticates nothing, and no CSRF defence is needed.
 */
export const SESSION_COOKIE = 'josie_session';

/**
 * Cookie attributes: HTTP-only (the page's scripts already hold the token; nothing in the page needs
 * this copy), `SameSite=Lax` (sent on top-level navigations only, not with cross-site subresources or
 * frames), `Secure` behind an https `PUBLIC_URL`, for the whole site, and living as long as a session
 * (`SESSION_TTL_DAYS`).
 */
function options(config: Pick<Config, 'publicUrl' | 'sessionTtlMs'>): SerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: Math.floor(config.sessionTtlMs / 1000),
  };
}

/**
 * The session cookie's writer and reader for one configuration: set with every answer that starts a
 * session (sign-up, sign-in, the provider exchange) and refreshed by `GET /api/users/me`; cleared by
 * logout and by a page rendering that finds its session no longer valid. Written and read with the
 * `cookie` package on the few routes that need it, rather than through `@fastify/cookie`, whose hooks
 * would parse and write cookies on every request of the API, the hottest reads included (issue 9).
 */
export function sessionCookie(config: Pick<Config, 'publicUrl' | 'sessionTtlMs'>) {
  const attributes = options(config);
  // Fastify appends each `set-cookie` header to the ones already set.
  const setCookie = (reply: FastifyReply, value: string, extra: SerializeOptions) =>
    reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value, ...extra }));
  return {
    /** Sets the cookie to `token` on `reply` (seconds of life: `SESSION_TTL_DAYS`). */
    set(reply: FastifyReply, token: string): void {
      setCookie(reply, token, attributes);
    },
    /** Tells the browser to forget the cookie. */
    clear(reply: FastifyReply): void {
      setCookie(reply, '', { path: attributes.path, maxAge: 0, expires: new Date(0) });
    },
    /** The token the request's cookie carries, or null. */
    read(request: FastifyRequest): string | null {
      const header = request.headers.cookie;
      return (header && parseCookie(header)[SESSION_COOKIE]) || null;
    },
  };
}
export type SessionCookie = ReturnType<typeof sessionCookie>;
