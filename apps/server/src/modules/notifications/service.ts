import type {
  Language,
  NotificationsQuery,
  NotificationsReadBody,
  NotificationsResponse,
  PushPublicKeyResponse,
  PushSubscriptionBody,
  UnreadCountResponse,
} from '@josie/contract';
import { ERROR_CODES } from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PushSender } from '../../adapters/webpush.js';
import type { Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import { decodeCursor, encodeCursor } from '../feed/index.js';
import type { UsersService } from '../users/index.js';
import { presentNotification } from './centre.js';
import { isKnownPushService } from './push-services.js';
import {
  deleteNotificationsKeyedBy,
  deleteSubscription,
  liveUserLanguage,
  markRead,
  notificationsOf,
  trimSubscriptions,
  unreadCount,
  upsertSubscription,
} from './queries.js';
import type { UnsubscribeTokens } from './tokens.js';

/** Push subscriptions (browsers) kept per account; a new one beyond drops the oldest (decision 0036). */
export const PUSH_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/** The message of every push call on a server without VAPID keys (docs/product/README.md#external-services-are-adapters: say so clearly). */
export const PUSH_NOT_CONFIGURED = 'Push notifications are not configured on this server';

/** Error code of an unsubscribe link whose token is not genuine (or whose account is gone). */
export const INVALID_UNSUBSCRIBE_TOKEN = ERROR_CODES.INVALID_UNSUBSCRIBE_TOKEN;

/**
 * This browser's push subscription and the one-click email unsubscribe
 * (docs/product/rules-and-limits.md#notifications-and-install). Sending is in `jobs.ts`.
 */
export function createNotificationsService(deps: {
  db: Executor;
  push: PushSender | null;
  tokens: UnsubscribeTokens;
  /** The owner of the `users` table, which turns the emails off. */
  users: Pick<UsersService, 'disableEmails'>;
  /** Tells the caller's other tabs and devices that notifications were read. */
  bus: Pick<EventBus, 'publish'>;
  /** Where a refused push subscription is reported, once, as a warning. */
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Hosts a subscription may name besides the known push services (`PUSH_SERVICE_HOSTS`). */
  extraPushServiceHosts: readonly string[];
}) {
  const { db, push, tokens, users, bus, log } = deps;

  function requirePush(): PushSender {
    if (!push) throw errors.unavailable(PUSH_NOT_CONFIGURED);
    return push;
  }

  /** The language of the token's live user. @throws AppError 400 `INVALID_UNSUBSCRIBE_TOKEN` when none. */
  function found(user: { language: Language } | undefined): { language: Language } {
    if (!user) throw errors.badRequest('This unsubscribe link is not valid', INVALID_UNSUBSCRIBE_TOKEN);
    return { language: user.language };
  }

  return {
    /**
     * Deletes other users' notifications about `userId` alone (a new follower, an invite's joiner), in an
     * account deletion's transaction `tx`: none keeps the deleted account's id (decision 0025).
     */
    forgetUser: (tx: Executor, userId: string) => deleteNotificationsKeyedBy(tx, userId),

    /**
     * `GET /api/notifications`: the caller's notifications, newest change first, a page of `query.limit`
     * after `query.cursor`, with the unread count (docs/decisions/0024-notifications-centre.md). Two
     * statements whatever the page holds. Only the caller's own rows are ever read.
     * @throws AppError 400 `VALIDATION` for a cursor this server did not make.
     */
    async list(actor: AuthUser, query: NotificationsQuery): Promise<NotificationsResponse> {
      // The feed's keyset cursor (docs/product/routes-and-roles.md#api), as the security log's.
      const before = query.cursor === undefined ? null : decodeCursor(query.cursor);
      const [rows, unread] = await Promise.all([
        notificationsOf(db, actor.id, { limit: query.limit + 1, before }),
        unreadCount(db, actor.id),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const hasMore = rows.length > query.limit;
      return {
        data: {
          notifications: page.map(presentNotification),
          hasMore,
          nextCursor: hasMore && last ? encodeCursor({ at: last.updatedAt, id: last.id }) : null,
          unreadCount: unread,
        },
      };
    },

    /**
     * `POST /api/notifications/read`: marks the caller's notifications among `body.ids` read, or all of them;
     * ids of others' notifications change nothing. The caller's other sockets get `notifications-read`.
     * @returns the unread count after it.
     */
    async markRead(actor: AuthUser, body: NotificationsReadBody): Promise<UnreadCountResponse> {
      await markRead(db, actor.id, body.ids);
      const count = await unreadCount(db, actor.id);
      bus.publish('notifications.read', { userId: actor.id, unreadCount: count });
      return { unreadCount: count };
    },

    /** `GET /api/notifications/unread-count`: one capped read of the partial unread index. */
    async unreadCount(actor: AuthUser): Promise<UnreadCountResponse> {
      return { unreadCount: await unreadCount(db, actor.id) };
    },

    /**
     * `GET /api/push/public-key`: the VAPID public key browsers subscribe with.
     * @throws AppError 503 when web push is not configured.
     */
    publicKey(): PushPublicKeyResponse {
      return { publicKey: requirePush().publicKey };
    },

    /**
     * `POST /api/users/me/push-subscriptions`: stores this browser's subscription for the actor (moving it
     * from another account that registered the same browser before), keeping the account's
     * {@link PUSH_SUBSCRIPTIONS_PER_ACCOUNT} newest: the oldest beyond go
     * (docs/decisions/0036-media-limits-and-provenance.md).
     * @throws AppError 400 `PUSH_SERVICE_NOT_ALLOWED` for an endpoint that is not a known push service
     *   (modules/notifications/push-services.ts), logged once as a warning; 503 when web push is not
     *   configured.
     */
    async subscribe(actor: AuthUser, body: PushSubscriptionBody): Promise<void> {
      requirePush();
      if (!isKnownPushService(body.endpoint, deps.extraPushServiceHosts)) {
        log.warn(
          { userId: actor.id, host: new URL(body.endpoint).host },
          'push subscription refused: not a known push service',
        );
        throw errors.badRequest(
          "This browser's push service is not one this server sends to",
          ERROR_CODES.PUSH_SERVICE_NOT_ALLOWED,
        );
      }
      await upsertSubscription(db, actor.id, body);
      await trimSubscriptions(db, actor.id, PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
    },

    /**
     * `DELETE /api/users/me/push-subscriptions`: forgets the actor's subscription with this endpoint.
     * Idempotent: an endpoint already gone (or someone else's) changes nothing.
     */
    async unsubscribe(actor: AuthUser, endpoint: string): Promise<void> {
      await deleteSubscription(db, actor.id, endpoint);
    },

    /**
     * Opening an email's unsubscribe link (`GET`/`HEAD`): checks the token and changes nothing, since mail
     * scanners follow links (decision 0010).
     * @returns the user's language, for the page that asks to confirm.
     * @throws AppError 400 `INVALID_UNSUBSCRIBE_TOKEN` for a token that is not genuine or whose account is
     *   gone.
     */
    async unsubscribeTarget(token: string): Promise<{ language: Language }> {
      const claims = tokens.verify(token);
      return found(claims ? await liveUserLanguage(db, claims.userId) : undefined);
    },

    /**
     * Confirming an email's unsubscribe link (`POST`: the page's button or a mail client's RFC 8058
     * one-click): turns the token's user's emails off (`allowEmails: false`). Repeating it is harmless.
     * @returns the user's language, for the confirmation page.
     * @throws AppError 400 `INVALID_UNSUBSCRIBE_TOKEN` for a token that is not genuine or whose account is
     *   gone.
     */
    async unsubscribeEmails(token: string): Promise<{ language: Language }> {
      const claims = tokens.verify(token);
      return found(claims ? await users.disableEmails(claims.userId) : undefined);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
