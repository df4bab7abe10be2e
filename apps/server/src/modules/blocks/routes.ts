import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/**
 * Blocking and muting (docs/decisions/0048-blocking-and-muting.md; docs/product/routes-and-roles.md#api):
 * a signed-in user's own blocked and muted accounts, added, removed and listed. The rules are the service's.
 */
export const blocksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const blocks = ctx.services.blocks;
  route(app, endpoints.listBlocks, {}, async (request) => blocks.blocked(actor(request), request.query));
  route(app, endpoints.block, {}, async (request) => blocks.block(actor(request), request.body.userId));
  route(app, endpoints.unblock, {}, async (request) => blocks.unblock(actor(request), request.params.id));
  route(app, endpoints.listMutes, {}, async (request) => blocks.muted(actor(request), request.query));
  route(app, endpoints.mute, {}, async (request) => blocks.mute(actor(request), request.body.userId));
  route(app, endpoints.unmute, {}, async (request) => blocks.unmute(actor(request), request.params.id));
};
