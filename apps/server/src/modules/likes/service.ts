import type { LikeResponse, SaveResponse } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ReadCaches } from '../../reads/read-caches.js';
import type { JosiesService } from '../josies/index.js';
import type { Notifier } from '../notifications/index.js';
import {
  deleteLikesAndSavesOf,
  deleteSave,
  insertSave,
  isPublished,
  type LikeToggle,
  toggleLikeRow,
} from './queries.js';

const notFound = () => errors.notFound('Josie not found');

/**
 * Tries of a toggle that keeps meeting the same user's toggles of the same like: each `raced` try follows
 * another's commit, so clicking alone never reaches this; past it the like is left as it is (liked).
 */
const MAX_TOGGLE_TRIES = 10;

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
     * change in one transaction, the row first ({@link toggleLikeRow}): each toggle moves the count by the
     * row it removed or added, so concurrent toggles cannot drift it. A like is three statements (the
     * toggle, the creator's notification job, the count), an unlike two (docs/performance.md).
     * @throws AppError 404 when the josie is unknown, not published, or the id is malformed.
     */
    async toggleLike(actor: AuthUser, josieId: string): Promise<LikeResponse> {
      if (!isUuid(josieId)) throw notFound();
      const data = await db.transaction(async (tx) => {
        let change: LikeToggle = 'raced';
        for (let tries = 0; change === 'raced' && tries < MAX_TOGGLE_TRIES; tries += 1) {
          change = await toggleLikeRow(tx, josieId, actor.id);
        }
        if (change === 'unpublished') throw notFound();
        if (change === 'removed') {
          return { liked: false, likeCount: await josies.moveLikeCount(tx, josieId, -1) };
        }
        // Still racing after every try: the like stands, added by another toggle; its count moves by nothing.
        if (change === 'raced') return { liked: true, likeCount: await josies.moveLikeCount(tx, josieId, 0) };
        await notifier.caused(tx, { kind: 'like', likerId: actor.id, josieId });
        return { liked: true, likeCount: await josies.moveLikeCount(tx, josieId, 1) };
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
