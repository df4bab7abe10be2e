import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { registerEmailLinkRetention } from './email-links.retention.js';
import { registerPasswordResetRetention } from './reset.retention.js';
import { resetRoutes } from './reset.routes.js';
import { securityRoutes } from './security.routes.js';
import { uploadsRoutes } from './uploads.routes.js';

/**
 * The account feature's password reset, profile media, and security (verification, password and email
 * changes, sessions), one plugin per concern. The routes under
 * `/api/users/me` are `me.routes.ts`, registered by the app beside this plugin.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(resetRoutes, { ctx });
  registerPasswordResetRetention({
    db: ctx.db,
    jobs: ctx.jobs,
    graceDays: ctx.config.retention.passwordResetDays,
  });
  await app.register(uploadsRoutes, { ctx });
  await app.register(securityRoutes, { ctx });
  registerEmailLinkRetention({
    db: ctx.db,
    jobs: ctx.jobs,
    graceDays: ctx.config.retention.passwordResetDays,
  });
};
