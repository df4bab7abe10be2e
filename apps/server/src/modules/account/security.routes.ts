import { endpoints } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { requestOrigin } from '../security-log/index.js';

/**
 * Email verification, password and email changes, and the account's sessions: the Security tab
 * (docs/decisions/0025-account-and-data.md). Mails are limited per account (`RATE_LIMIT_VERIFICATION_MAX`
 * per `RATE_LIMIT_AUTH_WINDOW_MS`), password checks per account (`RATE_LIMIT_AUTH_MAX` per window, so a
 * stolen session cannot guess the password), and the public link confirmations per address.
 */
export const securityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const security = ctx.services.accountSecurity;
  app.addHook('onClose', () => security.drain());

  const { authMax, authWindowMs: timeWindow } = ctx.config.rateLimit;
  const perIp = (prefix: string) =>
    app.rateLimit({ max: authMax, timeWindow, keyGenerator: (req: FastifyRequest) => `${prefix}:${req.ip}` });
  // Shared with the data routes (deleting the account checks the password, the delete link is a mail).
  const { accountMails: mails, accountPasswordChecks: passwordChecks } = ctx.rateLimits;

  /** Mails a new verification link: 200 `{success, message}`; 429 past the limit. */
  route(app, endpoints.resendVerification, { preHandler: mails }, async (request) =>
    security.resendVerification(actor(request), requestOrigin(request)),
  );

  /** Follows the verification link: 200 `{success, message}`; 400 `INVALID_EMAIL_LINK`. */
  route(app, endpoints.verifyEmail, { preHandler: perIp('verify-email') }, async (request) =>
    security.verifyEmail(request.body.token, requestOrigin(request)),
  );

  /**
   * Changes the password and signs out every other session: 200 `{success, message}`; 400
   * `WRONG_PASSWORD`, `NO_PASSWORD`, `WEAK_PASSWORD`.
   */
  route(app, endpoints.changePassword, { preHandler: passwordChecks }, async (request) =>
    security.changePassword(actor(request), request.body, requestOrigin(request)),
  );

  /**
   * Mails the confirmation of a new address, and a notice to the current one: 200 `{success, message}`;
   * 400 `WRONG_PASSWORD`, `NO_PASSWORD`; 409 `EMAIL_TAKEN`.
   */
  route(app, endpoints.changeEmail, { preHandler: [passwordChecks, mails] }, async (request) =>
    security.changeEmail(actor(request), request.body, requestOrigin(request)),
  );

  /** Follows the email-change link: 200 `{success, message}`; 400 `INVALID_EMAIL_LINK`; 409 `EMAIL_TAKEN`. */
  route(app, endpoints.confirmEmailChange, { preHandler: perIp('confirm-email') }, async (request) =>
    security.confirmEmailChange(request.body.token, requestOrigin(request)),
  );

  /** `{sessions}`: where the account is signed in, the caller's session first. */
  route(app, endpoints.mySessions, {}, async (request) => security.listSessions(actor(request)));

  /** Revokes one session of the account: 200 `{success}`; 404 for any other id. */
  route(app, endpoints.revokeSession, {}, async (request) =>
    security.revokeSession(actor(request), request.params.id, requestOrigin(request)),
  );

  /** "Sign out everywhere else": 200 `{success, revoked}`. */
  route(app, endpoints.revokeOtherSessions, {}, async (request) =>
    security.revokeOtherSessions(actor(request), requestOrigin(request)),
  );
};
