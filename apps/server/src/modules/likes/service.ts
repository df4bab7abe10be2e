import type { LikeResponse, SaveResponse } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ReadCaches } from '../../reads/read-caches.js';
import type { EventBus } from '../../realtime/bus.js';
import type { JosiesService } from '../josies/index.js';
import {
  deleteLikesAndSavesOf,
  deleteSave,
  insertSave,
  isPublished,
  type LikeToggle,
  toggleLike,
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
  /** Lowers `like_count` when an account goes (the `josies` table is the josies module's). */
  josies: Pick<JosiesService, 'lowerLikeCounts'>;
  /**
   * Raises `like.added` after a like committed: the notifications module then tells the creator (grouped
   * per day; docs/decisions/0024-notifications-centre.md); `save.added` after a save, which the studio
   * counts (docs/decisions/0050-curator-studio-counts.md).
   */
  bus: Pick<EventBus, 'publish'>;
}) {
  const { db, reads, josies, bus } = deps;

  return {
    /**
     * `POST /api/josies/{id}/like`: likes, or unlikes when already liked. One statement adds or removes the
     * like row and moves `like_count` by it ({@link toggleLike}), so concurrent toggles cannot drift the
     * count. The like's row is the creator's notification: `like.added` makes the notifications module read
     * the likes added since it last did (docs/decisions/0034-a-like-in-one-statement.md); nothing is enqueued.
     * @throws AppError 404 when the josie is unknown, not published, or the id is malformed.
     */
    async toggleLike(actor: AuthUser, josieId: string): Promise<LikeResponse> {
      if (!isUuid(josieId)) throw notFound();
      let toggle: { change: LikeToggle; likeCount: number | null } = { change: 'raced', likeCount: null };
      for (let tries = 0; toggle.change === 'raced' && tries < MAX_TOGGLE_TRIES; tries += 1) {
        toggle = await toggleLike(db, josieId, actor.id);
      }
      const { change, likeCount } = toggle;
      if (change === 'unpublished' || likeCount === null) throw notFound();
      if (change === 'added') bus.publish('like.added', { josieId, userId: actor.id });
      await reads.liked(actor.id, josieId);
      // Still racing after every try: the like stands, added by another toggle.
      return { data: { liked: change !== 'removed', likeCount } };
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
      if (saved) bus.publish('save.added', { josieId, userId: actor.id });
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
