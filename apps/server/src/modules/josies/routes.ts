import { endpoints, type Paragraph } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { privateEtag } from '../../lib/etag.js';
import { route } from '../../lib/route.js';
import { presentedJson } from '../../lib/serializers.js';
import { actor } from '../../plugins/auth.js';
import { sendSerialized } from '../../reads/read-caches.js';
import { IMPORTS_PER_MINUTE } from '../images/index.js';
import { readJosieForm, uploadedImage } from './form.js';

/**
 * Josie authoring and reading. docs/product/routes-and-roles.md#api (`GET /api/josies/{id}`);
 * docs/product/differences.md#editing-sends-back-to-review, docs/product/differences.md#editors-may-edit.
 * Create and edit take multipart (`title`, `paragraphs` as JSON text, optional file `image`, at most 5 MB
 * else 413) or the same fields as JSON.
 */
export const josiesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const josies = ctx.services.josies;
  // Writes that decode an image (an upload, or a link copied at save) count per user like
  // `/api/images/upload`: decoding is the costly part (docs/decisions/0036-media-limits-and-provenance.md).
  const imageWrites = app.createRateLimit({
    max: IMPORTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `josie-image:${req.user?.id ?? req.ip}`,
  });
  const limitImageWrites = async (request: FastifyRequest<{ Body: { paragraphs: Paragraph[] } }>) => {
    if (!josies.carriesImage(request.body.paragraphs, uploadedImage(request))) return;
    const result = await imageWrites(request);
    if (!result.isAllowed && result.isExceeded) {
      throw errors.rateLimited(
        'Too many images saved. Please try again in a minute.',
        Math.ceil(result.ttlInSeconds),
      );
    }
  };

  route(
    app,
    endpoints.createJosie,
    { preValidation: readJosieForm, preHandler: limitImageWrites },
    async (request, reply) =>
      reply.status(201).send(await josies.create(actor(request), request.body, uploadedImage(request))),
  );

  route(app, endpoints.myJosies, {}, async (request) => ({
    data: { posts: await josies.listMine(actor(request)) },
  }));

  // Tagged (ETag, 304 on If-None-Match): a josie is read far more often than it changes. A published
  // josie is answered from the read cache (invalidated on edit, review, delete and like; docs/performance.md)
  // unless the reader is its creator or a reviewer.
  route(
    app,
    endpoints.getJosie,
    {
      serializerCompiler: presentedJson,
      onSend: privateEtag,
    },
    async (request, reply) => {
      const cached = await ctx.services.reads.josie(request.user, request.params.id);
      if (cached === undefined) return josies.get(request.user, request.params.id);
      return sendSerialized(reply.header('etag', cached.etag), cached.body);
    },
  );

  route(
    app,
    endpoints.updateJosie,
    { preValidation: readJosieForm, preHandler: limitImageWrites },
    async (request) => josies.update(actor(request), request.params.id, request.body, uploadedImage(request)),
  );

  route(app, endpoints.deleteJosie, {}, async (request) => {
    await josies.remove(actor(request), request.params.id);
    return { success: true as const };
  });
};
