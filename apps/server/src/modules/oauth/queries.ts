import type { Provider } from '@josie/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oauthAccounts, sessions, users } from '../../db/schema.js';

/** A row of `oauth_accounts`. */
export type OAuthAccountRow = typeof oauthAccounts.$inferSelect;

/** The account linked to a provider's user id, with whether its user was deleted; undefined if none. */
export async function findByProviderUser(db: Executor, provider: Provider, providerUserId: string) {
  const [row] = await db
    .select({ account: oauthAccounts, userDeletedAt: users.deletedAt })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)));
  return row;
}

/** A user's link to one provider, or undefined. */
export async function findUserAccount(db: Executor, userId: string, provider: Provider) {
  const [row] = await db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)));
  return row;
}

/** The providers a user has linked. */
export async function linkedProviders(db: Executor, userId: string): Promise<Provider[]> {
  const rows = await db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(eq(oauthAccounts.userId, userId));
  return rows.map((r) => r.provider);
}

/** A user by email (lower-cased), deleted ones included: the email stays taken after a deletion. */
export async function findUserByEmailAny(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, deletedAt: users.deletedAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

/** The user row, locked until the transaction ends (serialises changes to the ways to sign in). */
export async function lockUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, activeProvider: users.activeProvider })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/** The values stored for a link. */
export interface AccountValues {
  providerUserId: string;
  accessTokenEnc: string | null;
  /** Undefined keeps the stored refresh token (providers do not always send a new one). */
  refreshTokenEnc: string | undefined;
  accessTokenExpiresAt: Date | null;
  profile: Record<string, unknown>;
}

/** Links a provider account to a user; undefined when either side is linked meanwhile. */
export async function insertAccount(db: Executor, userId: string, provider: Provider, v: AccountValues) {
  const [row] = await db
    .insert(oauthAccounts)
    .values({ userId, provider, ...v, refreshTokenEnc: v.refreshTokenEnc ?? null })
    .onConflictDoNothing()
    .returning({ id: oauthAccounts.id });
  return row;
}

/** Replaces a link's provider account, tokens and profile. */
export async function updateAccount(db: Executor, id: string, v: AccountValues) {
  await db
    .update(oauthAccounts)
    .set({
      providerUserId: v.providerUserId,
      accessTokenEnc: v.accessTokenEnc,
      accessTokenExpiresAt: v.accessTokenExpiresAt,
      profile: v.profile,
      ...(v.refreshTokenEnc === undefined ? {} : { refreshTokenEnc: v.refreshTokenEnc }),
    })
    .where(eq(oauthAccounts.id, id));
}

/** Stores refreshed tokens of a link. */
export async function updateTokens(
  db: Executor,
  id: string,
  v: { accessTokenEnc: string; accessTokenExpiresAt: Date | null; refreshTokenEnc?: string },
) {
  await db.update(oauthAccounts).set(v).where(eq(oauthAccounts.id, id));
}

/** Removes a user's link to a provider; answers whether there was one. */
export async function deleteAccount(db: Executor, userId: string, provider: Provider): Promise<boolean> {
  const rows = await db
    .delete(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)))
    .returning({ id: oauthAccounts.id });
  return rows.length > 0;
}

/** Whether a session is live (not revoked, not expired) and belongs to a live user. */
export async function isSessionLive(db: Executor, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    );
  return row !== undefined;
}
