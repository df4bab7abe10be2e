import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/**
 * The signed-in user's preferences (`GET`/`PUT /api/users/me/preferences`, `{success, preferences}`) and
 * notification switches (`PUT /api/users/me/notification-settings`, `{data}`), and the live lists a user
 * picks from (`GET /api/preferences/options`). docs/product/routes-and-roles.md#api.
 */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preferences = ctx.services.preferences;

  route(app, endpoints.getPreferences, {}, async (request) => preferences.get(actor(request)));

  route(app, endpoints.updatePreferences, {}, async (request) =>
    preferences.update(actor(request), request.body),
  );

  route(app, endpoints.preferenceOptions, {}, async () => preferences.options());

  route(app, endpoints.updateNotificationSettings, {}, async (request) =>
    preferences.updateNotificationSettings(actor(request), request.body),
  );
};
