import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/** `GET` and `PUT /api/users/me/onboarding` (docs/product/rules-and-limits.md#onboarding, docs/product/routes-and-roles.md#api): `{onboarding: {completed, step}}`. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const onboarding = ctx.services.onboarding;

  route(app, endpoints.getOnboarding, {}, async (request) => onboarding.get(actor(request)));

  route(app, endpoints.updateOnboarding, {}, async (request) =>
    onboarding.update(actor(request), request.body),
  );
};
