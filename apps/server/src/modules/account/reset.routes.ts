import { endpoints, type PasswordResetInitiateBody } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { route } from '../../lib/route.js';

/**
 * Password reset by email: docs/product/rules-and-limits.md#passwords-and-reset,
 * docs/product/routes-and-roles.md#api; docs/product/routes-and-roles.md#account. Both calls are public and
 * rate-limited per client address (`RATE_LIMIT_AUTH_MAX` per `RATE_LIMIT_AUTH_WINDOW_MS`, as sign-in);
 * requesting emails is also limited per address typed, so nobody can flood one inbox.
 */
export const resetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const reset = ctx.services.passwordReset;
  app.addHook('onClose', () => reset.drain());

  const { authMax: max, authWindowMs: timeWindow } = ctx.config.rateLimit;
  const perIp = (prefix: string) =>
    app.rateLimit({ max, timeWindow, keyGenerator: (req: FastifyRequest) => `${prefix}:${req.ip}` });
  const emailLimit = app.createRateLimit({
    max,
    timeWindow,
    // Runs after validation, so the email is already trimmed and lower-cased.
    keyGenerator: (req: FastifyRequest) => `reset-email:${(req.body as PasswordResetInitiateBody).email}`,
  });
  const perEmail = async (request: FastifyRequest) => {
    const result = await emailLimit(request);
    // `isAllowed` is true only for allow-listed keys; the verdict is `isExceeded`.
    if (!result.isAllowed && result.isExceeded) {
      throw errors.rateLimited('Too many reset requests for this email. Please try again later.');
    }
  };

  /**
   * Emails a reset link when the account exists. Always 200 `{success: true, message}` with the same
   * message, whether or not it does.
   */
  route(
    app,
    endpoints.resetPasswordInitiate,
    {
      preHandler: [perIp('reset-initiate'), perEmail],
    },
    async (request) => reset.initiate(request.body),
  );

  /**
   * Sets a new password from the emailed link: 200 `{success: true, message}`; 400 'Invalid or expired
   * reset link'. Every session of the account is revoked.
   */
  route(
    app,
    endpoints.resetPasswordComplete,
    {
      preHandler: perIp('reset-complete'),
    },
    async (request) => reset.complete(request.body),
  );
};
