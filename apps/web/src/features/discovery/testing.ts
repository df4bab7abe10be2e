import type { CuratorRecommendation } from '@josie/contract';
import { json, type RecordedRequest, type StubRoute } from '../../test/fetchStub';

/** A curator as search and explore answer them (test-only; never imported by the app). */
export function makeCurator(
  n: number,
  overrides: Partial<CuratorRecommendation> = {},
): CuratorRecommendation {
  const id = `0190a0b0-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;
  return {
    _id: id,
    id,
    name: `Curator ${n}`,
    avatar: null,
    font: '',
    color: '#87A9FF',
    bio: `Bio of curator ${n}`,
    followersCount: n,
    ...overrides,
  };
}

/** A handler of `GET path` answering `answer(request)` (a body, answered 200, or a ready reply). */
export function getRoute(
  path: string | RegExp,
  answer: (request: RecordedRequest) => unknown | Promise<unknown>,
): StubRoute {
  return {
    method: 'GET',
    path,
    reply: async (request) => {
      const body = await answer(request);
      return body && typeof body === 'object' && 'status' in body && 'body' in body
        ? (body as { status: number; body: unknown })
        : json(200, body);
    },
  };
}

/** A search answer of curators. */
export function curatorsPage(curators: CuratorRecommendation[], nextCursor: string | null = null) {
  return { data: { curators, hasMore: nextCursor !== null, nextCursor } };
}
