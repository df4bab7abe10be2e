import { type DeleteAccountBody, ERROR_CODES, type MessageResponse } from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mailer.js';
import { deleteAccountMail } from '../../adapters/mails/index.js';
import type { PrivateStorage, Storage } from '../../adapters/storage.js';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { AuthService } from '../auth/index.js';
import type { CommentsService } from '../comments/index.js';
import type { FollowsService } from '../follows/index.js';
import { josieImageUrls, type MediaService, storageKeysOf } from '../images/index.js';
import type { InvitesService } from '../invites/index.js';
import type { JosiesService } from '../josies/index.js';
import type { LikesService } from '../likes/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { ReportsService } from '../reports/index.js';
import type { RequestOrigin, SecurityLog } from '../security-log/index.js';
import type { SiteService } from '../site/index.js';
import type { UsersService } from '../users/index.js';
import { lockOtherAdmins, lockUserForDeletion, mediaKeyed } from './deletion.queries.js';
import { consumeEmailLink, createEmailLink } from './email-links.js';
import { exportKeysOf } from './export.queries.js';
import { ACCOUNT_MESSAGES, assertCurrentPassword } from './security.service.js';

/** How long a mailed deletion confirmation works, in hours. */
export const DELETE_LINK_TTL_HOURS = 24;

/** The user row a deletion locked, as its guard sees it. */
export type DeletedUser = NonNullable<Awaited<ReturnType<typeof lockUserForDeletion>>>;

/**
 * Deleting an account, for the admin (`DELETE /api/admin/users/{id}`) and for the account's owner
 * (`DELETE /api/users/me`): one orchestration (docs/decisions/0025-account-and-data.md, "Deleting one's
 * account"; docs/product/rules-and-limits.md#admin).
 */
export function createAccountDeletion(deps: {
  db: Db;
  storage: Pick<Storage, 'remove' | 'publicUrl'>;
  /** The private storage of the account's export zips. */
  files: Pick<PrivateStorage, 'remove'>;
  bus: Pick<EventBus, 'publish'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  mailer: Mailer;
  /** `PUBLIC_URL`, the start of the mailed confirmation link. */
  publicUrl: string;
  /**
   * The `sessions` table's owner: revokes them in the transaction, then forgets them on every instance
   * after commit (`user.sessions-revoked`, decision 0009).
   */
  sessions: Pick<AuthService, 'forgetUserSessions' | 'revokeUserSessions'>;
  /**
   * The owners of the tables a deletion writes (docs/decisions/0016-composition-root-and-module-boundaries.md);
   * each writes inside this one transaction.
   */
  users: Pick<UsersService, 'deleteUser' | 'findById'>;
  josies: Pick<JosiesService, 'removeAllOf'>;
  likes: Pick<LikesService, 'removeAllOfUser'>;
  /** The user's comments, and the counts of the josies they were on (decision 0046). */
  comments: Pick<CommentsService, 'removeAllOfUser'>;
  follows: Pick<FollowsService, 'removeAllOfUser'>;
  /** The reports the user filed (decision 0047). */
  reports: Pick<ReportsService, 'removeAllOfUser'>;
  invites: Pick<InvitesService, 'removeAllOfUser'>;
  media: Pick<MediaService, 'releaseUnreferenced' | 'removeAllOf'>;
  /** Forgets the sender of the account's contact messages (name and email emptied). */
  site: Pick<SiteService, 'forgetSender'>;
  /** Deletes other users' notifications keyed by the account's id (a follower, an invite's joiner). */
  notifications: Pick<NotificationsService, 'forgetUser'>;
  securityLog: SecurityLog;
}) {
  const { db, storage, files, bus, log, users, josies, likes, follows, invites, media, securityLog } = deps;

  async function removeFiles(keys: string[], from: Pick<Storage, 'remove'>, what: string) {
    const results = await Promise.allSettled(keys.map((key) => from.remove(key)));
    results.forEach((result, i) => {
      if (result.status === 'rejected') {
        log.warn({ err: result.reason, key: keys[i] }, `${what} of a deleted user was not removed`);
      }
    });
  }

  /**
   * A hard delete, in one transaction, of user `id` and everything they own, so that no stored count or
   * list keeps a trace of them: the likes and saves they gave (lowering those josies' `like_count`), their
   * josies (and the likes, saves and reviews on them), their follows both ways, their invites with their
   * uses and visits and their uses of other invites, their sessions, the name and email of the contact
   * messages they sent (the text stays for the admins, from no one), other users' notifications about them
   * alone (a follower, an invite's joiner: grouped under their id), then the user row, whose foreign keys
   * remove password resets, provider tokens, mailed links, exports, notifications and push subscriptions
   * (security events stay, with no user). Each table is written by the module that owns it, inside this
   * transaction, so a failure anywhere leaves the account whole. `check` runs first, on the locked row, and
   * refuses by throwing. `origin` records `account-deleted` in the security log (the owner's own deletion).
   * Every file the user uploaded loses its row (docs/decisions/0036-media-limits-and-provenance.md); of
   * the other files their deleted josies showed (uploaded by no one, such as the demo's), the ones nothing
   * still shows lose theirs (decision 0010). After commit: those files and the export zips are removed from storage (a failure is logged: the account is gone
   * already), the sessions are forgotten on every instance, `josie.unpublished` is published for each
   * josie that was in feeds, then `user.deleted`.
   * @throws AppError 404 unknown user; whatever `check` throws.
   */
  async function erase(
    id: string,
    check: (tx: Executor, user: DeletedUser) => Promise<void>,
    origin?: RequestOrigin,
  ): Promise<void> {
    const { removedJosies, mediaKeys, exportKeys } = await db.transaction(async (tx) => {
      const target = await lockUserForDeletion(tx, id);
      if (!target) throw errors.notFound('User not found');
      await check(tx, target);
      await likes.removeAllOfUser(tx, id);
      await deps.comments.removeAllOfUser(tx, id);
      await deps.reports.removeAllOfUser(tx, id);
      const removed = await josies.removeAllOf(tx, id);
      const shownByRemoved = storageKeysOf(
        storage,
        removed.flatMap((j) => josieImageUrls(j.paragraphs)),
      );
      // Every upload of the user goes, shown anywhere or not (decision 0036: a josie shows only its
      // creator's uploads, so another's josie showing one is older than that rule).
      const owned = await media.removeAllOf(tx, id);
      const candidates = await mediaKeyed(tx, shownByRemoved);
      const exports = await exportKeysOf(tx, id);
      await follows.removeAllOfUser(tx, id);
      await invites.removeAllOfUser(tx, id);
      await deps.site.forgetSender(tx, target);
      await deps.notifications.forgetUser(tx, id);
      await deps.sessions.revokeUserSessions(tx, id);
      // Before the user row: the event is written with the user, whose deletion then sets it to null.
      if (origin) await securityLog.record({ userId: id, kind: 'account-deleted', ...origin }, tx);
      await users.deleteUser(tx, id);
      // After the user row: the user's own avatar and header no longer count as showing a file.
      const keys = [...owned, ...(await media.releaseUnreferenced(tx, candidates))];
      return { removedJosies: removed, mediaKeys: keys, exportKeys: exports };
    });
    await deps.sessions.forgetUserSessions(id);
    await removeFiles(mediaKeys, storage, 'media file');
    await removeFiles(exportKeys, files, 'export file');
    for (const josie of removedJosies) {
      if (josie.status === 'published')
        bus.publish('josie.unpublished', { josieId: josie.id, creatorId: id });
    }
    bus.publish('user.deleted', { userId: id });
  }

  /** The last admin may not leave: the app would have no one to administer it. */
  async function refuseLastAdmin(tx: Executor, user: DeletedUser) {
    if (user.role === 'admin' && (await lockOtherAdmins(tx, user.id)) === 0) {
      throw errors.conflict(
        'You are the last admin: make someone else an admin before deleting your account',
        ERROR_CODES.LAST_ADMIN,
      );
    }
  }

  return {
    erase,

    /**
     * `POST /api/users/me/delete-link`: mails the owner of an account without a password (made through
     * Spotify or Google) a single-use link to `/account/delete?token=`, valid
     * {@link DELETE_LINK_TTL_HOURS} hours, and records `deletion-requested`. The mail is sent after commit;
     * a mail that cannot be handed over answers 503 (the link was made, a new request replaces it).
     * @throws AppError 400 `VALIDATION` for an account with a password (it confirms with the password);
     *   404 when the account is gone; 503 `UNAVAILABLE` when the mail could not be sent.
     */
    async requestDeleteLink(actor: AuthUser, origin: RequestOrigin): Promise<MessageResponse> {
      const { user, token } = await db.transaction(async (tx) => {
        const row = await lockUserForDeletion(tx, actor.id);
        if (!row) throw errors.notFound('User not found');
        if (row.passwordHash) {
          throw errors.badRequest('Please enter your password to delete your account');
        }
        await refuseLastAdmin(tx, row);
        const made = await createEmailLink(tx, {
          userId: row.id,
          purpose: 'delete-account',
          ttlHours: DELETE_LINK_TTL_HOURS,
        });
        await securityLog.record({ userId: row.id, kind: 'deletion-requested', ...origin }, tx);
        return { user: row, token: made };
      });
      const mail = deleteAccountMail({
        language: user.preferredLanguage,
        name: user.name,
        link: `${deps.publicUrl}/account/delete?token=${encodeURIComponent(token)}`,
        validHours: DELETE_LINK_TTL_HOURS,
      });
      try {
        await deps.mailer.send({ to: user.email, ...mail });
      } catch (err) {
        log.warn({ err }, 'account deletion mail not sent');
        throw errors.unavailable('The email could not be sent. Please try again later.');
      }
      return { success: true, message: `We sent a confirmation link to ${user.email}` };
    },

    /**
     * `DELETE /api/users/me`: deletes the caller's own account as {@link erase} does, confirmed by the
     * current password or by the token of the mailed link (spent in the same transaction, so a refused
     * deletion leaves it usable), and records `account-deleted`.
     * @throws AppError 400 `WRONG_PASSWORD` (never 401, which would sign the web out), 400 `NO_PASSWORD` for
     *   a password sent by an account without one, 400 `INVALID_EMAIL_LINK` for a wrong, used, expired or
     *   another account's token; 409 `LAST_ADMIN`.
     */
    async deleteOwn(actor: AuthUser, body: DeleteAccountBody, origin: RequestOrigin): Promise<void> {
      // The password is checked before the row lock (argon2 takes tens of milliseconds), then the locked
      // row must still have the hash that was checked.
      let checkedHash: string | null = null;
      if (body.password !== undefined) {
        const current = await users.findById(actor.id);
        if (!current) throw errors.notFound('User not found');
        await assertCurrentPassword(current.passwordHash, body.password);
        checkedHash = current.passwordHash;
      }
      await erase(
        actor.id,
        async (tx, user) => {
          if (body.password !== undefined) {
            if (user.passwordHash !== checkedHash) {
              throw errors.badRequest(ACCOUNT_MESSAGES.wrongPassword, ERROR_CODES.WRONG_PASSWORD);
            }
          } else {
            const link = await consumeEmailLink(tx, { token: body.token ?? '', purpose: 'delete-account' });
            if (link?.userId !== user.id) {
              throw errors.badRequest(
                'This link is invalid, used or expired. Please ask for a new one.',
                ERROR_CODES.INVALID_EMAIL_LINK,
              );
            }
          }
          await refuseLastAdmin(tx, user);
        },
        origin,
      );
    },
  };
}
export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
