import type { CuratorsFeedQuery, CuratorsFeedResponse } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { presentCuratorCard } from './presenter.js';
import { mostFollowedCurators } from './queries.js';

/** The curator strip of the home screen (docs/product/routes-and-roles.md#home-and-feed). */
export function createCuratorsService(deps: { db: Executor }) {
  const { db } = deps;
  return {
    /** `GET /api/users/curators/feed`: cards of live curators, most followed first, then by name. One query. */
    async feed(query: CuratorsFeedQuery): Promise<CuratorsFeedResponse> {
      const rows = await mostFollowedCurators(db, query.limit);
      return { curators: rows.map(presentCuratorCard) };
    },
  };
}
export type CuratorsService = ReturnType<typeof createCuratorsService>;
