import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/**
 * Other users' public profiles (`GET /api/users/{id}`). docs/product/routes-and-roles.md#api. Static paths
 * (`/api/users/me` and below, in account/me.routes.ts; `/api/users/curators/feed`) win over `:id` in
 * Fastify's router. Public: a visitor sees curators' profiles (docs/decisions/0045-public-curator-profiles.md).
 */
export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, endpoints.publicProfile, {}, async (request) =>
    ctx.services.users.profile(request.user, request.params.id),
  );
};
