import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/**
 * The admin area's API (docs/product/routes-and-roles.md#admin, docs/product/routes-and-roles.md#api,
 * docs/product/differences.md#placeholders-that-work, docs/product/differences.md#analytics): statistics,
 * users and roles, AI templates, the genre and interest lists, and the contact and newsletter messages. `PUT
 * /api/admin/flags/{key}` lives with the flags (modules/flags).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = ctx.services.admin;

  route(app, endpoints.adminStats, {}, async (request) => admin.stats(actor(request)));

  route(app, endpoints.adminUsers, {}, async (request) => admin.listUsers(actor(request), request.query));

  route(app, endpoints.adminUser, {}, async (request) => admin.userDetail(actor(request), request.params.id));

  route(app, endpoints.adminChangeRole, {}, async (request) =>
    admin.changeRole(actor(request), request.params.id, request.body.role),
  );

  route(app, endpoints.adminDeleteUser, {}, async (request) => {
    await admin.deleteUser(actor(request), request.params.id);
    return { success: true as const };
  });

  route(app, endpoints.adminTemplates, {}, async (request) => admin.templates(actor(request)));

  route(app, endpoints.adminUpdateTemplate, {}, async (request) =>
    admin.updateTemplate(actor(request), request.params.id, request.body),
  );

  route(app, endpoints.adminPreferences, {}, async (request) => admin.preferences(actor(request)));

  route(app, endpoints.adminAddGenre, {}, async (request, reply) => {
    const { items, added } = await admin.addCatalogueEntry(actor(request), 'genres', request.body.name);
    return reply.status(added ? 201 : 200).send({ genres: items, added });
  });

  route(app, endpoints.adminRemoveGenre, {}, async (request) => ({
    genres: await admin.removeCatalogueEntry(actor(request), 'genres', request.params.id),
  }));

  route(app, endpoints.adminAddInterest, {}, async (request, reply) => {
    const { items, added } = await admin.addCatalogueEntry(actor(request), 'interests', request.body.name);
    return reply.status(added ? 201 : 200).send({ interests: items, added });
  });

  route(app, endpoints.adminRemoveInterest, {}, async (request) => ({
    interests: await admin.removeCatalogueEntry(actor(request), 'interests', request.params.id),
  }));

  route(app, endpoints.adminMessages, {}, async (request) => admin.messages(actor(request)));

  /** `GET /api/admin/link-resolver`: the link resolver's state for `/admin/system` (decision 0022). */
  route(app, endpoints.adminLinkResolver, {}, async (request) => ({
    resolver: await ctx.services.links.status(actor(request)),
  }));
};
