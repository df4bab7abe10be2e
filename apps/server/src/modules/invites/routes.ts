import { endpoints } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/** Landing-page reads per client address per minute: plenty for people, a brake on visit-count inflation. */
const LANDING_READS_PER_MINUTE = 60;
/** Acceptances per client address per minute. */
const REGISTERS_PER_MINUTE = 20;

const byIp = (prefix: string) => (req: FastifyRequest) => `${prefix}:${req.ip}`;

/**
 * Invites: management for curators, the public landing read and acceptance.
 * docs/product/routes-and-roles.md#invites, docs/product/routes-and-roles.md#api;
 * docs/product/routes-and-roles.md#api (410 for a disabled or expired invite),
 * docs/product/differences.md#invite-expiry.
 */
export const invitesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const invites = ctx.services.invites;
  const landingLimit = app.rateLimit({
    max: LANDING_READS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: byIp('invite-landing'),
  });
  const registerLimit = app.rateLimit({
    max: REGISTERS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: byIp('invite-register'),
  });

  /** The curator's own invites, newest first: `{invites: Invite[]}`. Curators only. */
  route(app, endpoints.myInvites, {}, async (request) => ({
    invites: await invites.listOwn(actor(request)),
  }));

  /** Creates an invite from `{inviteText}`: 201 `{invite}`. Curators only (docs/product/routes-and-roles.md#roles). */
  route(app, endpoints.createInvite, {}, async (request, reply) =>
    reply.status(201).send({ invite: await invites.create(actor(request), request.body) }),
  );

  /** Disables the caller's own invite (one way, repeatable): `{invite}`; 403 for someone else's, 404 unknown. */
  route(app, endpoints.disableInvite, {}, async (request) => ({
    invite: await invites.disable(actor(request), request.params.id),
  }));

  /** The public landing read: `{invite}` with its creator; counts a page visit. 404 unknown, 410 inactive. */
  route(
    app,
    endpoints.inviteByCode,
    {
      preHandler: landingLimit,
    },
    async (request) => ({ invite: await invites.landing(request.user?.id ?? null, request.params.code) }),
  );

  /**
   * Accepts the invite for the signed-in user and follows its curator:
   * `{success, curator: {_id, name}, following}`. 409 on a second use, 410 when disabled or expired.
   */
  route(
    app,
    endpoints.registerInvite,
    {
      preHandler: registerLimit,
    },
    async (request) => invites.register(actor(request), request.params.code, request.body?.userId),
  );
};
