import type { AuthResponse, LoginBody, SignupBody } from '@josie/contract';
import { hash, verify } from '@node-rs/argon2';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { UsersService } from '../users/index.js';
import { DEVICE_TTL_MS } from './device-cookie.js';
import type { LoginLockout } from './lockout.js';
import { assertStrongPassword } from './password-policy.js';
import {
  insertSession,
  listLiveSessions,
  prepareFindSessionUser,
  revokeOtherSessions,
  revokeSession,
  revokeSessionOf,
  revokeUserSessions,
  touchSession,
} from './queries.js';
import type { SessionCache } from './session-cache.js';
import type { TokenSigner } from './tokens.js';

/** argon2id parameters (OWASP's minimum: 19 MiB, 2 passes). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password with argon2id. */
export const hashPassword = (password: string) => hash(password, ARGON2);

/** Whether `password` matches the argon2 `passwordHash`; false for a malformed hash too. */
export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/**
 * A hash of a random password, verified against when no account matches the email so that an unknown
 * email takes as long as a wrong password and the answer reveals nothing.
 */
let dummyHash: Promise<string> | undefined;

/** Sign-up, sign-in and sessions. docs/product/rules-and-limits.md#accounts-and-sessions; docs/product/data-and-config.md#stack auth. */
export function createAuthService(deps: {
  db: Db;
  tokens: TokenSigner;
  /**
   * Signs the session cookie's page tokens (decision 0008), with a key of their own: a page token is
   * never a bearer token, nor the other way round.
   */
  pageTokens: TokenSigner;
  users: UsersService;
  sessionTtlMs: number;
  /**
   * Back-off after failed sign-ins, per (email, address) and per address; in this process's memory, or in
   * Redis when the app runs several instances (composition.ts).
   */
  lockout: LoginLockout;
  /**
   * Signs the device cookie (decision 0037), with a key of its own: a device token names a device id (as
   * `sid`) and its account, and is never a session's token.
   */
  deviceTokens: TokenSigner;
  /** Live sessions in memory with cross-instance revocation (decision 0009). */
  sessions: SessionCache;
  /**
   * Told after commit of every revocation (`session.revoked`, `user.sessions-revoked`), so that the open
   * sockets of the revoked sessions are disconnected (realtime/fanout.ts; decision 0003).
   */
  bus: Pick<EventBus, 'publish'>;
}) {
  const { db, tokens, lockout, sessions } = deps;
  const findSessionUser = prepareFindSessionUser(db);

  /**
   * Opens a session for `userId` and answers its token and the user.
   * @param userAgent - the sign-in request's User-Agent header, shown in the account's sessions list.
   */
  async function startSession(userId: string, userAgent: string | null = null): Promise<AuthResponse> {
    // Every way in opens a session here: a suspended account gets none (decision 0047).
    await deps.users.assertNotSuspended(userId);
    const expiresAt = new Date(Date.now() + deps.sessionTtlMs);
    const now = new Date();
    const session = await db.transaction(async (tx) => {
      await deps.users.setLastLogin(tx, userId, now);
      return insertSession(tx, userId, expiresAt, userAgent?.slice(0, 1000) ?? null);
    });
    const token = await tokens.sign(session.id, userId, expiresAt);
    return { token, user: await deps.users.loadUser(userId) };
  }

  return {
    /**
     * `POST /api/auth/signup`: a new listener, who signs in once the answer says to check their email. An
     * email (case-insensitive) that already has an account makes nothing and costs the same password hash:
     * the caller mails its owner instead, and the answer is the same
     * (docs/decisions/0037-sign-up-without-telling-and-trusted-devices.md).
     * @returns the new account's id, or null when the email already had an account.
     * @throws AppError 400 `WEAK_PASSWORD` for a guessable password (decision 0011).
     */
    async signup(body: SignupBody & { preferredLanguage?: 'en' | 'he' }): Promise<string | null> {
      assertStrongPassword(body.password, body);
      const passwordHash = await hashPassword(body.password);
      const row = await deps.users.insertUser(db, {
        name: body.name,
        email: body.email,
        passwordHash,
        preferredLanguage: body.preferredLanguage ?? 'en',
      });
      return row?.id ?? null;
    },

    /**
     * `POST /api/auth/login`: records `lastLogin` and opens a session, and answers a device token for the
     * device cookie (decision 0037). Failures are counted per (email, client address) and per address,
     * successes never ({@link createLoginLockout}; decision 0011); a success clears the pair's count. A
     * sign-in carrying a valid device token of the account it signs in to (a browser that signed in to it
     * before) is judged by that device's own failure limit instead: the address's block and the pair's lock
     * do not apply to it, and its failures count against the device alone.
     * @param address - the client's address (`request.ip`).
     * @param userAgent - the request's User-Agent header, kept with the session.
     * @param deviceToken - the request's device cookie, if any (any string: a forged one is ignored).
     * @throws AppError 401 `INVALID_CREDENTIALS` for an unknown email or a wrong password alike (its own code,
     *   so the sign-in page names the cause and a session's end stays `UNAUTHENTICATED`); 403
     *   `ACCOUNT_SUSPENDED` for a suspended account, after the password (decision 0047);
     *   429 with `Retry-After` while the pair is locked, the address blocked or the trusted device out of
     *   failures (checked before the password).
     */
    async login(
      body: LoginBody,
      address: string,
      userAgent: string | null = null,
      deviceToken: string | null = null,
    ): Promise<{ auth: AuthResponse; deviceToken: string }> {
      const device = deviceToken ? await deps.deviceTokens.verify(deviceToken) : null;
      // Only a genuine device token costs an account lookup before the limits are checked.
      let user = device ? await deps.users.findByEmail(body.email) : undefined;
      const trusted = device !== null && user?.id === device.userId ? device.sessionId : null;
      if (trusted) await lockout.assertDeviceAllowed(trusted);
      else {
        await lockout.assertAllowed(body.email, address);
        user ??= await deps.users.findByEmail(body.email);
      }
      dummyHash ??= hashPassword(crypto.randomUUID());
      const ok = await verify(user?.passwordHash ?? (await dummyHash), body.password).catch(() => false);
      if (!user?.passwordHash || !ok) {
        if (trusted) await lockout.recordDeviceFailure(trusted);
        else await lockout.recordFailure(body.email, address);
        throw errors.invalidCredentials();
      }
      if (!trusted) await lockout.recordSuccess(body.email, address);
      const auth = await startSession(user.id, userAgent);
      const next = await deps.deviceTokens.sign(
        trusted ?? crypto.randomUUID(),
        user.id,
        new Date(Date.now() + DEVICE_TTL_MS),
      );
      return { auth, deviceToken: next };
    },

    /**
     * `POST /api/auth/logout`: revokes the caller's session; its token stops working at once and its open
     * sockets are disconnected, on every instance.
     */
    async logout(actor: AuthUser): Promise<void> {
      await revokeSession(db, actor.sessionId);
      await sessions.forgetSession(actor.sessionId);
      deps.bus.publish('session.revoked', { sessionId: actor.sessionId });
    },

    /**
     * Bearer token -> user, for the auth plugin. Null when the token or its session is not valid. Records
     * the session's use at most every 5 minutes (`lastSeenAt` of the sessions list).
     */
    async resolveToken(token: string): Promise<AuthUser | null> {
      const claims = await sessions.verify(token, () => tokens.verify(token));
      if (!claims) return null;
      return sessions.resolve(
        claims.sessionId,
        claims.userId,
        () => findSessionUser(claims.sessionId, claims.userId),
        (now) => touchSession(db, claims.sessionId, now),
      );
    },

    /**
     * The page token of the session `bearer` names, for the session cookie (decision 0008): the same session
     * and expiry, signed with the page key. Null when `bearer` is not a valid token.
     */
    async pageTokenFor(bearer: string): Promise<string | null> {
      const claims = await sessions.verify(bearer, () => tokens.verify(bearer));
      return claims ? deps.pageTokens.sign(claims.sessionId, claims.userId, claims.expiresAt) : null;
    },

    /**
     * Page token -> user, for the pages the server renders. Null when the token or its session is not
     * valid. Verified on every call, never through the bearer tokens' verification cache: a string
     * remembered there as verified would then pass as a bearer token.
     */
    async resolvePageToken(pageToken: string): Promise<AuthUser | null> {
      const claims = await deps.pageTokens.verify(pageToken);
      if (!claims) return null;
      return sessions.resolve(claims.sessionId, claims.userId, () =>
        findSessionUser(claims.sessionId, claims.userId),
      );
    },

    /**
     * Forgets cached sessions, on every instance, after a transaction that revoked them committed: every
     * session of `userId` (role change, password reset, account deletion). Their open sockets are
     * disconnected too.
     */
    async forgetUserSessions(userId: string): Promise<void> {
      await sessions.forgetUser(userId);
      deps.bus.publish('user.sessions-revoked', { userId });
    },

    /**
     * Revokes every live session of `userId` inside the caller's transaction `tx` (role change, password
     * reset): the `sessions` table is this module's. Call {@link forgetUserSessions} after commit.
     */
    async revokeUserSessions(tx: Executor, userId: string): Promise<void> {
      await revokeUserSessions(tx, userId);
    },

    /** The live sessions of `userId`, last seen first (the account's sessions list). */
    listSessions: (userId: string) => listLiveSessions(db, userId),

    /**
     * Revokes one live session of `userId` inside the caller's transaction `tx`; false when no live session
     * of theirs has this id. Call {@link forgetSessions} after commit.
     */
    revokeSessionOf: (tx: Executor, userId: string, sessionId: string) =>
      revokeSessionOf(tx, userId, sessionId),

    /**
     * Revokes every live session of `userId` but `keepId` inside the caller's transaction `tx` ("sign out
     * everywhere else", a password change). @returns the ids revoked, for {@link forgetSessions}.
     */
    revokeOtherSessions: (tx: Executor, userId: string, keepId: string) =>
      revokeOtherSessions(tx, userId, keepId),

    /**
     * After a transaction that revoked these sessions committed: forgets them in every instance's session
     * cache and disconnects their open sockets (`session.revoked`, as logout does).
     */
    async forgetSessions(sessionIds: readonly string[]): Promise<void> {
      // Sequential: a handful at most, and each publishes to the other instances.
      for (const sessionId of sessionIds) {
        await sessions.forgetSession(sessionId);
        deps.bus.publish('session.revoked', { sessionId });
      }
    },

    /**
     * After a transaction that changed what a session carries (the account's email) committed: every
     * instance reloads `userId`'s sessions on their next request. Nothing is revoked, no socket closed.
     */
    async refreshUserSessions(userId: string): Promise<void> {
      await sessions.forgetUser(userId);
    },

    startSession,
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
