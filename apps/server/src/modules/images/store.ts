import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../adapters/storage.js';
import type { Db } from '../../db/client.js';
import { processImage } from '../../lib/images.js';
import { insertJosieImage } from './queries.js';

/** Uploaded josie images are scaled down to this width (pixels). */
export const JOSIE_IMAGE_MAX_WIDTH = 1600;

/**
 * Stores images that become a josie's image: uploads, imports from a URL and AI generations. Each is
 * decoded and re-encoded (lib/images: proves it is an image, strips metadata, scales to the josie width,
 * WebP), written as `josies/{uuid}.webp` and recorded in `media` as a `josie-image` of its owner, the same
 * way the josie form stores its upload, so the josies feature releases it when no josie shows it.
 */
export function createImageStore(deps: { db: Db; storage: Storage; log: FastifyBaseLogger }) {
  const { db, storage, log } = deps;
  return {
    /**
     * @returns our public URL of the stored image.
     * @throws AppError 400 INVALID_IMAGE when the bytes are not an image; 413 for too many pixels.
     */
    async save(ownerId: string, bytes: Buffer): Promise<string> {
      const image = await processImage(bytes, { maxWidth: JOSIE_IMAGE_MAX_WIDTH });
      const key = `josies/${crypto.randomUUID()}.${image.extension}`;
      await storage.put(key, image.bytes, image.contentType);
      try {
        await insertJosieImage(db, {
          ownerId,
          storageKey: key,
          bytes: image.bytes.length,
          width: image.width,
          height: image.height,
        });
      } catch (err) {
        await storage.remove(key).catch((e) => log.error({ err: e, key }, 'orphan image'));
        throw err;
      }
      return storage.publicUrl(key);
    },
  };
}
export type ImageStore = ReturnType<typeof createImageStore>;
