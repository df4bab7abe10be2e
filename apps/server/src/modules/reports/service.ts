import {
  ERROR_CODES,
  flagEnabled,
  type ModerationActionBody,
  type ModerationQueueQuery,
  type ModerationQueueResponse,
  REPORT_LIMITS,
  type Report,
  type ReportCreateBody,
  type ReportTargetType,
  type SuspensionResponse,
} from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db, Executor } from '../../db/client.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { AuthService } from '../auth/index.js';
import type { CommentsService } from '../comments/index.js';
import { decodeCursor, encodeCursor } from '../feed/index.js';
import type { FlagsService } from '../flags/index.js';
import type { Notifier } from '../notifications/index.js';
import type { ReviewService } from '../review/index.js';
import type { RequestOrigin, SecurityLog } from '../security-log/index.js';
import type { UsersService } from '../users/index.js';
import {
  deleteReportsBy,
  insertReport,
  type QueueRow,
  queuePage,
  type Resolution,
  reportableOwner,
  reportsBy,
  resolveOpenReports,
  targetFacts,
} from './queries.js';

const NOT_FOUND: Record<ReportTargetType, string> = {
  comment: 'Comment not found',
  josie: 'Josie not found',
  account: 'User not found',
};

/** What each action resolves its reports as, and the security-log kind it writes. */
const OUTCOME = {
  dismiss: { resolution: 'dismissed', kind: 'report-dismissed' },
  'remove-comment': { resolution: 'comment-removed', kind: 'comment-removed' },
  'send-back': { resolution: 'josie-sent-back', kind: 'josie-sent-back' },
  suspend: { resolution: 'account-suspended', kind: 'account-suspended' },
} as const satisfies Record<
  ModerationActionBody['action'],
  {
    resolution: Resolution;
    kind: 'report-dismissed' | 'comment-removed' | 'josie-sent-back' | 'account-suspended';
  }
>;

const presentReport = (row: {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: Report['reason'];
  text: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}): Report => ({
  _id: row.id,
  targetType: row.targetType,
  targetId: row.targetId,
  reason: row.reason,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

const presentTarget = (row: QueueRow): ModerationQueueResponse['data']['targets'][number] => ({
  targetType: row.targetType,
  targetId: row.targetId,
  reportCount: row.reportCount,
  latestAt: row.latestAt,
  reasons: row.reasons,
  texts: row.texts,
  preview: {
    exists: row.exists,
    text: row.commentText,
    josieId: row.josieId,
    josieTitle: row.josieTitle,
    josieStatus: row.josieStatus,
    userId: row.userId,
    userName: row.userName,
    suspended: row.suspended,
  },
});

/**
 * Reports, the moderation queue and suspensions (docs/decisions/0047-reports-and-moderation.md;
 * docs/product/rules-and-limits.md#reports-and-moderation). Anyone signed in reports a comment, a josie or
 * an account; editors and admins act on a reported target, which resolves all its open reports in the
 * action's transaction, writes a security-log entry (who and why) and tells each reporter the outcome by a
 * job (`report-resolved`). Suspending is an admin's: it revokes every session of the account, refuses it
 * sign-in and hides its comments until lifted.
 */
export function createReportsService(deps: {
  db: Db;
  flags: Pick<FlagsService, 'all'>;
  comments: Pick<CommentsService, 'removeInModeration'>;
  review: Pick<ReviewService, 'sendBack'>;
  users: Pick<UsersService, 'setSuspension'>;
  auth: Pick<AuthService, 'revokeUserSessions' | 'forgetUserSessions'>;
  securityLog: Pick<SecurityLog, 'record'>;
  /** Tells the reporters the outcome, enqueued in the action's transaction (decision 0024). */
  notifier: Notifier;
}) {
  const { db, flags, comments, review, users, auth, securityLog, notifier } = deps;

  /** @throws AppError 404 `FEATURE_DISABLED` while the `comments` flag is off (decision 0046). */
  async function assertCommentsEnabled(): Promise<void> {
    if (!flagEnabled('comments', (await flags.all()).comments)) {
      throw new AppError(404, ERROR_CODES.FEATURE_DISABLED, 'Comments are not available');
    }
  }

  /**
   * Suspends `userId` in `tx` with the admin's reason and revokes all its sessions; call
   * `auth.forgetUserSessions(userId)` after commit.
   * @throws AppError 403 for the admin's own account or another admin's; 409 `SUSPENSION_STATE` when it
   * already is suspended; 404 when the account is gone.
   */
  async function suspendInside(tx: Executor, actor: AuthUser, userId: string, reason: string) {
    const facts = await targetFacts(tx, 'account', userId);
    if (!facts) throw errors.notFound('User not found');
    if (facts.ownerId === actor.id) throw errors.forbidden('You cannot suspend your own account');
    if (facts.role === 'admin')
      throw errors.forbidden('An admin cannot be suspended: change their role first');
    const row = await users.setSuspension(tx, userId, reason);
    if (!row) {
      throw errors.conflict('This account is already suspended', ERROR_CODES.SUSPENSION_STATE);
    }
    await auth.revokeUserSessions(tx, userId);
    return row;
  }

  return {
    /**
     * `POST /api/reports`: files the caller's report of a comment (only while the `comments` flag is on), a
     * published josie or an account, with a reason and, for `other`, a text. The route's per-account rate
     * limit ran first (`REPORT_LIMITS.perMinute`).
     * @throws AppError 404 `FEATURE_DISABLED` for a comment while comments are off; 404 when the target is
     * unknown or not visible; 400 `CANNOT_REPORT_SELF` for yourself or your own comment or josie; 409
     * `ALREADY_REPORTED` when the caller's earlier report of it is still open.
     */
    async create(actor: AuthUser, body: ReportCreateBody): Promise<Report> {
      if (body.targetType === 'comment') await assertCommentsEnabled();
      if (!isUuid(body.targetId)) throw errors.notFound(NOT_FOUND[body.targetType]);
      const ownerId = await reportableOwner(db, body.targetType, body.targetId);
      if (!ownerId) throw errors.notFound(NOT_FOUND[body.targetType]);
      if (ownerId === actor.id) {
        throw new AppError(
          400,
          ERROR_CODES.CANNOT_REPORT_SELF,
          'You cannot report yourself or what you wrote',
        );
      }
      const row = await insertReport(db, {
        reporterId: actor.id,
        targetType: body.targetType,
        targetId: body.targetId,
        reason: body.reason,
        text: body.text ?? null,
      });
      if (!row) {
        throw errors.conflict(
          'You already reported this; an editor will look at it',
          ERROR_CODES.ALREADY_REPORTED,
        );
      }
      return presentReport(row);
    },

    /**
     * `GET /api/moderation/reports?cursor=` (editors and admins): {@link REPORT_LIMITS.pageSize} reported
     * targets a page, the one with the newest open report first, in one statement (`queuePage`).
     * @throws AppError 400 for a cursor this server did not write.
     */
    async queue(query: ModerationQueueQuery): Promise<ModerationQueueResponse> {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const size = REPORT_LIMITS.pageSize;
      const rows = await queuePage(db, { after, limit: size + 1, textsShown: REPORT_LIMITS.textsShown });
      const shown = rows.slice(0, size);
      const last = shown.at(-1);
      const nextCursor =
        rows.length > size && last ? encodeCursor({ at: last.latestAt, id: last.targetId }) : null;
      return { data: { targets: shown.map(presentTarget), nextCursor } };
    },

    /**
     * `POST /api/moderation/actions` (editors and admins): acts on a reported target and resolves all its
     * open reports, in one transaction with the action itself and its security-log entry; each reporter's
     * `report-resolved` notification is enqueued in it too. `dismiss` fits any target; `remove-comment` a
     * comment (the comments module's removal); `send-back` a josie (the review module's rejection, with
     * the reason told to its creator); `suspend` (admins only) the account, or the author of the comment or
     * josie.
     * @throws AppError 400 `ACTION_NOT_APPLICABLE` for an action that does not fit the target; 403 for an
     * editor's `suspend`; 404 `NO_OPEN_REPORTS` when the target has no open report (someone acted first);
     * the action's own refusals (404 for a target gone, 409 for a josie already sent back or an account
     * already suspended, 404 `FEATURE_DISABLED` for a comment while comments are off).
     */
    async act(
      actor: AuthUser,
      body: ModerationActionBody,
      origin: RequestOrigin,
    ): Promise<{ resolved: number }> {
      const target = { type: body.targetType, id: body.targetId };
      const fits =
        body.action === 'dismiss' ||
        body.action === 'suspend' ||
        (body.action === 'remove-comment' && target.type === 'comment') ||
        (body.action === 'send-back' && target.type === 'josie');
      if (!fits) {
        throw new AppError(
          400,
          ERROR_CODES.ACTION_NOT_APPLICABLE,
          `A ${target.type} cannot be acted on with ${body.action}`,
        );
      }
      if (body.action === 'suspend' && actor.role !== 'admin') {
        throw errors.forbidden('Only an admin can suspend an account');
      }
      if (!isUuid(target.id)) throw errors.notFound(NOT_FOUND[target.type]);
      const outcome = OUTCOME[body.action];
      const { resolved, committed, suspendedId } = await db.transaction(async (tx) => {
        // Resolving first locks the reports: a second moderator's action waits, then finds none open.
        const resolved = await resolveOpenReports(tx, target, outcome.resolution, actor.id);
        if (resolved.length === 0) {
          throw new AppError(404, ERROR_CODES.NO_OPEN_REPORTS, 'This has no open reports any more');
        }
        const owner = await targetFacts(tx, target.type, target.id);
        let committed: (() => unknown) | null = null;
        let suspendedId: string | null = null;
        if (body.action === 'remove-comment') {
          committed = (await comments.removeInModeration(tx, actor, target.id)).committed;
        } else if (body.action === 'send-back') {
          committed = (await review.sendBack(tx, actor, target.id, body.reason!)).committed;
        } else if (body.action === 'suspend') {
          if (!owner) throw errors.notFound(NOT_FOUND[target.type]);
          await suspendInside(tx, actor, owner.ownerId, body.reason!);
          suspendedId = owner.ownerId;
        }
        await securityLog.record(
          {
            userId: owner?.ownerId ?? null,
            kind: outcome.kind,
            actorId: actor.id,
            detail: body.reason ?? null,
            ip: origin.ip,
            userAgent: origin.userAgent,
          },
          tx,
        );
        for (const report of resolved) {
          await notifier.caused(tx, {
            kind: 'report-resolved',
            reportId: report.id,
            reporterId: report.reporterId,
          });
        }
        return { resolved: resolved.length, committed, suspendedId };
      });
      if (suspendedId) await auth.forgetUserSessions(suspendedId);
      await committed?.();
      notifier.committed();
      return { resolved };
    },

    /**
     * `POST /api/admin/users/{id}/suspension` (admins): suspends the account with a reason: every session
     * is revoked (signed out everywhere, sockets closed), sign-in is refused with 403 `ACCOUNT_SUSPENDED`
     * and its comments are hidden from every reader until lifted. Its open reports stay open.
     * @throws AppError 403 for the admin's own account or another admin's; 404; 409 `SUSPENSION_STATE`.
     */
    async suspend(
      actor: AuthUser,
      userId: string,
      reason: string,
      origin: RequestOrigin,
    ): Promise<SuspensionResponse> {
      const row = await db.transaction(async (tx) => {
        const row = await suspendInside(tx, actor, userId, reason);
        await securityLog.record(
          { userId, kind: 'account-suspended', actorId: actor.id, detail: reason, ...origin },
          tx,
        );
        return row;
      });
      await auth.forgetUserSessions(userId);
      return {
        data: { suspendedAt: row.suspendedAt?.toISOString() ?? null, suspensionReason: row.suspensionReason },
      };
    },

    /**
     * `DELETE /api/admin/users/{id}/suspension` (admins): lifts the suspension; the account signs in again
     * and its comments show again, as they were.
     * @throws AppError 404 for an unknown account; 409 `SUSPENSION_STATE` when it is not suspended.
     */
    async lift(actor: AuthUser, userId: string, origin: RequestOrigin): Promise<SuspensionResponse> {
      await db.transaction(async (tx) => {
        if (!(await targetFacts(tx, 'account', userId))) throw errors.notFound('User not found');
        if (!(await users.setSuspension(tx, userId, null))) {
          throw errors.conflict('This account is not suspended', ERROR_CODES.SUSPENSION_STATE);
        }
        await securityLog.record({ userId, kind: 'suspension-lifted', actorId: actor.id, ...origin }, tx);
      });
      return { data: { suspendedAt: null, suspensionReason: null } };
    },

    /** The user's own reports for their data export (not who else reported the same). */
    async exportOf(userId: string, tx: Executor = db): Promise<Report[]> {
      return (await reportsBy(tx, userId)).map(presentReport);
    },

    /** Account deletion, in its transaction: the reports the user filed go. */
    removeAllOfUser: (tx: Executor, userId: string): Promise<void> => deleteReportsBy(tx, userId),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
