import { endpoints } from '@josie/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { route } from '../../lib/route.js';

/**
 * A card never changes under its URL (its name is a digest of what it shows), so caches keep it for a year
 * without asking again (docs/decisions/0044-share-cards.md).
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The share cards' PNGs (docs/decisions/0044-share-cards.md), for anyone, as the pages' `og:image` and
 * `twitter:image` name them:
 * - `GET /api/josies/{id}/share-card/{card}`: while `card` is the current card of a published josie;
 * - `GET /api/users/{id}/share-card/{card}`: while `card` is the current card of a curator who has published.
 * 404 `NOT_FOUND` for anything else: an unknown, pending, rejected or deleted josie, a user who never
 * published, an older card's name, and a card not made yet.
 */
export const shareCardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { shareCards } = ctx.services;

  route(app, endpoints.josieShareCard, {}, async (request, reply) => {
    const file = await shareCards.openJosieCard(request.params.id, request.params.card);
    return reply.header('content-type', 'image/png').header('cache-control', IMMUTABLE).send(file.stream);
  });

  route(app, endpoints.curatorShareCard, {}, async (request, reply) => {
    const file = await shareCards.openCuratorCard(request.params.id, request.params.card);
    return reply.header('content-type', 'image/png').header('cache-control', IMMUTABLE).send(file.stream);
  });
};
