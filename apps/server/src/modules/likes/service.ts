import type { LikeResponse, SaveResponse } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ReadCaches } from '../../reads/read-caches.js';
import type { JosiesService } from '../josies/index.js';
import type { Notifier } from '../notifications/index.js';
import {
  deleteLike,
  deleteLikesAndSavesOf,
  deleteSave,
  insertLike,
  insertSave,
  isPublished,
  likeCountOf,
  lockPublishedJosie,
} from './queries.js';

const notFound = () => errors.notFound('Josie not found');

/**
 * Likes and saves of published josies (docs/product/rules-and-limits.md#likes-and-saves;
 * docs/product/routes-and-roles.md#api, docs/product/differences.md#saved-josies). Both are toggles. After
 * each commit the read caches are told (`reads`; docs/performance.md): a like changes the josie's count and
 * the user's marks, a save the user's marks.
 */
export function createLikesService(deps: {
  db: Db;
  reads: Pick<ReadCaches, 'liked' | 'saved'>;
  /** Keeps `like_count` in step (the `josies` table is the josies module's). */
  josies: Pick<JosiesService, 'moveLikeCount' | 'lowerLikeCounts'>;
  /** Tells the josie's creator (grouped per day; docs/decisions/0024-notifications-centre.md). */
  notifier: Notifier;
}) {
  const { db, reads, josies, notifier } = deps;

  return {
    /**
     * `POST /api/josies/{id}/like`: likes, or unlikes when already liked. The like row and `like_count`
     * change in one transaction under a lock on the josie row, so concurrent toggles cannot drift the count.
     * @throws AppError 404 when the josie is unknown, not published, or the id is malformed.
     */
    async toggleLike(actor: AuthUser, josieId: string): Promise<LikeResponse> {
      if (!isUuid(josieId)) throw notFound();
      const data = await db.transaction(async (tx) => {
        if (!(await lockPublishedJosie(tx, josieId))) throw notFound();
        if (await deleteLike(tx, josieId, actor.id)) {
          return { liked: false, likeCount: await josies.moveLikeCount(tx, josieId, -1) };
        }
        // Every toggle holds the josie's lock, so the insert is new; the count moves only if a row was added.
        const added = await insertLike(tx, josieId, actor.id);
        if (added) await notifier.caused(tx, { kind: 'like', likerId: actor.id, josieId });
        return {
          liked: true,
          likeCount: added ? await josies.moveLikeCount(tx, josieId, 1) : await likeCountOf(tx, josieId),
        };
      });
      if (data.liked) notifier.committed();
      await reads.liked(actor.id, josieId);
      return { data };
    },

    /**
     * `POST /api/josies/{id}/save`: adds the josie to the caller's saved list, or removes it.
     * @throws AppError 404 when the josie is unknown, not published, or the id is malformed.
     */
    async toggleSave(actor: AuthUser, josieId: string): Promise<SaveResponse> {
      if (!isUuid(josieId)) throw notFound();
      const saved = await db.transaction(async (tx) => {
        if (!(await isPublished(tx, josieId))) throw notFound();
        if (await deleteSave(tx, josieId, actor.id)) return false;
        await insertSave(tx, josieId, actor.id);
        return true;
      });
      await reads.saved(actor.id);
      return { data: { saved } };
    },

    /**
     * Account deletion, inside the caller's transaction: removes every like and save the user gave and
     * lowers `like_count` of each josie they liked by one (decision 0004), so no count keeps a trace of
     * them. The read caches are told by the caller's `user.deleted` after commit (they drop every page the
     * user's likes counted in).
     */
    async removeAllOfUser(tx: Executor, userId: string): Promise<void> {
      await josies.lowerLikeCounts(tx, await deleteLikesAndSavesOf(tx, userId));
    },
  };
}
export type LikesService = ReturnType<typeof createLikesService>;
