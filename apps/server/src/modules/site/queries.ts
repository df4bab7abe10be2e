import type { AnalyticsEventBody, ContactBody } from '@josie/contract';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { analyticsEvents, contactMessages, newsletterSubscribers } from '../../db/schema.js';

/** Stores a contact message; `userId` is the signed-in sender, or null for a visitor. */
export async function insertContactMessage(
  db: Executor,
  message: ContactBody,
  userId: string | null,
): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, userId })
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** Stores a newsletter subscriber; an email already stored is left as it is (unique index on email). */
export async function insertSubscriber(db: Executor, email: string) {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}

/**
 * Stores one analytics event; `userId` is the signed-in user, or null for a visitor (or for an event the
 * server records). `reader`, `bot` and `at` are the studio's (docs/decisions/0050-curator-studio-counts.md).
 */
export async function insertAnalyticsEvent(
  db: Executor,
  event: { name: string; params: AnalyticsEventBody['params'] },
  userId: string | null,
  studio: { reader: string | null; bot: boolean; at: Date } = { reader: null, bot: false, at: new Date() },
) {
  await db.insert(analyticsEvents).values({ name: event.name, params: event.params, userId, ...studio });
}

/** Deletes the analytics events recorded more than `days` days ago, by the database clock. */
export async function deleteAnalyticsEventsOlderThan(db: Executor, days: number) {
  await db.delete(analyticsEvents).where(lt(analyticsEvents.at, sql`now() - make_interval(days => ${days})`));
}

/**
 * Forgets who sent the contact messages of a deleted account (docs/decisions/0025-account-and-data.md): the
 * messages it sent signed in, and any sent from its email address, keep their text for the admins but lose
 * the sender's name and email (both emptied). In the deletion's transaction, before the user row goes.
 */
export async function anonymiseContactMessagesOf(db: Executor, userId: string, email: string) {
  await db
    .update(contactMessages)
    .set({ name: '', email: '' })
    .where(
      or(eq(contactMessages.userId, userId), sql`lower(${contactMessages.email}) = ${email.toLowerCase()}`),
    );
}
