import {
  type AccountSessionsResponse,
  type ChangeEmailBody,
  type ChangePasswordBody,
  EMAIL_LINK_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  ERROR_CODES,
  type MessageResponse,
  type RevokeSessionsResponse,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import { validate as isUuid } from 'uuid';
import type { Mailer, MailMessage } from '../../adapters/mailer.js';
import {
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  passwordChangedMail,
  signupAttemptMail,
  verificationMail,
} from '../../adapters/mails/index.js';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import type { AuthUser } from '../../plugins/auth.js';
import { type AuthService, assertStrongPassword, hashPassword, verifyPassword } from '../auth/index.js';
import type { RequestOrigin, SecurityLog } from '../security-log/index.js';
import type { UsersService } from '../users/index.js';
import { consumeEmailLink, createEmailLink, isVerifiedAccountsLink } from './email-links.js';
import { spendUserEmailLinks } from './email-links.queries.js';
import { spendUserPasswordResets } from './reset.queries.js';

/** Answers of the flows below, ready to show (the web shows its own translation by the route). */
export const ACCOUNT_MESSAGES = {
  verificationSent: 'We sent you a new verification link. It works for 24 hours.',
  alreadyVerified: 'Your email address is already verified.',
  emailVerified: 'Your email address is verified.',
  invalidLink: 'This link is invalid, was already used or has expired. Please ask for a new one.',
  passwordChanged: 'Your password was changed, and every other session was signed out.',
  emailChangeSent: 'We sent a confirmation link to your new address. Your email changes when you open it.',
  emailChanged: 'Your email address was changed.',
  wrongPassword: 'The current password is not correct',
  noPassword:
    'Your account has no password yet. Use "Forgot password" on the sign-in page to set one by email.',
  samePassword: 'Please choose a password different from your current one',
  sameEmail: 'This is already your email address',
  emailTaken: 'An account with this email already exists',
  sessionNotFound: 'Session not found',
} as const;

/**
 * Checks the current password before a change of the account (the password, the address, its deletion).
 * Call it before taking any row lock: argon2 takes tens of milliseconds.
 * @throws AppError 400 `NO_PASSWORD` for an account without one (made through a provider; it sets a first
 *   one through the reset link), 400 `WRONG_PASSWORD` (never 401, which signs the web out).
 */
export async function assertCurrentPassword(passwordHash: string | null, password: string): Promise<void> {
  if (!passwordHash) throw errors.badRequest(ACCOUNT_MESSAGES.noPassword, ERROR_CODES.NO_PASSWORD);
  if (!(await verifyPassword(passwordHash, password))) {
    throw errors.badRequest(ACCOUNT_MESSAGES.wrongPassword, ERROR_CODES.WRONG_PASSWORD);
  }
}

/**
 * Email verification, password and email changes while signed in, and the account's sessions
 * (docs/decisions/0025-account-and-data.md, "Verification", "Password and email changes", "Sessions").
 * Every change is logged to the security log in its own transaction, with the request's address and user
 * agent and never a password or token. Mails are sent after the answer (a failure is only logged: the link
 * row stays unused and expires; the user can ask again), and {@link drain} awaits them on shutdown.
 */
export function createAccountSecurityService(deps: {
  db: Db;
  mailer: Mailer;
  /** `PUBLIC_URL` without a trailing slash: the origin of the links in the mails. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  users: Pick<
    UsersService,
    'findById' | 'findByEmail' | 'isEmailTaken' | 'markEmailVerified' | 'changeEmail' | 'setPasswordHash'
  >;
  /** The `sessions` table is auth's: it revokes, lists, and tells every instance after commit. */
  auth: Pick<
    AuthService,
    'listSessions' | 'revokeSessionOf' | 'revokeOtherSessions' | 'forgetSessions' | 'refreshUserSessions'
  >;
  securityLog: SecurityLog;
}) {
  const { db, mailer, log, users, auth, securityLog } = deps;
  const sending = new Set<Promise<void>>();

  /** Hands `messages` to the mailer on the next turn, after the answer is on its way. */
  function sendLater(userId: string, messages: MailMessage[]) {
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        for (const message of messages) await mailer.send(message);
      })
      .catch((err: unknown) => log.error({ err, userId }, 'account email could not be sent'))
      .finally(() => sending.delete(job));
    sending.add(job);
  }

  /** The live account of `userId`. @throws AppError 404 when it was deleted meanwhile. */
  async function account(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw errors.notFound('User not found');
    return user;
  }

  /**
   * Spends every pending change-email and delete-account link and password-reset token of the user, inside
   * the caller's transaction: the fix the email-change notice recommends (change the password, sign out
   * elsewhere) must close whatever an intruder started (docs/decisions/0025-account-and-data.md).
   */
  async function spendPendingLinks(tx: Executor, userId: string) {
    await spendUserEmailLinks(tx, userId, ['change-email', 'delete-account']);
    await spendUserPasswordResets(tx, userId);
  }

  const invalidLink = () => errors.badRequest(ACCOUNT_MESSAGES.invalidLink, ERROR_CODES.INVALID_EMAIL_LINK);

  /** Stores a verification link for an unverified account and mails it; false when already verified. */
  async function sendVerification(userId: string, origin: RequestOrigin): Promise<boolean> {
    const user = await account(userId);
    if (user.emailVerifiedAt) return false;
    const token = await db.transaction(async (tx) => {
      const created = await createEmailLink(tx, {
        userId,
        purpose: 'verify-email',
        ttlHours: EMAIL_VERIFICATION_TTL_HOURS,
      });
      await securityLog.record({ userId, kind: 'verification-sent', ...origin }, tx);
      return created;
    });
    const mail = verificationMail({
      language: user.preferredLanguage,
      name: user.name,
      link: `${deps.publicUrl}/verify-email?${new URLSearchParams({ token, lng: user.preferredLanguage })}`,
      validHours: EMAIL_VERIFICATION_TTL_HOURS,
    });
    sendLater(userId, [{ to: user.email, ...mail }]);
    return true;
  }

  return {
    /**
     * After a sign-up with an address that already has an account: mails its owner that someone tried
     * ("sign in, or reset your password"), in the background like every account mail, so that the sign-up
     * answers as for a new address (docs/decisions/0037-sign-up-without-telling-and-trusted-devices.md).
     * Nothing for an account deleted meanwhile.
     */
    async notifySignupAttempt(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const mail = signupAttemptMail({
        language: user.preferredLanguage,
        name: user.name,
        signInLink: `${deps.publicUrl}/login`,
        resetLink: `${deps.publicUrl}/reset-password`,
      });
      sendLater(user.id, [{ to: user.email, ...mail }]);
    },

    /**
     * After a sign-up: mails the verification link (valid {@link EMAIL_VERIFICATION_TTL_HOURS} hours,
     * single use). Nothing for an account already verified.
     */
    async sendVerification(userId: string, origin: RequestOrigin): Promise<void> {
      await sendVerification(userId, origin);
    },

    /**
     * `POST /api/users/me/verify-email/resend`: a new link (the older ones stop working). The route limits
     * it per account. Answers that nothing was sent when the address is already verified.
     */
    async resendVerification(actor: AuthUser, origin: RequestOrigin): Promise<MessageResponse> {
      const sent = await sendVerification(actor.id, origin);
      return {
        success: true,
        message: sent ? ACCOUNT_MESSAGES.verificationSent : ACCOUNT_MESSAGES.alreadyVerified,
      };
    },

    /**
     * `POST /api/users/verify-email` (public: the link may be opened in another browser): spends the link
     * and marks the address verified, in one transaction.
     * @throws AppError 409 `ALREADY_VERIFIED` for a link (used or not) of an account already verified; 400
     *   `INVALID_EMAIL_LINK` for a wrong, used or expired token otherwise.
     */
    async verifyEmail(token: string, origin: RequestOrigin): Promise<MessageResponse> {
      await db.transaction(async (tx) => {
        const link = await consumeEmailLink(tx, { token, purpose: 'verify-email' });
        if (!link || !(await users.markEmailVerified(tx, link.userId))) {
          if (await isVerifiedAccountsLink(tx, token)) {
            throw errors.conflict(ACCOUNT_MESSAGES.alreadyVerified, ERROR_CODES.ALREADY_VERIFIED);
          }
          throw invalidLink();
        }
        await securityLog.record({ userId: link.userId, kind: 'email-verified', ...origin }, tx);
      });
      return { success: true, message: ACCOUNT_MESSAGES.emailVerified };
    },

    /**
     * `POST /api/users/me/password`: checks the current password, sets the new one (sign-up's rules) and
     * revokes every other session of the account, in one transaction; then every instance forgets them and
     * closes their sockets, and "your password was changed" is mailed in the background. A wrong current
     * password is logged (`password-change-failed`).
     * @throws AppError 400 `WRONG_PASSWORD`, `NO_PASSWORD`, `WEAK_PASSWORD` (decision 0011), or `VALIDATION`
     *   when the new password is the current one.
     */
    async changePassword(
      actor: AuthUser,
      body: ChangePasswordBody,
      origin: RequestOrigin,
    ): Promise<MessageResponse> {
      const user = await account(actor.id);
      try {
        await assertCurrentPassword(user.passwordHash, body.currentPassword);
      } catch (err) {
        if (user.passwordHash) {
          await securityLog.record({ userId: user.id, kind: 'password-change-failed', ...origin });
        }
        throw err;
      }
      if (body.newPassword === body.currentPassword) throw errors.badRequest(ACCOUNT_MESSAGES.samePassword);
      assertStrongPassword(body.newPassword, { email: user.email, name: user.name });
      // Hashed before the transaction: argon2 takes tens of milliseconds and must not hold locks.
      const passwordHash = await hashPassword(body.newPassword);
      const revoked = await db.transaction(async (tx) => {
        await users.setPasswordHash(tx, user.id, passwordHash);
        await spendPendingLinks(tx, user.id);
        const ids = await auth.revokeOtherSessions(tx, user.id, actor.sessionId);
        await securityLog.record({ userId: user.id, kind: 'password-changed', ...origin }, tx);
        return ids;
      });
      await auth.forgetSessions(revoked);
      const mail = passwordChangedMail({
        language: user.preferredLanguage,
        name: user.name,
        how: 'changed',
        resetLink: `${deps.publicUrl}/reset-password`,
      });
      sendLater(user.id, [{ to: user.email, ...mail }]);
      return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
    },

    /**
     * `POST /api/users/me/email`: checks the current password and mails a confirmation link (valid
     * {@link EMAIL_LINK_TTL_HOURS} hours, single use; older ones stop working) to the new address and a
     * notice to the current one. The address changes when the link is followed. The route limits it per
     * account.
     * @throws AppError 400 `WRONG_PASSWORD`, `NO_PASSWORD`, `VALIDATION` (the current address); 409
     *   `EMAIL_TAKEN` when another account, deleted ones included, has the new address.
     */
    async changeEmail(
      actor: AuthUser,
      body: ChangeEmailBody,
      origin: RequestOrigin,
    ): Promise<MessageResponse> {
      const user = await account(actor.id);
      await assertCurrentPassword(user.passwordHash, body.currentPassword);
      const newEmail = body.newEmail.toLowerCase();
      if (newEmail === user.email) throw errors.badRequest(ACCOUNT_MESSAGES.sameEmail);
      if (await users.isEmailTaken(newEmail)) {
        throw errors.conflict(ACCOUNT_MESSAGES.emailTaken, ERROR_CODES.EMAIL_TAKEN);
      }
      const token = await db.transaction(async (tx) => {
        const created = await createEmailLink(tx, {
          userId: user.id,
          purpose: 'change-email',
          newEmail,
          ttlHours: EMAIL_LINK_TTL_HOURS,
        });
        await securityLog.record({ userId: user.id, kind: 'email-change-requested', ...origin }, tx);
        return created;
      });
      const language = user.preferredLanguage;
      const confirmation = emailChangeConfirmationMail({
        language,
        name: user.name,
        link: `${deps.publicUrl}/confirm-email?${new URLSearchParams({ token, lng: language })}`,
        validHours: EMAIL_LINK_TTL_HOURS,
      });
      const notice = emailChangeNoticeMail({
        language,
        name: user.name,
        newEmail,
        link: `${deps.publicUrl}/account?tab=security`,
      });
      sendLater(user.id, [
        { to: newEmail, ...confirmation },
        { to: user.email, ...notice },
      ]);
      return { success: true, message: ACCOUNT_MESSAGES.emailChangeSent };
    },

    /**
     * `POST /api/users/confirm-email` (public: the link may be opened in another browser): spends the link
     * and moves the account to its new address, verified, in one transaction; every instance then reloads
     * the account's sessions (they carry the email).
     * @throws AppError 400 `INVALID_EMAIL_LINK` for a wrong, used or expired token; 409 `EMAIL_TAKEN` when
     *   another account took the address meanwhile (the link stays usable).
     */
    async confirmEmailChange(token: string, origin: RequestOrigin): Promise<MessageResponse> {
      const userId = await db.transaction(async (tx) => {
        const link = await consumeEmailLink(tx, { token, purpose: 'change-email' });
        if (!link?.newEmail) throw invalidLink();
        if (!(await users.changeEmail(tx, link.userId, link.newEmail))) {
          throw errors.conflict(ACCOUNT_MESSAGES.emailTaken, ERROR_CODES.EMAIL_TAKEN);
        }
        // Reset mails went to the old address: they must not set the password of the moved account.
        await spendUserPasswordResets(tx, link.userId);
        await securityLog.record({ userId: link.userId, kind: 'email-changed', ...origin }, tx);
        return link.userId;
      });
      await auth.refreshUserSessions(userId);
      return { success: true, message: ACCOUNT_MESSAGES.emailChanged };
    },

    /**
     * `GET /api/users/me/sessions`: the account's live sessions, the caller's first, then last seen first;
     * browser and OS read from each session's user agent.
     */
    async listSessions(actor: AuthUser): Promise<AccountSessionsResponse> {
      const rows = await auth.listSessions(actor.id);
      const sessions = rows.map((row) => ({
        _id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        ...describeUserAgent(row.userAgent),
        current: row.id === actor.sessionId,
      }));
      // Stable: the rest keep the query's order.
      sessions.sort((a, b) => Number(b.current) - Number(a.current));
      return { sessions };
    },

    /**
     * `DELETE /api/users/me/sessions/{id}`: revokes one of the account's sessions (the caller's own too,
     * which signs it out); every instance forgets it and closes its sockets.
     * @throws AppError 404 for an id that is not a live session of the account, whoever's it is.
     */
    async revokeSession(actor: AuthUser, id: string, origin: RequestOrigin): Promise<{ success: true }> {
      if (!isUuid(id)) throw errors.notFound(ACCOUNT_MESSAGES.sessionNotFound);
      await db.transaction(async (tx) => {
        if (!(await auth.revokeSessionOf(tx, actor.id, id))) {
          throw errors.notFound(ACCOUNT_MESSAGES.sessionNotFound);
        }
        await securityLog.record({ userId: actor.id, kind: 'session-revoked', ...origin }, tx);
      });
      await auth.forgetSessions([id]);
      return { success: true };
    },

    /**
     * `DELETE /api/users/me/sessions` ("Sign out everywhere else"): revokes every live session of the
     * account but the caller's; every instance forgets them and closes their sockets.
     */
    async revokeOtherSessions(actor: AuthUser, origin: RequestOrigin): Promise<RevokeSessionsResponse> {
      const revoked = await db.transaction(async (tx) => {
        await spendPendingLinks(tx, actor.id);
        const ids = await auth.revokeOtherSessions(tx, actor.id, actor.sessionId);
        await securityLog.record({ userId: actor.id, kind: 'other-sessions-revoked', ...origin }, tx);
        return ids;
      });
      await auth.forgetSessions(revoked);
      return { success: true, revoked: revoked.length };
    },

    /** Resolves once every mail started so far has been handed over or has failed (graceful shutdown). */
    async drain(): Promise<void> {
      await Promise.allSettled([...sending]);
    },
  };
}
export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
