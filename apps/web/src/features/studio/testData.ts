import {
  STUDIO_METRICS,
  type StudioAudienceResponse,
  type StudioJosieResponse,
  type StudioJosieRow,
  type StudioJosiesResponse,
  type StudioMetric,
  type StudioOverviewResponse,
  type StudioPeriod,
  type StudioPlatformResponse,
  type StudioRange,
  type StudioTotal,
} from '@josie/contract';

/** Test data of the studio, shaped by the contract (the web tests parse every answer with it). */

export const CURATOR_ID = '0190a0b0-0000-7000-8000-0000000000c1';
export const JOSIE_ID = '0190a0b0-0000-7000-8000-0000000000a1';

/** The range of `period` ending on 2026-12-07 (UTC days). */
export function makeRange(period: StudioPeriod = '30d'): StudioRange {
  if (period === 'all')
    return { period, from: '2026-01-01', to: '2026-12-07', previousFrom: null, previousTo: null };
  const days = Number.parseInt(period, 10);
  const from = new Date(Date.UTC(2026, 11, 7 - days + 1)).toISOString().slice(0, 10);
  const previousFrom = new Date(Date.UTC(2026, 11, 7 - 2 * days + 1)).toISOString().slice(0, 10);
  const previousTo = new Date(Date.UTC(2026, 11, 7 - days)).toISOString().slice(0, 10);
  return { period, from, to: '2026-12-07', previousFrom, previousTo };
}

/** `n` days ending on 2026-12-07. */
export function makeDays(n: number): string[] {
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2026, 11, 7 - n + 1 + i)).toISOString().slice(0, 10),
  );
}

const total = (current: number, previous: number | null): StudioTotal => ({ current, previous });

/** Every metric's total: views 1,234 (previous 1,100), plays 310 (previous 400), the rest small. */
export function makeTotals(period: StudioPeriod = '30d'): Record<StudioMetric, StudioTotal> {
  const previous = (value: number) => (period === 'all' ? null : value);
  return {
    views: total(1234, previous(1100)),
    plays: total(310, previous(400)),
    likes: total(42, previous(42)),
    saves: total(17, previous(0)),
    shares: total(9, previous(3)),
    comments: total(5, previous(10)),
    alsoOn: total(12, previous(12)),
  };
}

/** An overview with 7 days of series (views 100…106 by day). */
export function makeOverview(
  period: StudioPeriod = '30d',
  overrides: Partial<StudioOverviewResponse> = {},
): StudioOverviewResponse {
  const days = makeDays(7);
  const metrics = Object.fromEntries(
    STUDIO_METRICS.map((metric, m) => [metric, days.map((_, i) => (metric === 'views' ? 100 + i : m + i))]),
  ) as Record<StudioMetric, number[]>;
  return {
    curatorId: CURATOR_ID,
    range: makeRange(period),
    firstDay: days[0]!,
    followers: {
      now: 2048,
      gained: total(64, period === 'all' ? null : 32),
      lost: total(4, period === 'all' ? null : 8),
    },
    totals: makeTotals(period),
    series: { days, metrics, followersGained: days.map(() => 2), followersLost: days.map(() => 0) },
    ...overrides,
  };
}

/** A new curator's overview: nothing counted, nobody following. */
export function makeBlankOverview(): StudioOverviewResponse {
  const days = makeDays(7);
  const zero = days.map(() => 0);
  const none = total(0, 0);
  return {
    curatorId: CURATOR_ID,
    range: makeRange('30d'),
    firstDay: null,
    followers: { now: 0, gained: none, lost: none },
    totals: Object.fromEntries(STUDIO_METRICS.map((m) => [m, none])) as Record<StudioMetric, StudioTotal>,
    series: {
      days,
      metrics: Object.fromEntries(STUDIO_METRICS.map((m) => [m, zero])) as Record<StudioMetric, number[]>,
      followersGained: zero,
      followersLost: zero,
    },
  };
}

/** A josie table row. */
export function makeJosieRow(overrides: Partial<StudioJosieRow> = {}): StudioJosieRow {
  return {
    id: JOSIE_ID,
    title: 'Late night jazz',
    publishedAt: '2026-11-20T10:00:00.000Z',
    views: 500,
    plays: 120,
    likes: 30,
    saves: 8,
    shares: 4,
    comments: 2,
    alsoOn: 6,
    ...overrides,
  };
}

/** A page of the josie table. */
export function makeJosies(
  items: StudioJosieRow[],
  overrides: Partial<StudioJosiesResponse> = {},
): StudioJosiesResponse {
  return {
    curatorId: CURATOR_ID,
    range: makeRange('30d'),
    items,
    total: items.length,
    page: 1,
    limit: 50,
    ...overrides,
  };
}

/** One josie's page. */
export function makeJosie(overrides: Partial<StudioJosieResponse> = {}): StudioJosieResponse {
  const days = makeDays(7);
  return {
    josie: {
      id: JOSIE_ID,
      title: 'Late night jazz',
      publishedAt: '2026-11-20T10:00:00.000Z',
      curatorId: CURATOR_ID,
    },
    range: makeRange('30d'),
    totals: makeTotals('30d'),
    series: { days, views: days.map((_, i) => 10 + i), plays: days.map((_, i) => i) },
    playsByService: {
      spotify: 60,
      youtube: 30,
      youtubeMusic: 0,
      appleMusic: 0,
      deezer: 4,
      tidal: 0,
      soundcloud: 0,
      amazonMusic: 0,
      other: 6,
    },
    surfaces: { feed: 50, explore: 20, search: 10, genre: 5, curator: 5, invite: 5, external: 5, other: 0 },
    languages: { en: 75, he: 25, other: 0 },
    ...overrides,
  };
}

/** The audience page. */
export function makeAudience(overrides: Partial<StudioAudienceResponse> = {}): StudioAudienceResponse {
  const days = makeDays(7);
  return {
    curatorId: CURATOR_ID,
    range: makeRange('30d'),
    followersNow: 2048,
    series: {
      days,
      followers: days.map((_, i) => 2040 + i),
      gained: days.map(() => 2),
      lost: days.map((_, i) => (i === 0 ? 3 : 0)),
    },
    sources: { invite: 6, explore: 3, search: 1, onboarding: 0, josie: 4, curator: 0, other: 0 },
    invites: [{ id: 'inv-1', text: 'Come hear my jazz picks', joins: 6 }],
    ...overrides,
  };
}

/** The platform's totals. */
export function makePlatform(period: StudioPeriod = '30d'): StudioPlatformResponse {
  return {
    range: makeRange(period),
    totals: makeTotals(period),
    followersGained: total(900, period === 'all' ? null : 600),
    followersLost: total(50, period === 'all' ? null : 100),
  };
}
