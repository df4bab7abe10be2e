import {
  ERROR_CODES,
  type ListenService,
  type Provider,
  type PublicProfile,
  type Role,
  type User,
} from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Executor } from '../../db/client.js';
import type { NotificationSettingsColumn, OnboardingColumn, PreferencesColumn } from '../../db/schema.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { FollowsService } from '../follows/index.js';
import { presentPreferences, presentProfile, presentUser } from './presenter.js';
import {
  changeEmail,
  deleteUserRow,
  disableEmails,
  findProfile,
  findUserByEmail,
  findUserById,
  insertUser,
  isEmailTaken,
  isSuspended,
  markEmailVerified,
  mergeNotificationSettings,
  mergePreferences,
  type NewUserValues,
  removeFromUserPreferences,
  setActiveProvider,
  setLastLogin,
  setOnboarding,
  setPasswordHash,
  setProfileImageUrl,
  setSuspension,
  spotifyIdOf,
  updateProfileFields,
  updateRole,
  upsertAdmin,
} from './queries.js';

/** What an unverified account is told when it tries to publish or invite. */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address first: open the link we emailed you, or send a new one from the banner.';

/** Whether `err` (or its cause, as Drizzle wraps driver errors) is PostgreSQL's unique violation. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Makes the account with `email` (lower-cased) an admin with this password hash, creating it (onboarding
 * done) when missing: how an installation gets its first admin (auth's `ensureAdmin`, run at start-up and by
 * `npm run create-admin` before any service exists, hence a function of the executor).
 * @returns true when the account was created, false when an existing one was promoted.
 */
export function ensureAdminAccount(
  db: Executor,
  admin: { email: string; name: string; passwordHash: string },
): Promise<boolean> {
  return upsertAdmin(db, admin);
}

/**
 * Account reads shared by the auth and users routes, the user rows other modules read, and every write of
 * the `users` table other modules need (the table is this module's:
 * docs/decisions/0016-composition-root-and-module-boundaries.md).
 */
export function createUsersService(deps: { db: Executor; follows: Pick<FollowsService, 'followingIds'> }) {
  const { db, follows } = deps;

  /**
   * The full contract {@link User} for an id (three indexed reads).
   * @throws AppError 404 when the user does not exist or was deleted.
   */
  async function loadUser(id: string): Promise<User> {
    const row = await findUserById(db, id);
    if (!row) throw errors.notFound('User not found');
    const [following, spotifyId] = await Promise.all([follows.followingIds(id), spotifyIdOf(db, id)]);
    return presentUser(row, following, spotifyId);
  }

  return {
    loadUser,

    // The writes of the `users` table other modules ask for (docs/ARCHITECTURE.md). Those that belong to
    // the caller's transaction take it as `tx`.

    /**
     * Creates an account (email lower-cased): sign-up with a password, or a provider's first sign-in
     * (`passwordHash` null). @returns the new id, or undefined when the email is taken (deleted accounts
     * included: the email stays taken after a deletion).
     */
    insertUser: (tx: Executor, values: NewUserValues) => insertUser(tx, values),
    /** Records the time of a sign-in (`lastLogin` of the contract's user). */
    setLastLogin: (tx: Executor, userId: string, at: Date) => setLastLogin(tx, userId, at),
    /** Marks the address verified (the mailed link, a provider's word); false when the user is gone. */
    markEmailVerified: (tx: Executor, userId: string) => markEmailVerified(tx, userId),
    /**
     * Moves the account to a confirmed new address; false when the user is gone or the address is taken
     * (by a check in the same statement; a concurrent taker trips the unique index, answered the same).
     */
    async changeEmail(tx: Executor, userId: string, email: string): Promise<boolean> {
      try {
        return await changeEmail(tx, userId, email);
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },
    /**
     * Refuses the actions that reach other people (publishing a josie, creating an invite) until the
     * account's address is verified (docs/decisions/0025-account-and-data.md, "Verification").
     * @throws AppError 403 `EMAIL_NOT_VERIFIED`; 404 when the account is gone.
     */
    async assertEmailVerified(actor: Pick<AuthUser, 'id'>): Promise<void> {
      const row = await findUserById(db, actor.id);
      if (!row) throw errors.notFound('User not found');
      if (!row.emailVerifiedAt) {
        throw new AppError(403, ERROR_CODES.EMAIL_NOT_VERIFIED, EMAIL_NOT_VERIFIED_MESSAGE);
      }
    },
    /** Replaces the password hash (argon2id, hashed by auth); null removes the password. */
    setPasswordHash: (tx: Executor, userId: string, passwordHash: string | null) =>
      setPasswordHash(tx, userId, passwordHash),
    /** The provider last signed in or connected with (docs/product/rules-and-limits.md#sign-in-providers). */
    setActiveProvider: (tx: Executor, userId: string, provider: Provider) =>
      setActiveProvider(tx, userId, provider),
    /** Stores `{completed, step}` and answers it; undefined when the user is gone. */
    setOnboarding: (tx: Executor, userId: string, onboarding: OnboardingColumn) =>
      setOnboarding(tx, userId, onboarding),
    /** Sets a live user's bio and, when given, name; false when the user is missing or deleted. */
    updateProfile: (userId: string, fields: { bio: string; name?: string | undefined }) =>
      updateProfileFields(db, userId, fields),
    /** Merges `patch` into the stored preferences and answers them; undefined when the user is gone. */
    setPreferences: (userId: string, patch: PreferencesColumn) => mergePreferences(db, userId, patch),
    /** Merges the switches given into the notification settings and answers both; undefined when gone. */
    setNotificationSettings: (userId: string, patch: Partial<NotificationSettingsColumn>) =>
      mergeNotificationSettings(db, userId, patch),
    /**
     * Turns a live user's email notifications off (the unsubscribe link, decision 0010).
     * @returns `{language}` of the user, or undefined when there is no such live user.
     */
    disableEmails: (userId: string) => disableEmails(db, userId),
    /** Sets a user's role; answers the updated row (admin has locked and checked it). */
    setRole: (tx: Executor, userId: string, role: Role) => updateRole(tx, userId, role),
    /**
     * The moderation module's suspension, in its transaction: `reason` suspends now, null lifts it
     * (docs/decisions/0047-reports-and-moderation.md). Undefined when the user is gone or already so.
     */
    setSuspension: (tx: Executor, userId: string, reason: string | null) => setSuspension(tx, userId, reason),
    /**
     * Refuses a suspended account a new session (sign-in by password or provider, an invite's sign-up):
     * 403 `ACCOUNT_SUSPENDED` (docs/decisions/0047-reports-and-moderation.md).
     */
    async assertNotSuspended(userId: string): Promise<void> {
      if (await isSuspended(db, userId)) {
        throw new AppError(
          403,
          ERROR_CODES.ACCOUNT_SUSPENDED,
          'This account is suspended. Please contact us if you think this is a mistake.',
        );
      }
    },
    /**
     * Deletes the user row; the foreign keys remove or detach what still points at it (schema.ts). Admin has
     * first removed what the deletion must count (likes, josies) or read (media to release).
     */
    deleteUser: (tx: Executor, userId: string): Promise<void> => deleteUserRow(tx, userId),
    /** Removes `name` (case-insensitively) from every user's chosen genres or interests. */
    removeFromPreferences: (tx: Executor, kind: 'genres' | 'interests', name: string): Promise<void> =>
      removeFromUserPreferences(tx, kind, name),
    /** Points the user's avatar or header image at `url` (profile uploads). */
    setProfileImageUrl: (
      tx: Executor,
      userId: string,
      kind: 'avatar' | 'header',
      url: string,
    ): Promise<void> => setProfileImageUrl(tx, userId, kind, url),

    /** A live (not deleted) user row by id, or undefined. */
    findById: (id: string) => findUserById(db, id),
    /** Whether any account, deleted ones included, has this address (compared lower-cased). */
    isEmailTaken: (email: string) => isEmailTaken(db, email),
    /** A live user row by email (compared lower-cased), or undefined. */
    findByEmail: (email: string) => findUserByEmail(db, email),
    /** `GET /api/users/me`. */
    me: (actor: AuthUser) => loadUser(actor.id),
    /**
     * `PUT /api/users/me/active-provider`: the service the actor listens on (`google` is shown as YouTube),
     * whose player a josie opens first (docs/decisions/0022-listen-on-your-own-service.md). Answers the
     * fresh user.
     * @throws AppError 404 when the account was deleted meanwhile.
     */
    async chooseActiveProvider(actor: AuthUser, provider: ListenService): Promise<{ user: User }> {
      await setActiveProvider(db, actor.id, provider);
      return { user: await loadUser(actor.id) };
    },
    /**
     * `GET /api/users/{id}`: the public and curator profile with its counts, in one query
     * (docs/product/routes-and-roles.md#api, docs/product/differences.md#public-profile). A visitor
     * (`viewer` null) sees curators' profiles only (docs/decisions/0045-public-curator-profiles.md).
     * @throws AppError 404 'User not found' for an unknown, deleted or malformed id, and for a visitor asking
     *   for someone who is not a curator (a listener's profile is not public).
     */
    async profile(viewer: AuthUser | null, id: string): Promise<PublicProfile> {
      const row = isUuid(id) ? await findProfile(db, id, viewer?.id ?? null) : undefined;
      if (!row || (viewer === null && row.role !== 'curator')) throw errors.notFound('User not found');
      return presentProfile(row);
    },
    presentPreferences,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
