import { endpoints } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor, bearerToken } from '../../plugins/auth.js';
import { sessionCookie } from '../auth/index.js';

/** Push subscriptions per account per minute (docs/product/rules-and-limits.md#rate-limits). */
export const PUSH_SUBSCRIBES_PER_MINUTE = 10;

/**
 * The signed-in user's own account, every route under `/api/users/me` (docs/product/routes-and-roles.md#api,
 * docs/product/routes-and-roles.md#account): the fresh user, the Profile tab's bio and name, onboarding,
 * preferences and notification switches, connected sign-in providers, and this browser's push subscription.
 * Each is for any signed-in user, about their own account only (the actor is the only user it touches), and
 * answers 401 to a visitor. The rules are in the services of the modules that own them (users, oauth,
 * onboarding, preferences, notifications); this plugin is only the HTTP side. Other users' profiles
 * (`GET /api/users/{id}`) stay in the users module: Fastify's router prefers these static paths to `:id`.
 */
export const meRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { users, profile, onboarding, preferences, oauth, notifications } = ctx.services;
  const cookie = sessionCookie(ctx);
  // A browser subscribes once per page load at most: more is a script (decision 0036).
  const pushSubscribes = app.rateLimit({
    max: PUSH_SUBSCRIBES_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `push-subscribe:${req.user?.id ?? req.ip}`,
  });

  /** `GET /api/users/me`: the contract's `User`. 404 when the account was deleted meanwhile. */
  route(app, endpoints.me, {}, async (request, reply) => {
    // The app reads this once per load: a session that began before the session cookie existed, or
    // whose cookie the browser lost or holds for another session, gets it back here (decision 0008).
    const viewer = actor(request);
    const token = bearerToken(request);
    if (token && (await cookie.user(request))?.sessionId !== viewer.sessionId) {
      await cookie.issue(reply, token);
    }
    return users.me(viewer);
  });

  /**
   * `PUT /api/users/me/active-provider`. Body `{activeProvider}`, one of the contract's `LISTEN_SERVICES` (decision 0022):
   * 200 `{user}`; 400 for another value.
   */
  route(app, endpoints.setActiveProvider, {}, async (request) =>
    users.chooseActiveProvider(actor(request), request.body.activeProvider),
  );

  /**
   * `PUT /api/users/me/profile`. Body `{bio, name?}`: bio trimmed, at most 500 characters (empty clears it);
   * name trimmed, 1-100 characters. 200 `{user}`; 400 `{message, code, issues}` for an invalid body.
   */
  route(app, endpoints.updateProfile, {}, async (request) => profile.update(actor(request), request.body));

  /**
   * `GET` and `PUT /api/users/me/onboarding` (docs/product/rules-and-limits.md#onboarding):
   * `{onboarding: {completed, step}}`; the update follows the curators picked in the completion step.
   */
  route(app, endpoints.getOnboarding, {}, async (request) => onboarding.get(actor(request)));

  route(app, endpoints.updateOnboarding, {}, async (request) =>
    onboarding.update(actor(request), request.body),
  );

  /**
   * `GET` and `PUT /api/users/me/preferences`: `{success, preferences}` (unknown genres or interests 400,
   * a non-curator's font or colour 403; docs/product/rules-and-limits.md#preferences-and-catalogues).
   */
  route(app, endpoints.getPreferences, {}, async (request) => preferences.get(actor(request)));

  route(app, endpoints.updatePreferences, {}, async (request) =>
    preferences.update(actor(request), request.body),
  );

  /** `PUT /api/users/me/notification-settings`: changes the switches sent, answers both as `{data}`. */
  route(app, endpoints.updateNotificationSettings, {}, async (request) =>
    preferences.updateNotificationSettings(actor(request), request.body),
  );

  /**
   * `GET /api/users/me/providers`: which sign-in providers the account has connected
   * (docs/product/rules-and-limits.md#sign-in-providers).
   */
  route(app, endpoints.connectedProviders, {}, async (request) => oauth.connectedProviders(actor(request)));

  /**
   * `DELETE /api/users/me/providers/{provider}`: disconnects a provider unless it is the account's last way
   * to sign in (404 when not connected, 409 `LAST_SIGN_IN_METHOD`;
   * docs/product/differences.md#placeholders-that-work).
   */
  route(app, endpoints.disconnectProvider, {}, async (request) =>
    oauth.disconnect(actor(request), request.params.provider),
  );

  /**
   * `POST /api/users/me/push-subscriptions`: stores this browser's Web Push subscription, 201
   * `{success: true}`; 503 when the server has no VAPID keys
   * (docs/product/rules-and-limits.md#notifications-and-install).
   */
  route(app, endpoints.subscribePush, { preHandler: pushSubscribes }, async (request, reply) => {
    await notifications.subscribe(actor(request), request.body);
    return reply.status(201).send({ success: true });
  });

  /** `DELETE /api/users/me/push-subscriptions`: forgets this browser's subscription (idempotent). */
  route(app, endpoints.unsubscribePush, {}, async (request) => {
    await notifications.unsubscribe(actor(request), request.body.endpoint);
    return { success: true as const };
  });
};
