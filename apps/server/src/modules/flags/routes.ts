import { FlagParams, FlagsResponse, FlagUpdateBody } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Feature flags: read by everyone, changed by admins. Spec 000 §3, §5; DESIGN §9.10. */
export const flagsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/config/flags',
    { config: { access: 'public' }, schema: { tags: ['flags'], response: { 200: FlagsResponse } } },
    async () => ctx.services.flags.all(),
  );

  app.put(
    '/api/admin/flags/:key',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin', 'flags'],
        params: FlagParams,
        body: FlagUpdateBody,
        response: { 200: FlagsResponse },
      },
    },
    async (request) => {
      await ctx.services.flags.set(request.params.key, request.body.value);
      return ctx.services.flags.all();
    },
  );
};
