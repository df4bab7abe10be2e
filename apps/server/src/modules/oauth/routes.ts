import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import { endpoints } from '@josie/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resolveJwtSecret } from '../../config.js';
import type { AppContext } from '../../context.js';
import { deriveKey } from '../../lib/crypto.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { sessionCookie } from '../auth/index.js';
import type { CallbackOutcome } from './service.js';
import {
  EXCHANGE_COOKIE,
  EXCHANGE_TTL_SECONDS,
  FLOW_COOKIE,
  FLOW_TTL_MS,
  type FlowState,
  parseFlowState,
} from './state.js';

/** Sign-in flow requests per client address per minute (a sign-in takes three: start, callback, exchange). */
export const OAUTH_REQUESTS_PER_MINUTE = 120;

/** `path` with `params` added to its query string (a path on this site stays a path). */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://josie.invalid');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where the browser goes when a callback ends (relative, so it stays on the origin it came from). */
export function callbackRedirect(outcome: CallbackOutcome): string {
  switch (outcome.kind) {
    case 'signed-in':
      return withQuery('/auth/callback', { data: outcome.code });
    case 'linked':
      return withQuery(outcome.returnTo, { connected: outcome.provider });
    case 'failed':
      return outcome.mode === 'link'
        ? withQuery(outcome.returnTo, { connectError: outcome.failure, provider: outcome.provider })
        : withQuery('/auth/callback', { error: outcome.failure });
  }
}

/**
 * Sign-in with Spotify and Google and connecting them to the account. docs/product/routes-and-roles.md#pages
 * (/auth/callback), docs/product/routes-and-roles.md#api (browser navigations to `/api/auth/{provider}`,
 * the exchange), docs/product/differences.md#placeholders-that-work,
 * docs/product/differences.md#provider-tokens, docs/product/differences.md#sign-in-callback. The account's
 * connected providers (`GET` and `DELETE /api/users/me/providers`) are in account/me.routes.ts.
 *
 * The flow: the browser navigates to `GET /api/auth/{provider}` (or, to connect a provider to the signed-in
 * account, the web app calls `POST /api/auth/{provider}/connect` and navigates to the URL it answers); the
 * state and PKCE verifier wait in a signed HTTP-only cookie; the provider sends the browser back to
 * `GET /api/auth/{provider}/callback`, which redirects to `/auth/callback?data={code}` (or `?error={reason}`,
 * or for a connection to `returnTo?connected={provider}` / `?connectError={reason}&provider={provider}`);
 * the page exchanges the code with `POST /api/auth/exchange` for `{token, user}`.
 */
export const oauthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const secret = resolveJwtSecret(ctx.config);
  const session = sessionCookie(ctx);
  // Registered in this plugin only: no other route reads or sets the flow's signed cookies.
  await app.register(cookie, { secret: deriveKey(secret, 'josie/oauth-cookie').toString('base64url') });
  const service = ctx.services.oauth;
  const perIp = app.rateLimit({
    max: OAUTH_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `oauth:${req.ip}`,
  });

  const cookieBase: CookieSerializeOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
    signed: true,
  };
  const flowCookie = { ...cookieBase, path: '/api/auth', maxAge: FLOW_TTL_MS / 1000 };
  const exchangeCookie = { ...cookieBase, path: '/api/auth/exchange', maxAge: EXCHANGE_TTL_SECONDS };

  const setFlow = (reply: FastifyReply, flow: FlowState) =>
    reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), flowCookie);
  const readSigned = (request: FastifyRequest, name: string): string | null => {
    const raw = request.cookies[name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  };

  route(
    app,
    endpoints.oauthStart,
    {
      preHandler: perIp,
    },
    async (request, reply) => {
      const { url, flow } = service.start(request.params.provider, { returnTo: request.query.returnTo });
      setFlow(reply, flow);
      return reply.redirect(url, 302);
    },
  );

  route(
    app,
    endpoints.oauthConnect,
    {
      preHandler: perIp,
    },
    async (request, reply) => {
      const { url, flow } = service.start(request.params.provider, {
        returnTo: request.body?.returnTo,
        link: actor(request),
      });
      setFlow(reply, flow);
      return { url };
    },
  );

  route(
    app,
    endpoints.oauthCallback,
    {
      preHandler: perIp,
    },
    async (request, reply) => {
      const flow = parseFlowState(readSigned(request, FLOW_COOKIE));
      reply.clearCookie(FLOW_COOKIE, { path: flowCookie.path });
      const outcome = await service.callback(request.params.provider, request.query, flow);
      if (outcome.kind === 'signed-in') reply.setCookie(EXCHANGE_COOKIE, outcome.nonce, exchangeCookie);
      return reply.redirect(callbackRedirect(outcome), 302);
    },
  );

  route(
    app,
    endpoints.authExchange,
    {
      preHandler: perIp,
      // A session token is never sent compressed (docs/decisions/0030-compressed-responses.md).
      compress: false,
    },
    async (request, reply) => {
      const nonce = readSigned(request, EXCHANGE_COOKIE);
      reply.clearCookie(EXCHANGE_COOKIE, { path: exchangeCookie.path });
      const answer = await service.exchange(request.body.code, nonce, request.headers['user-agent'] ?? null);
      await session.issue(reply, answer.token);
      return answer;
    },
  );
};
