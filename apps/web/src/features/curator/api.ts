import {
  FollowResponse,
  PublicProfile,
  type RecommendationStrategy,
  RecommendationsResponse,
} from '@josie/contract';
import { request } from '../../api/request';

/**
 * Query keys of profiles and curator recommendations: a user's public profile (`GET /api/users/{id}`)
 * and one draw of recommendations (its strategy and what it was asked with).
 */
export const curatorKeys = {
  profile: (id: string) => ['profile', id] as const,
  recommendations: (strategy: RecommendationStrategy, ...asked: readonly (string | number)[]) =>
    ['recommendations', strategy, ...asked] as const,
};

/** A public or curator profile with its counts and whether the caller follows it (docs/product/routes-and-roles.md#api, docs/product/differences.md#public-profile). */
export function fetchProfile(id: string, signal?: AbortSignal) {
  return request('publicProfile', { params: { id } }, { schema: PublicProfile, signal });
}

/**
 * Follows (`follow: true`) or unfollows curator `id`
 * (docs/product/rules-and-limits.md#follows-and-recommendations, docs/product/routes-and-roles.md#api).
 * Answers the caller's followed curator ids after the call, for the stored user's `following`.
 */
export function setFollowing(id: string, follow: boolean) {
  return request(follow ? 'follow' : 'unfollow', { params: { id } }, { schema: FollowResponse });
}

/**
 * Curator recommendations (`GET /api/recommendations/curators`): `limit` of them by `strategy`, never
 * the caller, a followed curator or an id in `exclude`.
 */
export async function fetchRecommendations(
  params: { limit: number; strategy: RecommendationStrategy; exclude?: readonly string[] },
  signal?: AbortSignal,
) {
  const exclude = params.exclude && params.exclude.length > 0 ? params.exclude.join(',') : undefined;
  const query = { limit: params.limit, strategy: params.strategy, exclude };
  const answer = await request(
    'recommendedCurators',
    { query },
    {
      schema: RecommendationsResponse,
      signal,
    },
  );
  return answer.recommendations;
}
