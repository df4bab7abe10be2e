import {
  NotificationSettingsResponse,
  NotificationSettingsUpdateBody,
  PreferenceOptionsResponse,
  PreferencesResponse,
  PreferencesUpdateBody,
} from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';

/**
 * The signed-in user's preferences (`GET`/`PUT /api/users/me/preferences`, `{success, preferences}`) and
 * notification switches (`PUT /api/users/me/notification-settings`, `{data}`), and the live lists a user
 * picks from (`GET /api/preferences/options`). Spec 000 §7, spec 001 §7.
 */
export const preferencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const preferences = ctx.services.preferences;

  app.get(
    '/api/users/me/preferences',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['preferences'], response: { 200: PreferencesResponse } },
    },
    async (request) => preferences.get(actor(request)),
  );

  app.put(
    '/api/users/me/preferences',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['preferences'], body: PreferencesUpdateBody, response: { 200: PreferencesResponse } },
    },
    async (request) => preferences.update(actor(request), request.body),
  );

  app.get(
    '/api/preferences/options',
    {
      config: { access: 'public' },
      schema: { tags: ['preferences'], response: { 200: PreferenceOptionsResponse } },
    },
    async () => preferences.options(),
  );

  app.put(
    '/api/users/me/notification-settings',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['preferences'],
        body: NotificationSettingsUpdateBody,
        response: { 200: NotificationSettingsResponse },
      },
    },
    async (request) => preferences.updateNotificationSettings(actor(request), request.body),
  );
};
