import { endpoints, MEDIA_AUTHOR_ROLES, type Role } from '@josie/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errors } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { actor } from '../../plugins/auth.js';

/** Generations per user per minute: each one costs the operator money. */
export const AI_GENERATIONS_PER_MINUTE = 20;

/**
 * The sign-in check of `POST /api/ai/generate`. The route is declared `public` so that this check, not the
 * auth plugin's generic one, answers a visitor: docs/product/routes-and-roles.md#roles gives the AI calls the
 * message 'Authentication required'. Other roles than the authors' are refused 403 as everywhere.
 */
async function requireAuthor(request: FastifyRequest): Promise<void> {
  if (!request.user) throw errors.unauthenticated('Authentication required');
  if (!(MEDIA_AUTHOR_ROLES as readonly Role[]).includes(request.user.role)) {
    throw errors.forbidden('Unauthorized access');
  }
}

/** AI generation for the editor. docs/product/rules-and-limits.md#ai, docs/product/routes-and-roles.md#roles, docs/product/routes-and-roles.md#api; docs/product/rules-and-limits.md#media. */
export const aiRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const service = ctx.services.ai;
  const perUser = app.rateLimit({
    max: AI_GENERATIONS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (req) => `ai:${req.user?.id ?? req.ip}`,
  });

  route(
    app,
    endpoints.aiGenerate,
    {
      // Before body validation, so that a visitor is told to sign in whatever they sent.
      preValidation: requireAuthor,
      preHandler: perUser,
    },
    async (request) => service.generate(actor(request), request.body),
  );

  route(app, endpoints.aiProviders, {}, async (request) => service.providers(request.query.type));
};
