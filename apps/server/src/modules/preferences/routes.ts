import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/**
 * The live lists a user picks preferences from (`GET /api/preferences/options`).
 * docs/product/routes-and-roles.md#api. The signed-in user's own preferences and notification switches are
 * under `/api/users/me` (account/me.routes.ts).
 */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preferences = ctx.services.preferences;

  route(app, endpoints.preferenceOptions, {}, async () => preferences.options());
};
