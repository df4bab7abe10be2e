import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';
import { sessionCookie } from '../auth/index.js';
import { requestOrigin } from '../security-log/index.js';

/**
 * "Your account, your data" (docs/decisions/0025-account-and-data.md): the export of an account's data and
 * the deletion of the account, for the signed-in owner only (401 to a visitor). The rules are in the
 * account module's services (`ctx.services.accountExports`, `ctx.services.accountDeletion`).
 */
export const dataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { accountExports, accountDeletion } = ctx.services;
  const cookie = sessionCookie(ctx);

  /** `POST /api/users/me/export`: 202 `{export}` (pending); 429 `RATE_LIMITED` within a day of the last. */
  route(app, endpoints.startExport, {}, async (request, reply) => {
    const answer = await accountExports.start(actor(request), requestOrigin(request));
    return reply.code(202).send(answer);
  });

  /** `GET /api/users/me/export`: `{export}`, the latest one, null when none or expired. */
  route(app, endpoints.getExport, {}, async (request) => accountExports.current(actor(request)));

  /**
   * `GET /api/users/me/export/download`: the caller's ready export as `application/zip`, an attachment,
   * never cached (404 none, 410 expired).
   */
  route(app, endpoints.downloadExport, {}, async (request, reply) => {
    const file = await accountExports.download(actor(request), requestOrigin(request));
    reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store');
    if (file.bytes !== null) reply.header('content-length', file.bytes);
    return reply.send(file.stream);
  });

  /**
   * `POST /api/users/me/delete-link`: mails the confirmation link of an account without a password
   * (`{success, message}`); 400 for an account with a password. Limited per address like the public forms,
   * and counted against the account's mail limit.
   */
  route(
    app,
    endpoints.requestDeleteLink,
    { preHandler: [ctx.rateLimits.formsPerIp, ctx.rateLimits.accountMails] },
    async (request) => accountDeletion.requestDeleteLink(actor(request), requestOrigin(request)),
  );

  /**
   * `DELETE /api/users/me`: body `{password}` or `{token}`; deletes the account and signs this browser out
   * (the session cookie is cleared; every session is revoked). 400 `WRONG_PASSWORD` / `NO_PASSWORD` /
   * `INVALID_EMAIL_LINK`, 409 `LAST_ADMIN`. Limited per address and per account (with the other password
   * checks), so a stolen session cannot guess the password at speed, even from many addresses.
   */
  route(
    app,
    endpoints.deleteAccount,
    { preHandler: [ctx.rateLimits.formsPerIp, ctx.rateLimits.accountPasswordChecks] },
    async (request, reply) => {
      await accountDeletion.deleteOwn(actor(request), request.body, requestOrigin(request));
      cookie.clear(reply);
      return { success: true as const };
    },
  );
};
