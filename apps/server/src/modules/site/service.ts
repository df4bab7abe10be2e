import type { AnalyticsEventBody, ContactBody } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { insertAnalyticsEvent, insertContactMessage, insertSubscriber } from './queries.js';

/**
 * The public site's forms, which really work here (docs/product/differences.md#placeholders-that-work),
 * and the app's own analytics (docs/product/differences.md#analytics): the writes of the
 * `contact_messages`, `newsletter_subscribers` and `analytics_events` tables this module owns. Admins
 * read the first two in the admin area. The routes limit each per IP (decision 0010).
 */
export function createSiteService(deps: { db: Executor }) {
  const { db } = deps;
  return {
    /** `POST /api/contact`: stores the message for admins; `userId` is the signed-in sender or null. */
    async contact(message: ContactBody, userId: string | null): Promise<void> {
      await insertContactMessage(db, message, userId);
    },

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
