import { OnboardingResponse, OnboardingUpdateBody } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';

/** `GET` and `PUT /api/users/me/onboarding` (spec 000 §4, §7; DESIGN §5): `{onboarding: {completed, step}}`. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const onboarding = ctx.services.onboarding;

  app.get(
    '/api/users/me/onboarding',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['onboarding'], response: { 200: OnboardingResponse } },
    },
    async (request) => onboarding.get(actor(request)),
  );

  app.put(
    '/api/users/me/onboarding',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['onboarding'], body: OnboardingUpdateBody, response: { 200: OnboardingResponse } },
    },
    async (request) => onboarding.update(actor(request), request.body),
  );
};
