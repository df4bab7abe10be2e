import type { Language, PushPublicKeyResponse, PushSubscriptionBody } from '@josie/contract';
import { ERROR_CODES } from '@josie/contract';
import type { PushSender } from '../../adapters/webpush.js';
import type { Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { UsersService } from '../users/index.js';
import { deleteSubscription, liveUserLanguage, upsertSubscription } from './queries.js';
import type { UnsubscribeTokens } from './tokens.js';

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
}) {
  const { db, push, tokens, users } = deps;

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
     * `GET /api/push/public-key`: the VAPID public key browsers subscribe with.
     * @throws AppError 503 when web push is not configured.
     */
    publicKey(): PushPublicKeyResponse {
      return { publicKey: requirePush().publicKey };
    },

    /**
     * `POST /api/users/me/push-subscriptions`: stores this browser's subscription for the actor (moving it
     * from another account that registered the same browser before).
     * @throws AppError 503 when web push is not configured.
     */
    async subscribe(actor: AuthUser, body: PushSubscriptionBody): Promise<void> {
      requirePush();
      await upsertSubscription(db, actor.id, body);
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
