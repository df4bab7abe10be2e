import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/** Feature flags: read by everyone, changed by admins. docs/product/rules-and-limits.md#feature-flags; docs/product/differences.md#feature-flags. */
export const flagsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  route(app, endpoints.getFlags, {}, async () => ctx.services.flags.all());

  route(app, endpoints.setFlag, {}, async (request) => {
    await ctx.services.flags.set(request.params.key, request.body.value);
    return ctx.services.flags.all();
  });
};
