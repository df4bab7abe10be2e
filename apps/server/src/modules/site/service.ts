import { type AnalyticsEventBody, type ContactBody, isStudioEvent } from '@josie/contract';
import type { Db, Executor } from '../../db/client.js';
import type { Notifier } from '../notifications/index.js';
import type { ReaderOrigin, Readers, StudioServerEvent } from '../studio/index.js';
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
  /** Hashes the reader of each event with the day's salt, and tells bots (docs/decisions/0050-curator-studio-counts.md). */
  readers: Readers;
  /** Told after a studio event is stored, so that the studio counts it within seconds (decision 0050). */
  studioEventStored?: () => void;
}) {
  const { db, notifier, readers } = deps;
  const stored = deps.studioEventStored ?? (() => {});
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
    async track(event: AnalyticsEventBody, origin: ReaderOrigin): Promise<void> {
      const at = new Date();
      const { reader, bot } = await readers.readerOf(origin, at);
      // Only the studio's events are counted per reader; the others keep no reader (decision 0050).
      const studio = { reader: isStudioEvent(event.name) ? reader : null, bot, at };
      await insertAnalyticsEvent(db, event, origin.userId, studio);
      if (studio.reader !== null) stored();
    },

    /**
     * Records an event the server itself saw (a like, a save, a comment, a follow gained or lost, an invite
     * joined) for the studio's counts (docs/decisions/0050-curator-studio-counts.md): no user and no reader,
     * each counted once. Called after the action's commit, from the domain events.
     */
    async recordServerEvent(name: StudioServerEvent, params: Record<string, string>): Promise<void> {
      await insertAnalyticsEvent(db, { name, params }, null);
      stored();
    },
  };
}

/** The site service, as {@link createSiteService} builds it. */
export type SiteService = ReturnType<typeof createSiteService>;
