import { ERROR_CODES, endpoints, IMAGE_UPLOAD_MESSAGES } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { SEARCHES_PER_MINUTE } from '../audio/index.js';

/** The multipart field of `POST /api/images/upload` (docs/product/routes-and-roles.md#api); only its first file is used. */
export const UPLOAD_FIELD = 'images';
/** Imports from a URL per user per minute (each one is an outbound download). */
export const IMPORTS_PER_MINUTE = 20;

/**
 * The first file of the `images` field, read into memory (5 MB at most, set in app.ts), refused with the
 * texts of docs/product/messages.md (`IMAGE_UPLOAD_MESSAGES`).
 * @throws AppError 400 `INVALID_IMAGE` for files that are not images ('Please select only image files') or
 *   none at all ('No valid images were found'); 413 over 5 MB; 400 for a body that is not multipart.
 */
async function firstImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw errors.badRequest('Send the image as multipart/form-data');
  const { FilesLimitError, RequestFileTooLargeError } = request.server.multipartErrors;
  let image: Buffer | null = null;
  let notImage = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (image || part.fieldname !== UPLOAD_FIELD) {
        part.file.resume();
        continue;
      }
      if (!part.mimetype.startsWith('image/')) {
        notImage = true;
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (bytes.length > 0) image = bytes;
    }
  } catch (err) {
    if (err instanceof RequestFileTooLargeError) {
      throw errors.tooLarge(IMAGE_UPLOAD_MESSAGES.tooLarge);
    }
    // Files after the first are not read (docs/product/rules-and-limits.md#media: only the first file is
    // uploaded).
    if (!(err instanceof FilesLimitError && image)) throw err;
  }
  if (image) return image;
  if (notImage) throw errors.badRequest(IMAGE_UPLOAD_MESSAGES.notImage, ERROR_CODES.INVALID_IMAGE);
  throw errors.badRequest(IMAGE_UPLOAD_MESSAGES.noValidImages, ERROR_CODES.INVALID_IMAGE);
}

/**
 * Image search, upload and import from a URL. docs/product/rules-and-limits.md#media (Image URL, Image
 * upload, search term), docs/product/routes-and-roles.md#api, docs/product/rules-and-limits.md#constants;
 * docs/product/differences.md#image-search-and-ai-images. For the roles that write josies.
 */
export const imagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.images;
  const userKey = (prefix: string) => (req: FastifyRequest) => `${prefix}:${req.user?.id ?? req.ip}`;
  const searches = app.rateLimit({
    max: SEARCHES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: userKey('media-search'),
  });
  const imports = app.rateLimit({
    max: IMPORTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: userKey('image-import'),
  });

  route(app, endpoints.imageProviders, {}, async () => service.providers());

  route(
    app,
    endpoints.imageSearch,
    {
      preHandler: searches,
    },
    async (request) => service.search(request.query),
  );

  route(
    app,
    endpoints.imageUpload,
    {
      preHandler: imports,
    },
    async (request, reply) =>
      reply.status(201).send(await service.upload(actor(request), await firstImage(request))),
  );

  route(
    app,
    endpoints.imageUploadUrl,
    {
      preHandler: imports,
    },
    async (request, reply) =>
      reply.status(201).send(await service.importFromUrl(actor(request), request.body.url)),
  );

  // Registered after the static paths above; `:id` never shadows them in Fastify's router anyway.
  route(
    app,
    endpoints.getImage,
    {
      preHandler: searches,
    },
    async (request) => service.get(request.params.id, request.query.provider),
  );
};
