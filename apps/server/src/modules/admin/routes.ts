import {
  AdminGenreAddResponse,
  AdminGenresResponse,
  AdminIdParams,
  AdminInterestAddResponse,
  AdminInterestsResponse,
  AdminMessagesResponse,
  AdminPreferenceNameBody,
  AdminPreferencesResponse,
  AdminStatsResponse,
  AdminTemplate,
  AdminTemplateBody,
  AdminTemplatesResponse,
  AdminUserDetailResponse,
  AdminUserRoleBody,
  AdminUserRow,
  AdminUsersQuery,
  AdminUsersResponse,
  SuccessResponse,
} from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';

/** Admins only: 401 for visitors, 403 for every other role (spec 000 §6, spec 001 §6). */
const adminOnly = { access: ['admin'] } as const;
const tags = ['admin'];

/**
 * The admin area's API (spec 001 §2 Admin, §7 Admin; DESIGN §5, §9.3, §9.11): statistics, users and
 * roles, AI templates, the genre and interest lists, and the contact and newsletter messages.
 * `PUT /api/admin/flags/{key}` lives with the flags (modules/flags).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = ctx.services.admin;

  app.get(
    '/api/admin/stats',
    { config: adminOnly, schema: { tags, response: { 200: AdminStatsResponse } } },
    async (request) => admin.stats(actor(request)),
  );

  app.get(
    '/api/admin/users',
    {
      config: adminOnly,
      schema: { tags, querystring: AdminUsersQuery, response: { 200: AdminUsersResponse } },
    },
    async (request) => admin.listUsers(actor(request), request.query),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: adminOnly,
      schema: { tags, params: AdminIdParams, response: { 200: AdminUserDetailResponse } },
    },
    async (request) => admin.userDetail(actor(request), request.params.id),
  );

  app.patch(
    '/api/admin/users/:id',
    {
      config: adminOnly,
      schema: { tags, params: AdminIdParams, body: AdminUserRoleBody, response: { 200: AdminUserRow } },
    },
    async (request) => admin.changeRole(actor(request), request.params.id, request.body.role),
  );

  app.delete(
    '/api/admin/users/:id',
    { config: adminOnly, schema: { tags, params: AdminIdParams, response: { 200: SuccessResponse } } },
    async (request) => {
      await admin.deleteUser(actor(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/admin/templates',
    { config: adminOnly, schema: { tags, response: { 200: AdminTemplatesResponse } } },
    async (request) => admin.templates(actor(request)),
  );

  app.put(
    '/api/admin/templates/:id',
    {
      config: adminOnly,
      schema: { tags, params: AdminIdParams, body: AdminTemplateBody, response: { 200: AdminTemplate } },
    },
    async (request) => admin.updateTemplate(actor(request), request.params.id, request.body),
  );

  app.get(
    '/api/admin/preferences',
    { config: adminOnly, schema: { tags, response: { 200: AdminPreferencesResponse } } },
    async (request) => admin.preferences(actor(request)),
  );

  app.post(
    '/api/admin/preferences/genres',
    {
      config: adminOnly,
      schema: {
        tags,
        body: AdminPreferenceNameBody,
        response: { 200: AdminGenreAddResponse, 201: AdminGenreAddResponse },
      },
    },
    async (request, reply) => {
      const { items, added } = await admin.addCatalogueEntry(actor(request), 'genres', request.body.name);
      return reply.status(added ? 201 : 200).send({ genres: items, added });
    },
  );

  app.delete(
    '/api/admin/preferences/genres/:id',
    { config: adminOnly, schema: { tags, params: AdminIdParams, response: { 200: AdminGenresResponse } } },
    async (request) => ({
      genres: await admin.removeCatalogueEntry(actor(request), 'genres', request.params.id),
    }),
  );

  app.post(
    '/api/admin/preferences/interests',
    {
      config: adminOnly,
      schema: {
        tags,
        body: AdminPreferenceNameBody,
        response: { 200: AdminInterestAddResponse, 201: AdminInterestAddResponse },
      },
    },
    async (request, reply) => {
      const { items, added } = await admin.addCatalogueEntry(actor(request), 'interests', request.body.name);
      return reply.status(added ? 201 : 200).send({ interests: items, added });
    },
  );

  app.delete(
    '/api/admin/preferences/interests/:id',
    {
      config: adminOnly,
      schema: { tags, params: AdminIdParams, response: { 200: AdminInterestsResponse } },
    },
    async (request) => ({
      interests: await admin.removeCatalogueEntry(actor(request), 'interests', request.params.id),
    }),
  );

  app.get(
    '/api/admin/messages',
    { config: adminOnly, schema: { tags, response: { 200: AdminMessagesResponse } } },
    async (request) => admin.messages(actor(request)),
  );
};
