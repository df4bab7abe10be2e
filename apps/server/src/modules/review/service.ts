import type { Josie, RejectBody } from '@josie/contract';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { HomeTimelines } from '../feed/index.js';
import { findJosie, isUuid, type JosieRow, type JosiesService, presentJosiesFor } from '../josies/index.js';
import { insertReview, listPendingJosies } from './queries.js';

/**
 * The review queue of editors and admins: list pending josies, approve, reject with a reason.
 * docs/product/routes-and-roles.md#review, docs/product/rules-and-limits.md#review-flow,
 * docs/product/routes-and-roles.md#api. Route access limits callers to reviewers.
 */
export function createReviewService(deps: {
  db: Db;
  bus: EventBus;
  /** Changes the josie's status (the `josies` table is the josies module's). */
  josies: Pick<JosiesService, 'transitionPending' | 'sendBack'>;
  /** Adds a published josie to its readers' home timelines, in the approval's transaction (decision 0027). */
  timelines: Pick<HomeTimelines, 'published' | 'committed'>;
}) {
  const { db, bus, josies, timelines } = deps;

  /**
   * Applies a review decision and appends its review entry in one transaction.
   * @throws AppError 404 for an unknown or malformed id; 409 when the josie is not pending.
   */
  async function decide(
    actor: AuthUser,
    id: string,
    decision: { status: 'published' } | { status: 'rejected'; rejectionReason: string },
  ): Promise<JosieRow> {
    if (!isUuid(id)) throw errors.notFound('Josie not found');
    return db.transaction(async (tx) => {
      const row = await josies.transitionPending(tx, id, decision);
      if (!row) {
        const existing = await findJosie(tx, id);
        if (!existing) throw errors.notFound('Josie not found');
        throw errors.conflict(`Only pending josies can be reviewed; this one is ${existing.status}`);
      }
      await insertReview(tx, {
        josieId: id,
        reviewedBy: actor.id,
        action: decision.status === 'published' ? 'approved' : 'rejected',
        ...(decision.status === 'rejected' ? { rejectionReason: decision.rejectionReason } : {}),
      });
      if (row.status === 'published') await timelines.published(tx, row);
      return row;
    });
  }

  /** The parties of a `josie.reviewed` event (notifications tell the creator). */
  const reviewed = (row: JosieRow, actor: AuthUser) => ({
    josieId: row.id,
    creatorId: row.creatorId,
    reviewerId: actor.id,
  });

  return {
    /** `GET /api/josies/pending`: every pending josie, oldest update first, in a fixed number of queries. */
    async listPending(actor: AuthUser): Promise<Josie[]> {
      return presentJosiesFor(db, await listPendingJosies(db), actor);
    },

    /**
     * `PUT /api/josies/{id}/approve`: pending -> published (sets `published_at` on first publication),
     * appends an `approved` review, then announces `josie.published` (feeds, realtime) and `josie.reviewed`
     * (notifications).
     * @throws AppError 404, 409 (not pending).
     */
    async approve(actor: AuthUser, id: string): Promise<Josie> {
      const row = await decide(actor, id, { status: 'published' });
      timelines.committed();
      bus.publish('josie.published', { josieId: row.id, creatorId: row.creatorId });
      bus.publish('josie.reviewed', { ...reviewed(row, actor), action: 'approved', reason: null });
      return (await presentJosiesFor(db, [row], actor))[0]!;
    },

    /**
     * The moderation queue's `send-back` (docs/decisions/0047-reports-and-moderation.md), inside the
     * caller's transaction: a published (or pending) josie is rejected with the moderator's reason, as
     * {@link reject} leaves a pending one, with a `rejected` review entry; its creator edits it back into
     * the review queue. Call the answer's `committed` after commit: the josie leaves the feeds
     * (`josie.unpublished`) and its creator is told the reason (`josie.reviewed`).
     * @throws AppError 404 for an unknown id; 409 when it is already rejected.
     */
    async sendBack(tx: Executor, actor: AuthUser, id: string, reason: string) {
      if (!isUuid(id)) throw errors.notFound('Josie not found');
      const sent = await josies.sendBack(tx, id, reason);
      if (!sent) {
        const existing = await findJosie(tx, id);
        if (!existing) throw errors.notFound('Josie not found');
        throw errors.conflict('This josie is already back with its curator');
      }
      await insertReview(tx, {
        josieId: id,
        reviewedBy: actor.id,
        action: 'rejected',
        rejectionReason: reason,
      });
      const { before, after } = sent;
      return {
        committed: () => {
          if (before.status === 'published') {
            bus.publish('josie.unpublished', { josieId: id, creatorId: after.creatorId });
          }
          bus.publish('josie.reviewed', { ...reviewed(after, actor), action: 'rejected', reason });
        },
      };
    },

    /**
     * `PUT /api/josies/{id}/reject`: pending -> rejected with the trimmed reason, and a `rejected`
     * review carrying it; then announces `josie.reviewed` (notifications).
     * @throws AppError 404, 409 (not pending).
     */
    async reject(actor: AuthUser, id: string, body: RejectBody): Promise<Josie> {
      const row = await decide(actor, id, { status: 'rejected', rejectionReason: body.rejectionReason });
      bus.publish('josie.reviewed', {
        ...reviewed(row, actor),
        action: 'rejected',
        reason: body.rejectionReason,
      });
      return (await presentJosiesFor(db, [row], actor))[0]!;
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
