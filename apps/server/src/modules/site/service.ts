import type { AnalyticsEventBody, ContactBody } from '@josie/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Notifier } from '../notifications/index.js';
import {
  anonymiseContactMessagesOf,
  insertAnalyticsEvent,
  insertContactMessage,
  insertSubscriber,
} from './queries.js';

/**
 * The public site's forms, which really work here (docs/product/differences.md#placeholders-that-work),
 * and the app's own analytics (docs/product/differences.md#analytics): the writes of the
 * `contact_messages`, `newsletter_subscribers` and `analytics_events` tables this module owns. Admins
 * read the first two in the admin area. The routes limit each per IP (decision 0010).
 */
export function createSiteService(deps: {
  db: Db;
  /** Tells the admins (docs/decisions/0024-notifications-centre.md), in the message's transaction. */
  notifier: Notifier;
}) {
  const { db, notifier } = deps;
  return {
    /** `POST /api/contact`: stores the message for admins; `userId` is the signed-in sender or null. */
    async contact(message: ContactBody, userId: string | null): Promise<void> {
      await db.transaction(async (tx) => {
        const messageId = await insertContactMessage(tx, message, userId);
        await notifier.caused(tx, { kind: 'contact-message', messageId, senderId: userId });
      });
      notifier.committed();
    },

    /**
     * Forgets the name and email of the contact messages `user` sent, in an account deletion's
     * transaction `tx` (the `contact_messages` table is this module's; decision 0025).
     */
    forgetSender: (tx: Executor, user: { id: string; email: string }) =>
      anonymiseContactMessagesOf(tx, user.id, user.email),

    /** `POST /api/newsletter`: stores the email once; subscribing again is not an error. */
    async subscribe(email: string): Promise<void> {
      await insertSubscriber(db, email);
    },

    /**
     * `POST /api/analytics/events`: stores one event (its name and capped parameters checked by the
     * contract); `userId` is the signed-in user or null. Kept `ANALYTICS_RETENTION_DAYS` (decision 0010).
     */
    async track(event: AnalyticsEventBody, userId: string | null): Promise<void> {
      await insertAnalyticsEvent(db, event, userId);
    },
  };
}

/** The site service, as {@link createSiteService} builds it. */
export type SiteService = ReturnType<typeof createSiteService>;
