import { AuthProvidersResponse, AuthResponse, LoginBody, SignupBody, SuccessResponse } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';

/**
 * Sign-up, sign-in and sign-out. Spec 000 §7 (login, signup); DESIGN §5 (logout, providers).
 * Login and signup are rate-limited per IP and per email (429).
 */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const limits = ctx.rateLimits;

  app.post(
    '/api/auth/signup',
    {
      config: { access: 'public' },
      preHandler: [limits.authPerIp, limits.authPerEmail],
      schema: { tags: ['auth'], body: SignupBody, response: { 201: AuthResponse } },
    },
    async (request, reply) => reply.status(201).send(await ctx.auth.signup(request.body)),
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      preHandler: [limits.authPerIp, limits.authPerEmail],
      schema: { tags: ['auth'], body: LoginBody, response: { 200: AuthResponse } },
    },
    async (request) => ctx.auth.login(request.body),
  );

  app.post(
    '/api/auth/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: SuccessResponse } } },
    async (request) => {
      await ctx.auth.logout(actor(request));
      return { success: true as const };
    },
  );

  app.get(
    '/api/auth/providers',
    { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: AuthProvidersResponse } } },
    async () => ({ spotify: ctx.config.spotify !== null, google: ctx.config.google !== null }),
  );
};
