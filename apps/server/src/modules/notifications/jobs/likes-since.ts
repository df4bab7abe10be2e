import { setTimeout as sleep } from 'node:timers/promises';
import { coalesced } from '../../../lib/coalesced.js';
import { likesAfter, likesHeldBack, lockOutboxCursor, moveOutboxCursor } from '../queries.js';
import type { NotificationJobContext } from './context.js';
import type { LikesWriter } from './write-likes.js';

/**
 * Reads the likes added since its last read and tells their creators
 * (docs/decisions/0034-a-like-in-one-statement.md). Called after every like's commit (the `like.added`
 * event): a call while a read runs is answered by one more read after it, so a storm of likes costs a read
 * now and then, not one per like. Every instance reads from the same cursor, one at a time.
 * @returns when the read that will see the caller's like has finished; rejects when it failed (the cron's
 * `notify.likes-since` reads the likes again).
 */
export type LikesReader = () => Promise<void>;

/**
 * Transactions whose likes one read of the likes outbox takes (each toggle adds at most one like): the
 * read's statements are the batch's, whatever its size (decision 0034).
 */
export const LIKES_PAGE = 500;

/**
 * How long one read of the likes outbox waits, in all, for an older transaction to end when it holds back
 * committed likes (ms): longer than a statement, far shorter than the cron's minute.
 */
export const LIKES_HELD_BACK_MS = 1_000;

/** When the likes outbox is read whatever happens: every minute (cron), for likes no instance read. */
export const LIKES_SINCE_CRON = '* * * * *';

/**
 * The {@link LikesReader} of this instance: the `notify.likes-since` job (every minute, {@link LIKES_SINCE_CRON})
 * and the `like.added` event both call it.
 */
export function likesReader(deps: NotificationJobContext, writeLikes: LikesWriter): LikesReader {
  const { db } = deps;
  /**
   * One read of the likes outbox (docs/decisions/0034-a-like-in-one-statement.md): under the cursor's lock,
   * the likes of up to {@link LIKES_PAGE} ended transactions after it are written as entries and the cursor
   * moves past them, in one transaction: a like is told once, and a failed read leaves the cursor where it
   * was. Reads on while pages come back full. Committed likes that an older transaction still running held
   * back are read again after a short wait, doubling from 5 ms, for up to {@link LIKES_HELD_BACK_MS} in
   * all; past that the cron's read tells them.
   */
  async function readLikesOnce() {
    let waited = 0;
    for (let wait = 5; ; ) {
      const { after, full, held } = await db.transaction(async (tx) => {
        const position = await lockOutboxCursor(tx, 'likes');
        const page = await likesAfter(tx, position, LIKES_PAGE);
        if (page.last === null) return { after: null, full: false, held: await likesHeldBack(tx, position) };
        const likes = page.likes.map((like) => ({
          kind: 'like' as const,
          josieId: like.josieId,
          likerId: like.likerId,
          at: like.at.toISOString(),
        }));
        const done = await writeLikes(tx, likes);
        await moveOutboxCursor(tx, 'likes', page.last);
        return { after: done, full: page.full, held: !page.full && (await likesHeldBack(tx, page.last)) };
      });
      await after?.();
      if (full) continue;
      if (!held || waited >= LIKES_HELD_BACK_MS) return;
      await sleep(wait);
      waited += wait;
      wait *= 2;
    }
  }

  return coalesced(readLikesOnce);
}
