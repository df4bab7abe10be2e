import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { requestOrigin } from '../security-log/index.js';
import { registerSessionRetention } from './retention.js';
import { sessionCookie } from './session-cookie.js';

/**
 * Sign-up, sign-in and sign-out. docs/product/routes-and-roles.md#api (login, signup);
 * docs/product/routes-and-roles.md#api (logout, providers). Sign-ups are rate-limited per IP and per email
 * (429); sign-ins count failures only, per (email, IP) and per IP (the auth service's lockout, decision
 * 0011). A new session's answer also sets the session cookie, and logout clears it (decision 0008).
 */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = ctx.rateLimits;
  const cookie = sessionCookie(ctx);
  registerSessionRetention({ db: ctx.db, jobs: ctx.jobs, graceDays: ctx.config.retention.sessionDays });

  route(
    app,
    endpoints.signup,
    {
      preHandler: [limits.signupPerIp, limits.signupPerEmail],
      // A session token is never sent compressed (docs/decisions/0030-compressed-responses.md).
      compress: false,
    },
    async (request, reply) => {
      const session = await ctx.services.auth.signup(request.body, request.headers['user-agent'] ?? null);
      // The account is committed: a verification link that cannot be stored or sent must not turn the
      // sign-up into an error; the user asks for a new one (docs/decisions/0025-account-and-data.md).
      await ctx.services.accountSecurity
        .sendVerification(session.user._id, requestOrigin(request))
        .catch((err: unknown) => {
          request.log.warn({ err, userId: session.user._id }, 'verification link not sent at sign-up');
        });
      await cookie.issue(reply, session.token);
      return reply.status(201).send(session);
    },
  );

  route(app, endpoints.login, { compress: false }, async (request, reply) => {
    const session = await ctx.services.auth.login(
      request.body,
      request.ip,
      request.headers['user-agent'] ?? null,
    );
    await cookie.issue(reply, session.token);
    return session;
  });

  route(app, endpoints.logout, {}, async (request, reply) => {
    await ctx.services.auth.logout(actor(request));
    cookie.clear(reply);
    return { success: true as const };
  });

  route(app, endpoints.authProviders, {}, async () => ({
    spotify: ctx.config.spotify !== null,
    google: ctx.config.google !== null,
  }));
};
