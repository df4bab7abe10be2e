import type { RecommendationsQuery, RecommendationsResponse } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import { presentCuratorRecommendation } from '../curators/index.js';
import type { UsersService } from '../users/index.js';
import { recommendCurators } from './queries.js';

/**
 * Curator recommendations for onboarding (5, docs/product/rules-and-limits.md#follows-and-recommendations)
 * and the curator profile's "You may also like" (3 random, docs/product/routes-and-roles.md#pages,
 * docs/product/rules-and-limits.md#constants). Never the caller, an excluded id, a curator already
 * followed, or one the caller blocked or that blocked the caller (docs/decisions/0048-blocking-and-muting.md).
 * A visitor (the profile's suggestions are public, docs/decisions/0045-public-curator-profiles.md) gets the
 * same draw without follows or genres: `genre` orders at random for them.
 */
export function createRecommendationsService(deps: { db: Executor; users: Pick<UsersService, 'findById'> }) {
  const { db, users } = deps;
  return {
    /** `GET /api/recommendations/curators`: two queries (the caller's genres, then the pick). */
    async curators(viewer: AuthUser | null, query: RecommendationsQuery): Promise<RecommendationsResponse> {
      const genres =
        query.strategy === 'genre' && viewer
          ? ((await users.findById(viewer.id))?.preferences.genres ?? [])
          : [];
      const rows = await recommendCurators(
        db,
        query.strategy,
        { viewerId: viewer?.id ?? null, exclude: query.exclude, genres },
        query.limit,
      );
      return { recommendations: rows.map(presentCuratorRecommendation) };
    },
  };
}
export type RecommendationsService = ReturnType<typeof createRecommendationsService>;
