import { createHash, randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_INVALID_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  PASSWORD_RESET_TTL_MINUTES,
  type PasswordResetCompleteBody,
  type PasswordResetInitiateBody,
  type PasswordResetResponse,
} from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mailer.js';
import { passwordChangedMail, passwordResetMail } from '../../adapters/mails/index.js';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import { type AuthService, assertStrongPassword, hashPassword } from '../auth/index.js';
import type { UsersService } from '../users/index.js';
import { consumePasswordReset, findUsablePasswordReset, insertPasswordReset } from './reset.queries.js';

/** Only this hash of a reset token is stored; the token itself exists in the email alone. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The password-reset flow: docs/product/rules-and-limits.md#passwords-and-reset;
 * docs/product/routes-and-roles.md#account. Tokens are 256 random bits, stored as SHA-256 hashes, single-use,
 * and expire after {@link PASSWORD_RESET_TTL_MINUTES} minutes.
 */
export function createPasswordResetService(deps: {
  db: Db;
  mailer: Mailer;
  /** `PUBLIC_URL` without a trailing slash: the origin of the link in the email. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error'>;
  users: Pick<UsersService, 'findByEmail' | 'setPasswordHash'>;
  /**
   * Told after commit which user's sessions were revoked, so that no instance keeps them in its session
   * cache (decision 0009); the `sessions` table is the auth module's, so it revokes them too.
   */
  sessions: Pick<AuthService, 'forgetUserSessions' | 'revokeUserSessions'>;
}) {
  const { db, mailer, log } = deps;
  /** Resets still being stored and handed to the transport, awaited by {@link drain} on shutdown. */
  const sending = new Set<Promise<void>>();

  function sendInBackground(userId: string, send: () => Promise<void>) {
    // Started on the next turn, after the answer is on its way.
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(send)
      .catch((err: unknown) => {
        // A reset's token row stays unused and simply expires; the user can ask again.
        log.error({ err, userId }, 'password reset email could not be sent');
      })
      .finally(() => sending.delete(job));
    sending.add(job);
  }

  return {
    /**
     * `POST /api/users/reset-password/initiate`: for an existing account, stores a new token's hash and
     * emails the link `{PUBLIC_URL}/reset-password?email=..&token=..` in the user's language. The answer is
     * the same whether or not the account exists, and the token row and the email are written after
     * answering, so neither the answer nor its timing tells whether an address has an account (writing
     * the row first made an account's answer about 6 ms slower: security/enumeration.test.ts). A failure
     * is only logged; {@link drain} awaits the work still running.
     */
    async initiate(body: PasswordResetInitiateBody): Promise<PasswordResetResponse> {
      const user = await deps.users.findByEmail(body.email);
      if (user) {
        sendInBackground(user.id, async () => {
          const token = randomBytes(32).toString('base64url');
          const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000);
          await insertPasswordReset(db, user.id, hashResetToken(token), expiresAt);
          const query = new URLSearchParams({ email: user.email, token });
          const mail = passwordResetMail({
            language: user.preferredLanguage,
            name: user.name,
            link: `${deps.publicUrl}/reset-password?${query}`,
            validMinutes: PASSWORD_RESET_TTL_MINUTES,
          });
          await mailer.send({ to: user.email, ...mail });
        });
      }
      return { success: true, message: PASSWORD_RESET_SENT_MESSAGE };
    },

    /**
     * `POST /api/users/reset-password/complete`: sets the new password (argon2id), marks the token (and any
     * other outstanding token of the user) used and revokes every session of the user, in one transaction;
     * then mails "your password was changed" in the background (a failure is only logged).
     * @throws AppError 400 'Invalid or expired reset link' for a wrong, used or expired token or another
     *   account's email; 400 `WEAK_PASSWORD` for a guessable new password, the link still usable
     *   (decision 0011).
     */
    async complete(body: PasswordResetCompleteBody): Promise<PasswordResetResponse> {
      const invalid = () =>
        errors.badRequest(PASSWORD_RESET_INVALID_MESSAGE, ERROR_CODES.INVALID_RESET_TOKEN);
      const reset = await findUsablePasswordReset(db, hashResetToken(body.token), body.email);
      if (!reset) throw invalid();
      assertStrongPassword(body.newPassword, { email: body.email });
      // Hashed before the transaction: argon2 takes tens of milliseconds and must not hold locks.
      const passwordHash = await hashPassword(body.newPassword);
      await db.transaction(async (tx) => {
        if (!(await consumePasswordReset(tx, reset.id, reset.userId))) throw invalid();
        await deps.users.setPasswordHash(tx, reset.userId, passwordHash);
        await deps.sessions.revokeUserSessions(tx, reset.userId);
      });
      await deps.sessions.forgetUserSessions(reset.userId);
      sendInBackground(reset.userId, async () => {
        const user = await deps.users.findByEmail(body.email);
        if (!user) return;
        const mail = passwordChangedMail({
          language: user.preferredLanguage,
          name: user.name,
          how: 'reset',
          resetLink: `${deps.publicUrl}/reset-password`,
        });
        await mailer.send({ to: user.email, ...mail });
      });
      return { success: true, message: PASSWORD_RESET_DONE_MESSAGE };
    },

    /** Resolves once every email started so far has been handed over or has failed (graceful shutdown). */
    async drain(): Promise<void> {
      await Promise.allSettled([...sending]);
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
