import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { emailLinks, users } from '../../db/schema.js';

/** What a mailed link is for (the `email_links.purpose` column). */
export type EmailLinkPurpose = (typeof emailLinks.purpose.enumValues)[number];

/**
 * Stores a new link's token hash, and spends every other unused link of the same user and purpose, so only
 * the latest mail works (an older change-email link must not move the address somewhere else).
 */
export async function insertEmailLink(
  db: Executor,
  link: {
    userId: string;
    purpose: EmailLinkPurpose;
    tokenHash: string;
    newEmail: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .update(emailLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailLinks.userId, link.userId),
        eq(emailLinks.purpose, link.purpose),
        isNull(emailLinks.usedAt),
      ),
    );
  await db.insert(emailLinks).values(link);
}

/**
 * Spends the unused, unexpired link with this hash and purpose whose user is not deleted, in one statement
 * (two requests with the same token cannot both win). @returns its user and new address, or undefined.
 */
export async function spendEmailLink(db: Executor, tokenHash: string, purpose: EmailLinkPurpose) {
  const live = db.select({ id: users.id }).from(users).where(isNull(users.deletedAt));
  const [row] = await db
    .update(emailLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailLinks.tokenHash, tokenHash),
        eq(emailLinks.purpose, purpose),
        isNull(emailLinks.usedAt),
        gt(emailLinks.expiresAt, new Date()),
        inArray(emailLinks.userId, live),
      ),
    )
    .returning({ userId: emailLinks.userId, newEmail: emailLinks.newEmail });
  return row;
}

/**
 * The live user of the link with this hash and purpose, used or not, expired or not, when that user's
 * address is verified: a verification link clicked again answers "already verified" rather than "invalid".
 */
export async function verifiedOwnerOfLink(
  db: Executor,
  tokenHash: string,
  purpose: EmailLinkPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: emailLinks.userId })
    .from(emailLinks)
    .innerJoin(users, eq(users.id, emailLinks.userId))
    .where(
      and(
        eq(emailLinks.tokenHash, tokenHash),
        eq(emailLinks.purpose, purpose),
        isNull(users.deletedAt),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Deletes at most `limit` links used or expired more than `graceDays` days ago, by the database clock
 * (decision 0018, "Scheduled work"): a missing row answers a click the same way. @returns the rows deleted.
 */
export async function deleteSpentEmailLinks(db: Executor, graceDays: number, limit: number): Promise<number> {
  const cutoff = sql`now() - make_interval(days => ${graceDays})`;
  const spent = db
    .select({ id: emailLinks.id })
    .from(emailLinks)
    .where(or(lt(emailLinks.expiresAt, cutoff), lt(emailLinks.usedAt, cutoff)))
    .limit(limit);
  const deleted = await db
    .delete(emailLinks)
    .where(inArray(emailLinks.id, spent))
    .returning({ id: emailLinks.id });
  return deleted.length;
}

/**
 * Spends every unused link of the user whose purpose is one of `purposes` (a password change, "sign out
 * everywhere else" or a new address must close a pending email change or deletion: decision 0025,
 * "Password and email changes").
 */
export async function spendUserEmailLinks(
  db: Executor,
  userId: string,
  purposes: readonly EmailLinkPurpose[],
): Promise<void> {
  await db
    .update(emailLinks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailLinks.userId, userId),
        inArray(emailLinks.purpose, [...purposes]),
        isNull(emailLinks.usedAt),
      ),
    );
}
