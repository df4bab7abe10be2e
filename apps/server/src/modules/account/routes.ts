import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { profileRoutes } from './profile.routes.js';
import { registerPasswordResetRetention } from './reset.retention.js';
import { resetRoutes } from './reset.routes.js';
import { uploadsRoutes } from './uploads.routes.js';

/**
 * The account feature: one plugin per concern, registered here (password reset; profile media and
 * provider connections join later).
 */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(resetRoutes, { ctx });
  registerPasswordResetRetention({
    db: ctx.db,
    jobs: ctx.jobs,
    graceDays: ctx.config.retention.passwordResetDays,
  });
  await app.register(uploadsRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
};
