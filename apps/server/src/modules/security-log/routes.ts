import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/**
 * The security log for admins (docs/decisions/0025-account-and-data.md, "Security log"): verification,
 * password and email changes, revoked sessions, exports and deletions, newest first.
 */
export const securityLogRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** `{data: {events, hasMore, nextCursor}}`, 50 a page; 400 for a bad cursor; admins only (403). */
  route(app, endpoints.adminSecurityEvents, {}, async (request) =>
    ctx.services.securityLog.list(request.query),
  );
};
