import {
  AVATAR_SIZE_PX,
  type AvatarUploadResponse,
  HEADER_IMAGE_MAX_WIDTH_PX,
  type HeaderImageUploadResponse,
  INTEGRATION_ERROR_CODES,
  NOT_AN_IMAGE_MESSAGE,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../adapters/storage.js';
import type { Db } from '../../db/client.js';
import { AppError, errors } from '../../lib/errors.js';
import { type ProcessedImage, processImage, processSquareImage } from '../../lib/images.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { MediaService } from '../images/index.js';
import type { UsersService } from '../users/index.js';
import { lockLiveUser } from './deletion.queries.js';
import { type ProfileMediaKind, replacedProfileMedia } from './uploads.queries.js';

/** Where each kind of profile image is stored (keys `avatars/<uuid>.webp`, `headers/<uuid>.webp`). */
const FOLDERS: Record<ProfileMediaKind, string> = { avatar: 'avatars', header: 'headers' };

/**
 * Decodes an upload into what is stored; bytes that are not an image answer the spec's message.
 * @throws AppError 400 'Please select an image file' (INVALID_IMAGE); 413 for too many pixels.
 */
async function decode(kind: ProfileMediaKind, bytes: Buffer): Promise<ProcessedImage> {
  try {
    return kind === 'avatar'
      ? await processSquareImage(bytes, { size: AVATAR_SIZE_PX })
      : await processImage(bytes, { maxWidth: HEADER_IMAGE_MAX_WIDTH_PX });
  } catch (err) {
    if (err instanceof AppError && err.code === INTEGRATION_ERROR_CODES.INVALID_IMAGE) {
      throw errors.badRequest(NOT_AN_IMAGE_MESSAGE, INTEGRATION_ERROR_CODES.INVALID_IMAGE);
    }
    throw err;
  }
}

/**
 * The Profile tab's images: avatar and header image (docs/product/routes-and-roles.md#account,
 * docs/product/rules-and-limits.md#account-images, docs/product/routes-and-roles.md#roles;
 * docs/product/routes-and-roles.md#account item 1; docs/product/data-and-config.md#data `media`). Byte
 * limits, the multipart field and the header-image roles are enforced by the routes; this service decodes,
 * stores and swaps.
 */
export function createProfileMediaService(deps: {
  db: Db;
  storage: Storage;
  /** Points the user at the new image (the `users` table is the users module's). */
  users: UsersService;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Tells the read caches that a new avatar, which the user's josies show, replaced the old one. */
  bus: EventBus;
  /** Records the new image and releases the replaced ones (the `media` table is the images module's). */
  media: Pick<MediaService, 'recordProfileImage' | 'releaseUnreferenced'>;
}) {
  const { db, storage, users, log, media, bus } = deps;

  /**
   * Makes `bytes` the actor's new avatar or header image and answers its public URL. Order matters for
   * "no orphan, no dangling link": the image is decoded before anything is written; the file is written
   * before the transaction that records it (`media` row), points the user at it and drops the rows of the
   * images it replaces that nothing else shows (a josie may show an old avatar; decision 0010); a failed
   * transaction removes the new file again; the replaced files are removed only after commit (a failure
   * there is logged, since the user's change is already saved).
   *
   * @throws AppError 400 not an image; 413 too many pixels; 404 when the account was deleted meanwhile.
   */
  async function replace(actor: AuthUser, kind: ProfileMediaKind, bytes: Buffer): Promise<string> {
    const image = await decode(kind, bytes);
    const key = `${FOLDERS[kind]}/${crypto.randomUUID()}.${image.extension}`;
    const url = storage.publicUrl(key);
    await storage.put(key, image.bytes, image.contentType);
    let replaced: string[];
    try {
      replaced = await db.transaction(async (tx) => {
        if (!(await lockLiveUser(tx, actor.id))) throw errors.notFound('User not found');
        const id = await media.recordProfileImage(tx, kind, {
          ownerId: actor.id,
          storageKey: key,
          bytes: image.bytes.length,
          width: image.width,
          height: image.height,
        });
        await users.setProfileImageUrl(tx, actor.id, kind, url);
        return media.releaseUnreferenced(tx, await replacedProfileMedia(tx, actor.id, kind, id));
      });
    } catch (err) {
      await storage.remove(key).catch((e: unknown) => log.error({ err: e, key }, 'orphan profile image'));
      throw err;
    }
    const removals = await Promise.allSettled(replaced.map((old) => storage.remove(old)));
    removals.forEach((r, i) => {
      if (r.status === 'rejected')
        log.error({ err: r.reason, key: replaced[i] }, 'replaced profile image not removed');
    });
    return url;
  }

  return {
    /**
     * `POST /api/users/avatar`: a {@link AVATAR_SIZE_PX} px square WebP, centre-cropped.
     * @throws AppError 400 not an image; 413 too many pixels; 404 deleted account.
     */
    async uploadAvatar(actor: AuthUser, bytes: Buffer): Promise<AvatarUploadResponse> {
      const url = await replace(actor, 'avatar', bytes);
      bus.publish('user.profile-changed', { userId: actor.id });
      return { success: true, avatar: url, avatarUrl: url, user: await users.loadUser(actor.id) };
    },

    /**
     * `POST /api/users/header-image`: WebP at most {@link HEADER_IMAGE_MAX_WIDTH_PX} px wide, its ratio kept.
     * @throws AppError 400 not an image; 413 too many pixels; 404 deleted account.
     */
    async uploadHeaderImage(actor: AuthUser, bytes: Buffer): Promise<HeaderImageUploadResponse> {
      const url = await replace(actor, 'header', bytes);
      return { success: true, headerImage: url, headerImageUrl: url, user: await users.loadUser(actor.id) };
    },
  };
}
export type ProfileMediaService = ReturnType<typeof createProfileMediaService>;
