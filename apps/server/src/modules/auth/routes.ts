import { AuthProvidersResponse, AuthResponse, LoginBody, SignupBody, SuccessResponse } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';
import { sessionCookie } from './session-cookie.js';

/**
 * Sign-up, sign-in and sign-out. Spec 000 §7 (login, signup); DESIGN §5 (logout, providers).
 * Sign-ups are rate-limited per IP and per email (429); sign-ins count failures only, per (email, IP) and
 * per IP (the auth service's lockout, decision 0011). A new session's answer also sets the session cookie,
 * and logout clears it (decision 0008).
 */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = ctx.rateLimits;
  const cookie = sessionCookie(ctx);

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      preHandler: [limits.signupPerIp, limits.signupPerEmail],
      schema: { tags: ['auth'], body: SignupBody, response: { 201: AuthResponse } },
    },
    async (request, reply) => {
      const session = await ctx.services.auth.signup(request.body);
      await cookie.issue(reply, session.token);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginBody, response: { 200: AuthResponse } },
    },
    async (request, reply) => {
      const session = await ctx.services.auth.login(request.body, request.ip);
      await cookie.issue(reply, session.token);
      return session;
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: SuccessResponse } } },
    async (request, reply) => {
      await ctx.services.auth.logout(actor(request));
      cookie.clear(reply);
      return { success: true as const };
    },
  );

  app.get(
    '/api/auth/providers',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: AuthProvidersResponse } } },
    async () => ({ spotify: ctx.config.spotify !== null, google: ctx.config.google !== null }),
  );
};
