import type { FastifyRequest } from 'fastify';
import { errors } from '../../lib/errors.js';

/** The multipart file field that carries a josie's image (docs/product/routes-and-roles.md#api). */
export const IMAGE_FIELD = 'image';

const uploads = new WeakMap<FastifyRequest, Buffer>();

/**
 * `preValidation` hook of the josie create and edit routes: reads a multipart body into `request.body`
 * (its text fields, e.g. `title` and `paragraphs`) so the route's zod schema validates it like a JSON
 * body, and keeps the `image` file in memory for {@link uploadedImage}. Nothing is written here: the
 * file is stored only after validation and permission checks pass (docs/ARCHITECTURE.md#practices).
 * A JSON body is left as it is. An empty file part (a form's file input left empty) counts as no file.
 *
 * @throws AppError 413 for a file over the 5 MB limit set in app.ts; 400 for a file in another field.
 */
export async function readJosieForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  let unexpected: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === IMAGE_FIELD) {
          const bytes = await part.toBuffer();
          if (bytes.length > 0) image = bytes;
        } else {
          unexpected ??= part.fieldname;
          part.file.resume();
        }
      } else if (typeof part.value === 'string' && !(part.fieldname in fields)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw errors.tooLarge("The file you're trying to upload is too large (maximum size is 5MB)");
    }
    throw err;
  }
  if (unexpected !== undefined) {
    throw errors.badRequest(`Unexpected file field "${unexpected}"; send the image as "${IMAGE_FIELD}"`);
  }
  request.body = fields;
  if (image) uploads.set(request, image);
}

/** The image file read by {@link readJosieForm}, or null when none was sent. */
export function uploadedImage(request: FastifyRequest): Buffer | null {
  return uploads.get(request) ?? null;
}
