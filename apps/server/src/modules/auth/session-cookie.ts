import { PAGE_SESSION_COOKIE } from '@josie/contract';
import { parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { AuthUser } from '../../plugins/auth.js';

/**
 * The session cookie (decision 0008), `josie_session`: a page token of the session, so that the server can
 * render the signed-in home page it is asked for (Its largest paint no longer waits for the app's
 * (docs/performance.md) scripts). A page token names the same session and expiry as the bearer token but is
 * signed with a key of its own (`AuthService.pageTokenFor`): it renders pages and authenticates nothing else.
 * Every `/api` route authenticates with the bearer header alone (docs/product/routes-and-roles.md#api), so a
 * cookie a forged cross-site request carries authenticates nothing and the API needs no CSRF defence; a
 * cookie copied out of a log cannot be replayed against the API.
 *
 * Not HTTP-only, on purpose: the app deletes it with its stored session (`clearSession`), on logout and
 * whenever the session ends in the browser, even offline, so a device where someone signed out never
 * renders their page again. Scripts that could read it can read the bearer token in localStorage anyway.
 * `SameSite=Lax` keeps it off cross-site subresource requests and frames; it goes with every same-site
 * request. `Secure` behind an https `PUBLIC_URL`; it lives as long as a session (`SESSION_TTL_DAYS`).
 */
export const SESSION_COOKIE = PAGE_SESSION_COOKIE;

/**
 * The session cookie's writer and reader: set with every answer that starts a session (sign-up, sign-in,
 * the provider exchange) and restored by `GET /api/users/me` when the browser lacks it; cleared by logout
 * and by a page rendering that finds its session no longer valid. Written and read with the `cookie`
 * package on the few routes that need it, rather than through `@fastify/cookie`, whose hooks would parse
 * and write cookies on every request of the API, the hottest reads included (docs/performance.md).
 */
export function sessionCookie(ctx: Pick<AppContext, 'config' | 'services'>) {
  const attributes: SerializeOptions = {
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: '/',
    maxAge: Math.floor(ctx.config.sessionTtlMs / 1000),
  };
  // Fastify appends each `set-cookie` header to the ones already set.
  const write = (reply: FastifyReply, value: string, extra: SerializeOptions) =>
    reply.header('set-cookie', stringifySetCookie({ name: SESSION_COOKIE, value, ...extra }));
  const read = (request: FastifyRequest): string | null => {
    const header = request.headers.cookie;
    return (header && parseCookie(header)[SESSION_COOKIE]) || null;
  };
  return {
    /** Sets the cookie to the page token of the session `bearer` names (nothing when it names none). */
    async issue(reply: FastifyReply, bearer: string): Promise<void> {
      const pageToken = await ctx.services.auth.pageTokenFor(bearer);
      if (pageToken) write(reply, pageToken, attributes);
    },
    /** Tells the browser to forget the cookie. */
    clear(reply: FastifyReply): void {
      write(reply, '', { path: attributes.path, maxAge: 0, expires: new Date(0) });
    },
    /**
     * The signed-in user of the request's cookie, `null` when its page token or session is not valid
     * (revoked, expired, forged, or a bearer token), `undefined` when it has none.
     */
    async user(request: FastifyRequest): Promise<AuthUser | null | undefined> {
      const pageToken = read(request);
      return pageToken ? ctx.services.auth.resolvePageToken(pageToken) : undefined;
    },
  };
}
