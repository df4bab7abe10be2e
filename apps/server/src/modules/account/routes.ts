import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { dataRoutes } from './data.routes.js';
import { resetRoutes } from './reset.routes.js';
import { securityRoutes } from './security.routes.js';
import { uploadsRoutes } from './uploads.routes.js';

/**
 * The account feature's password reset, profile media, security (verification, password and email
 * changes, sessions), and export and deletion ("your account, your data", `data.routes.ts`), one plugin per
 * concern. The routes under
 * `/api/users/me` are `me.routes.ts`, registered by the app beside this plugin.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(resetRoutes, { ctx });
  await app.register(uploadsRoutes, { ctx });
  await app.register(securityRoutes, { ctx });
  await app.register(dataRoutes, { ctx });
};
