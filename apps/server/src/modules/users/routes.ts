import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor, bearerToken } from '../../plugins/auth.js';
import { sessionCookie } from '../auth/index.js';

/**
 * The signed-in user's account (`GET /api/users/me`) and other users' public profiles
 * (`GET /api/users/{id}`). docs/product/routes-and-roles.md#api. Static paths (`/api/users/me`,
 * `/api/users/curators/feed`) win over `:id` in Fastify's router.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const cookie = sessionCookie(ctx);

  route(app, endpoints.me, {}, async (request, reply) => {
    // The app reads this once per load: a session that began before the session cookie existed, or
    // whose cookie the browser lost or holds for another session, gets it back here (decision 0008).
    const viewer = actor(request);
    const token = bearerToken(request);
    if (token && (await cookie.user(request))?.sessionId !== viewer.sessionId) {
      await cookie.issue(reply, token);
    }
    return ctx.services.users.me(viewer);
  });

  route(app, endpoints.publicProfile, {}, async (request) =>
    ctx.services.users.profile(actor(request), request.params.id),
  );
};
