import { endpoints, SIGNUP_MESSAGE } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { requestOrigin } from '../security-log/index.js';
import { deviceCookie } from './device-cookie.js';
import { sessionCookie } from './session-cookie.js';

/**
 * Sign-up, sign-in and sign-out. docs/product/routes-and-roles.md#api (login, signup);
 * docs/product/routes-and-roles.md#api (logout, providers). Sign-ups are rate-limited per IP and per email
 * (429); sign-ins count failures only, per (email, IP) and per IP (the auth service's lockout, decision
 * 0011), or per device for a browser whose device cookie names the account (decision 0037). A new session's answer also sets the session cookie, and logout clears it (decision 0008).
 */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = ctx.rateLimits;
  const cookie = sessionCookie(ctx);
  const device = deviceCookie(ctx.config);

  route(
    app,
    endpoints.signup,
    {
      preHandler: [limits.signupPerIp, limits.signupPerEmail],
      // A session token is never sent compressed (docs/decisions/0030-compressed-responses.md).
      compress: false,
    },
    async (request, reply) => {
      const userId = await ctx.services.auth.signup(request.body);
      // The account is committed: a verification link that cannot be stored or sent must not turn the
      // sign-up into an error; the user asks for a new one (docs/decisions/0025-account-and-data.md). An
      // address that had an account gets a mail to its owner instead, and the same answer (decision 0037).
      const mailed = userId
        ? ctx.services.accountSecurity.sendVerification(userId, requestOrigin(request))
        : ctx.services.accountSecurity.notifySignupAttempt(request.body.email);
      await mailed.catch((err: unknown) => {
        request.log.warn({ err }, 'sign-up mail not sent');
      });
      return reply.status(201).send({ success: true as const, message: SIGNUP_MESSAGE });
    },
  );

  route(app, endpoints.login, { compress: false }, async (request, reply) => {
    const { auth, deviceToken } = await ctx.services.auth.login(
      request.body,
      request.ip,
      request.headers['user-agent'] ?? null,
      device.read(request),
    );
    await cookie.issue(reply, auth.token);
    device.issue(reply, deviceToken);
    return auth;
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
