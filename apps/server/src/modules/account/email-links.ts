import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import {
  type EmailLinkPurpose,
  insertEmailLink,
  spendEmailLink,
  verifiedOwnerOfLink,
} from './email-links.queries.js';

export type { EmailLinkPurpose } from './email-links.queries.js';

/** Only this hash of a link's token is stored; the token itself exists in the mail alone. */
export function hashEmailLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a mailed single-use link (docs/decisions/0025-account-and-data.md, "Verification"): 256 random
 * bits, stored as their SHA-256 hash with the purpose, the user, the new address of an email change, and
 * an expiry `ttlHours` hours from now. Every older unused link of the same user and purpose stops working.
 * Call it inside the transaction of the change it belongs to.
 * @returns the token to put in the link (base64url, 43 characters); never stored.
 */
export async function createEmailLink(
  tx: Executor,
  link: { userId: string; purpose: EmailLinkPurpose; newEmail?: string; ttlHours: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertEmailLink(tx, {
    userId: link.userId,
    purpose: link.purpose,
    tokenHash: hashEmailLinkToken(token),
    newEmail: link.newEmail ?? null,
    expiresAt: new Date(Date.now() + link.ttlHours * 3_600_000),
  });
  return token;
}

/**
 * Spends the link of `token` for `purpose`: found by its hash (never compared byte by byte), unused,
 * unexpired, its user not deleted, and marked used in the same statement, so a second click, or a
 * concurrent one, gets null. Call it inside the transaction of the change the link confirms, so a change
 * that rolls back leaves the link usable.
 * @returns the link's user and new address (null unless an email change), or null for a wrong, used,
 *   expired or other-purpose token.
 */
export async function consumeEmailLink(
  tx: Executor,
  link: { token: string; purpose: EmailLinkPurpose },
): Promise<{ userId: string; newEmail: string | null } | null> {
  const row = await spendEmailLink(tx, hashEmailLinkToken(link.token), link.purpose);
  return row ?? null;
}

/**
 * Whether the verification link of `token` belongs to an account whose address is verified (the link was
 * followed before, or a newer one was): the page then says "already verified" (409 `ALREADY_VERIFIED`), not
 * "invalid link" (docs/decisions/0025-account-and-data.md, "Verification").
 */
export async function isVerifiedAccountsLink(tx: Executor, token: string): Promise<boolean> {
  return (await verifiedOwnerOfLink(tx, hashEmailLinkToken(token), 'verify-email')) !== undefined;
}
