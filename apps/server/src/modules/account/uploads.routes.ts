import {
  AVATAR_FIELD,
  AVATAR_TOO_LARGE_MESSAGE,
  endpoints,
  HEADER_IMAGE_FIELD,
  HEADER_IMAGE_MAX_BYTES,
  HEADER_IMAGE_TOO_LARGE_MESSAGE,
  INTEGRATION_ERROR_CODES,
  LIMITS,
  NOT_AN_IMAGE_MESSAGE,
} from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/** Profile-image uploads per user per minute: each one decodes and re-encodes an image. */
export const PROFILE_UPLOADS_PER_MINUTE = 20;

/**
 * Reads the one image file of `field` into memory, refusing it as soon as it passes `maxBytes` (the
 * multipart reader stops there, so nothing larger is buffered).
 *
 * @throws AppError 400 'Please select an image file' without a file in `field` or for a file whose type is
 *   not `image/*`; 413 `tooLarge` over `maxBytes`.
 */
async function readImageFile(
  request: FastifyRequest,
  opts: { field: string; maxBytes: number; tooLarge: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw errors.badRequest(NOT_AN_IMAGE_MESSAGE);
  const { FilesLimitError, RequestFileTooLargeError } = request.server.multipartErrors;
  let image: Buffer | null = null;
  let notImage = false;
  try {
    for await (const part of request.parts({ limits: { fileSize: opts.maxBytes } })) {
      if (part.type !== 'file') continue;
      if (image || part.fieldname !== opts.field) {
        part.file.resume();
        continue;
      }
      if (!part.mimetype.startsWith('image/')) {
        notImage = true;
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
    }
  } catch (err) {
    // A large file of another type is still "not an image", the more useful answer.
    if (notImage) throw errors.badRequest(NOT_AN_IMAGE_MESSAGE, INTEGRATION_ERROR_CODES.INVALID_IMAGE);
    if (err instanceof RequestFileTooLargeError) throw errors.tooLarge(opts.tooLarge);
    // A second file is not read (one file per request, app.ts); the first is what counts.
    if (!(err instanceof FilesLimitError && image)) throw err;
  }
  if (notImage) throw errors.badRequest(NOT_AN_IMAGE_MESSAGE, INTEGRATION_ERROR_CODES.INVALID_IMAGE);
  if (!image) throw errors.badRequest(NOT_AN_IMAGE_MESSAGE);
  return image;
}

/**
 * Avatar and header-image uploads of the account page's Profile tab:
 * docs/product/routes-and-roles.md#account, docs/product/data-and-config.md#data (Avatar and header
 * responses), docs/product/rules-and-limits.md#account-images, docs/product/routes-and-roles.md#roles,
 * docs/product/routes-and-roles.md#api; docs/product/routes-and-roles.md#account. Both are multipart with one
 * file; the answer carries the URL under both names the spec reads and the updated user for the stored
 * session (`userDataUpdated`).
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.profileMedia;
  const perUser = app.rateLimit({
    max: PROFILE_UPLOADS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `profile-upload:${req.user?.id ?? req.ip}`,
  });

  /**
   * Any signed-in user; multipart field `avatar`, an image under 2 MB (`LIMITS.avatarMaxBytes`), stored as a
   * 512 px square WebP without metadata. 200 `{success: true, avatar, avatarUrl, user}`; 400 'Please select
   * an image file'; 413 'Image must be less than 2MB'; 401 visitor.
   */
  route(
    app,
    endpoints.uploadAvatar,
    {
      preHandler: perUser,
    },
    async (request) => {
      const bytes = await readImageFile(request, {
        field: AVATAR_FIELD,
        // "Less than 2MB": a file of exactly 2 MiB is refused too.
        maxBytes: LIMITS.avatarMaxBytes - 1,
        tooLarge: AVATAR_TOO_LARGE_MESSAGE,
      });
      return service.uploadAvatar(actor(request), bytes);
    },
  );

  /**
   * Curators, editors and admins (docs/product/routes-and-roles.md#roles; listeners 403); multipart field
   * `headerImage`, an image of at most 5 MB, stored as WebP at most 1600 px wide. 200 `{success: true,
   * headerImage, headerImageUrl, user}`; 400 'Please select an image file'; 413 'Image must be at most
   * 5MB'; 401 visitor.
   */
  route(
    app,
    endpoints.uploadHeaderImage,
    {
      preHandler: perUser,
    },
    async (request) => {
      const bytes = await readImageFile(request, {
        field: HEADER_IMAGE_FIELD,
        maxBytes: HEADER_IMAGE_MAX_BYTES,
        tooLarge: HEADER_IMAGE_TOO_LARGE_MESSAGE,
      });
      return service.uploadHeaderImage(actor(request), bytes);
    },
  );
};
