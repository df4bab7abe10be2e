import { OnboardingResponse, OnboardingUpdateBody } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { actor } from '../../plugins/auth.js';
import { createFollowsService } from '../follows/service.js';
import { createOnboardingService } from './service.js';

/** `GET` and `PUT /api/users/me/onboarding` (spec 000 §4, §7; DESIGN §5): `{onboarding: {completed, step}}`. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const follows = createFollowsService({ db: ctx.db, bus: ctx.bus });
  const onboarding = createOnboardingService({ db: ctx.db, follows });

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
