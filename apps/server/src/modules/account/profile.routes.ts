import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/** The Profile tab's bio and name. docs/product/routes-and-roles.md#account. */
export const profileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const profile = ctx.services.profile;

  /**
   * Any signed-in user, for their own account. Body `{bio, name?}`: bio trimmed, at most 500 characters
   * (empty clears it); name trimmed, 1-100 characters. 200 `{user}`; 400 `{message, code, issues}` for an
   * invalid body; 401 visitor.
   */
  route(app, endpoints.updateProfile, {}, async (request) => profile.update(actor(request), request.body));
};
