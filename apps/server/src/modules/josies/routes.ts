import {
  JosieCreateBody,
  JosieIdParams,
  JosieResponse,
  JosieUpdateBody,
  MyJosiesResponse,
  SuccessResponse,
} from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { privateEtag } from '../../lib/etag.js';
import { presentedJson } from '../../lib/serializers.js';
import { actor } from '../../plugins/auth.js';
import { sendSerialized } from '../../reads/read-caches.js';
import { readJosieForm, uploadedImage } from './form.js';

const consumes = ['multipart/form-data', 'application/json'];

/**
 * Josie authoring and reading. Spec 001 §7 (Josies), spec 000 §7 (`GET /api/josies/{id}`); DESIGN §9.6,
 * §9.14. Create and edit take multipart (`title`, `paragraphs` as JSON text, optional file `image`, at
 * most 5 MB else 413) or the same fields as JSON.
 */
export const josiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const josies = ctx.services.josies;

  app.post(
    '/api/josies',
    {
      config: { access: ['curator'] },
      preValidation: readJosieForm,
      schema: { tags: ['josies'], consumes, body: JosieCreateBody, response: { 201: JosieResponse } },
    },
    async (request, reply) =>
      reply.status(201).send(await josies.create(actor(request), request.body, uploadedImage(request))),
  );

  app.get(
    '/api/josies/my-josies',
    { config: { access: ['curator'] }, schema: { tags: ['josies'], response: { 200: MyJosiesResponse } } },
    async (request) => ({ data: { posts: await josies.listMine(actor(request)) } }),
  );

  // Tagged (ETag, 304 on If-None-Match): a josie is read far more often than it changes. A published
  // josie is answered from the read cache (invalidated on edit, review, delete and like; issue 9) unless
  // the reader is its creator or a reviewer.
  app.get(
    '/api/josies/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['josies'], params: JosieIdParams, response: { 200: JosieResponse } },
      serializerCompiler: presentedJson,
      onSend: privateEtag,
    },
    async (request, reply) => {
      const cached = await ctx.services.reads.josie(request.user, request.params.id);
      if (cached === undefined) return josies.get(request.user, request.params.id);
      return sendSerialized(reply.header('etag', cached.etag), cached.body);
    },
  );

  app.put(
    '/api/josies/:id',
    {
      config: { access: 'authenticated' },
      preValidation: readJosieForm,
      schema: {
        tags: ['josies'],
        consumes,
        params: JosieIdParams,
        body: JosieUpdateBody,
        response: { 200: JosieResponse },
      },
    },
    async (request) => josies.update(actor(request), request.params.id, request.body, uploadedImage(request)),
  );

  app.delete(
    '/api/josies/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['josies'], params: JosieIdParams, response: { 200: SuccessResponse } },
    },
    async (request) => {
      await josies.remove(actor(request), request.params.id);
      return { success: true as const };
    },
  );
};
