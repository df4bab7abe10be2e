import {
  ERROR_CODES,
  FOLLOW_SOURCES,
  flagEnabled,
  LANGUAGES,
  STUDIO_LIMITS,
  STUDIO_METRICS,
  STUDIO_SERVICES,
  STUDIO_SURFACES,
  type StudioAudienceResponse,
  type StudioJosieResponse,
  type StudioJosiesQuery,
  type StudioJosiesResponse,
  type StudioMetric,
  type StudioOverviewResponse,
  type StudioPeriod,
  type StudioPlatformResponse,
  type StudioQuery,
  type StudioRange,
  type StudioTotal,
} from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db } from '../../db/client.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { FlagsService } from '../flags/index.js';
import type { UsersService } from '../users/index.js';
import {
  curatorDays,
  type DayCount,
  inviteTexts,
  type JosieTotalsRow,
  josieHead,
  josiePage,
  josieTotals,
  platformDays,
  type RunningTotals,
} from './queries.js';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<Exclude<StudioPeriod, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The days a period covers on `today` (UTC): the last N days, today included, and the N days before them;
 * all time has no previous period and starts at its first counted day (`first`, or today).
 */
export function rangeOf(period: StudioPeriod, today: string, first: string | null = null): StudioRange {
  if (period === 'all') {
    return { period, from: first ?? today, to: today, previousFrom: null, previousTo: null };
  }
  const n = PERIOD_DAYS[period];
  const end = dayMs(today);
  return {
    period,
    from: isoDay(end - (n - 1) * DAY_MS),
    to: today,
    previousFrom: isoDay(end - (2 * n - 1) * DAY_MS),
    previousTo: isoDay(end - n * DAY_MS),
  };
}

/** Every day from `from` to `to`, inclusive, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = dayMs(from); t <= dayMs(to); t += DAY_MS) days.push(isoDay(t));
  return days;
}

/** The sums of `rows` of `metric` (and `dim`) in the range and in the previous one. */
function totalOf(rows: DayCount[], range: StudioRange, metric: string, dim = ''): StudioTotal {
  let current = 0;
  let previous = 0;
  for (const row of rows) {
    if (row.metric !== metric || row.dim !== dim) continue;
    if (row.day >= range.from && row.day <= range.to) current += row.count;
    else if (range.previousFrom && row.day >= range.previousFrom && row.day <= (range.previousTo ?? '')) {
      previous += row.count;
    }
  }
  return { current, previous: range.previousFrom ? previous : null };
}

/** One number per day of `days` for `metric` (and `dim`). */
function seriesOf(rows: DayCount[], days: string[], metric: string, dim = ''): number[] {
  const index = new Map(days.map((day, i) => [day, i]));
  const values = new Array<number>(days.length).fill(0);
  for (const row of rows) {
    if (row.metric !== metric || row.dim !== dim) continue;
    const i = index.get(row.day);
    if (i !== undefined) values[i]! += row.count;
  }
  return values;
}

/** The sums by `dim` of `metric` in the range, over the `keys` (any other dim counts as the last key). */
function breakdownOf<K extends string>(
  rows: DayCount[],
  range: StudioRange,
  metric: string,
  keys: readonly K[],
): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  const fallback = keys[keys.length - 1]!;
  for (const row of rows) {
    if (row.metric !== metric || row.day < range.from || row.day > range.to) continue;
    const key = (keys as readonly string[]).includes(row.dim) ? (row.dim as K) : fallback;
    out[key] += row.count;
  }
  return out;
}

const metricsOf = <T>(f: (metric: StudioMetric) => T) =>
  Object.fromEntries(STUDIO_METRICS.map((m) => [m, f(m)])) as Record<StudioMetric, T>;

/**
 * A metric counted between two running rows (decision 0050, amended): the later one's total less the
 * earlier one's; a missing row counts nothing yet.
 */
const runningDifference = (
  later: RunningTotals | null,
  earlier: RunningTotals | null,
  metric: StudioMetric,
) => (later?.[metric] ?? 0) - (earlier?.[metric] ?? 0);

/** The overview's daily totals: the josies' metrics and the followers gained and lost. */
const OVERVIEW_METRICS = [...STUDIO_METRICS, 'followers_gained', 'followers_lost'];

/** The audience's daily rows: followers gained and lost, and the breakdowns of where they came from. */
const AUDIENCE_METRICS = ['followers_gained', 'followers_lost', 'follow_source', 'invite_joins'];

/** The earliest day of `rows`, or null. */
const firstDay = (rows: DayCount[]) =>
  rows.reduce<string | null>((min, row) => (min === null || row.day < min ? row.day : min), null);

/**
 * The curator studio's reads (docs/decisions/0050-curator-studio-counts.md;
 * docs/product/rules-and-limits.md#studio): totals and daily series from the rollup tables only, never who.
 * Every call answers 404 `FEATURE_DISABLED` while the `studio` flag is off; a curator (or editor) reads
 * their own studio, an admin anyone's (`curatorId`); naming someone else's studio otherwise is 403.
 */
export function createStudioService(deps: {
  db: Db;
  flags: Pick<FlagsService, 'all'>;
  users: Pick<UsersService, 'findById'>;
  /** The UTC day of now (tests move it). */
  today?: () => string;
}) {
  const { db, flags, users } = deps;
  const today = deps.today ?? (() => isoDay(Date.now()));

  /** @throws AppError 404 `FEATURE_DISABLED` while the `studio` flag is off. */
  async function assertEnabled(): Promise<void> {
    if (!flagEnabled('studio', (await flags.all()).studio)) {
      throw new AppError(404, ERROR_CODES.FEATURE_DISABLED, 'The studio is not available');
    }
  }

  /**
   * Whose studio `actor` reads: their own without `curatorId` (or naming themselves); an admin's choice.
   * @throws AppError 403 `FORBIDDEN` for anyone else's; 404 for an admin's unknown curator.
   */
  async function whose(actor: AuthUser, curatorId: string | undefined): Promise<string> {
    await assertEnabled();
    if (curatorId === undefined || curatorId === actor.id) return actor.id;
    if (actor.role !== 'admin') throw errors.forbidden('This is not your studio');
    if (!isUuid(curatorId) || !(await users.findById(curatorId))) throw errors.notFound('Curator not found');
    return curatorId;
  }

  /** The range of `period`, and the first day the rows are read from (null: all of them). */
  function periodOf(period: StudioPeriod) {
    const range = rangeOf(period, today());
    return { range, readFrom: period === 'all' ? null : range.previousFrom };
  }

  const josieRow = (row: JosieTotalsRow) => ({
    id: row.id,
    title: row.title,
    publishedAt: row.publishedAt,
    ...metricsOf((m) => row[m]),
  });

  return {
    /**
     * `GET /api/studio/overview`: one statement (the curator's daily totals since the previous period's start,
     * their first day and follower count; an admin's check of the curator one more).
     */
    async overview(actor: AuthUser, query: StudioQuery): Promise<StudioOverviewResponse> {
      const curatorId = await whose(actor, query.curatorId);
      const { readFrom } = periodOf(query.period);
      const {
        rows,
        followers: now,
        first,
      } = await curatorDays(db, curatorId, {
        from: readFrom,
        metrics: OVERVIEW_METRICS,
        breakdowns: false,
      });
      const range = rangeOf(query.period, today(), first);
      const days = daysBetween(range.from, range.to);
      return {
        curatorId,
        range,
        firstDay: first,
        followers: {
          now,
          gained: totalOf(rows, range, 'followers_gained'),
          lost: totalOf(rows, range, 'followers_lost'),
        },
        totals: metricsOf((m) => totalOf(rows, range, m)),
        series: {
          days,
          metrics: metricsOf((m) => seriesOf(rows, days, m)),
          followersGained: seriesOf(rows, days, 'followers_gained'),
          followersLost: seriesOf(rows, days, 'followers_lost'),
        },
      };
    },

    /**
     * `GET /api/studio/josies`: a sorted page of the curator's published josies; one statement, two probes of
     * the running totals per josie whatever the period (decision 0050, amended).
     */
    async josies(actor: AuthUser, query: StudioJosiesQuery): Promise<StudioJosiesResponse> {
      const curatorId = await whose(actor, query.curatorId);
      const { range } = periodOf(query.period);
      const rows = await josieTotals(db, {
        curatorId,
        from: query.period === 'all' ? null : range.from,
        to: range.to,
        sort: query.sort,
        order: query.order,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      });
      return {
        curatorId,
        range,
        items: rows.map(josieRow),
        total: rows[0]?.total ?? 0,
        page: query.page,
        limit: query.limit,
      };
    },

    /**
     * Every published josie of the table, `pageSize` at a time (the CSV export): each page one statement,
     * so memory holds one page whatever the count.
     */
    async *allJosies(curatorId: string, period: StudioPeriod, pageSize = 500) {
      const { range } = periodOf(period);
      for (let offset = 0; ; offset += pageSize) {
        const rows = await josieTotals(db, {
          curatorId,
          from: period === 'all' ? null : range.from,
          to: range.to,
          sort: 'publishedAt',
          order: 'desc',
          limit: pageSize,
          offset,
          withTotal: false,
        });
        for (const row of rows) yield josieRow(row);
        if (rows.length < pageSize) return;
      }
    },

    /**
     * `GET /api/studio/josies/:id`: two statements (the josie; the period's days and three probes of its
     * running totals, the period's and the previous one's totals).
     * @throws AppError 404 unknown or malformed id; 403 another curator's josie (not for an admin).
     */
    async josie(actor: AuthUser, josieId: string, query: StudioQuery): Promise<StudioJosieResponse> {
      await assertEnabled();
      if (!isUuid(josieId)) throw errors.notFound('Josie not found');
      const head = await josieHead(db, josieId);
      if (!head) throw errors.notFound('Josie not found');
      if (head.curatorId !== actor.id && actor.role !== 'admin')
        throw errors.forbidden('This is not your josie');
      const asked = periodOf(query.period).range;
      const all = query.period === 'all';
      const page = await josiePage(db, josieId, {
        from: all ? null : asked.from,
        to: asked.to,
        previousFrom: asked.previousFrom,
      });
      const { rows } = page;
      const range = rangeOf(query.period, today(), page.first);
      const days = daysBetween(range.from, range.to);
      return {
        josie: {
          id: head.id,
          title: head.title,
          publishedAt: head.publishedAt?.toISOString() ?? null,
          curatorId: head.curatorId,
        },
        range,
        totals: metricsOf((m) => ({
          current: runningDifference(page.end, page.beforeFrom, m),
          previous: all ? null : runningDifference(page.beforeFrom, page.beforePrevious, m),
        })),
        series: { days, views: seriesOf(rows, days, 'views'), plays: seriesOf(rows, days, 'plays') },
        playsByService: breakdownOf(rows, range, 'play_service', STUDIO_SERVICES),
        surfaces: breakdownOf(rows, range, 'view_surface', STUDIO_SURFACES),
        languages: breakdownOf(rows, range, 'view_language', [...LANGUAGES, 'other'] as const),
      };
    },

    /**
     * `GET /api/studio/audience`: one statement (the period's days of its four metrics, the first day and the
     * follower count), two with invites that brought followers.
     */
    async audience(actor: AuthUser, query: StudioQuery): Promise<StudioAudienceResponse> {
      const curatorId = await whose(actor, query.curatorId);
      // The audience compares nothing with the period before: only the period's days are read.
      const {
        rows,
        followers: now,
        first,
      } = await curatorDays(db, curatorId, {
        from: query.period === 'all' ? null : periodOf(query.period).range.from,
        metrics: AUDIENCE_METRICS,
        breakdowns: true,
      });
      const range = rangeOf(query.period, today(), first);
      const days = daysBetween(range.from, range.to);
      const gained = seriesOf(rows, days, 'followers_gained');
      const lost = seriesOf(rows, days, 'followers_lost');
      // The count at each day's end, walked back from now: today's end is now.
      const followers = new Array<number>(days.length).fill(0);
      let level = now;
      for (let i = days.length - 1; i >= 0; i--) {
        followers[i] = Math.max(0, level);
        level -= gained[i]! - lost[i]!;
      }
      const joins = new Map<string, number>();
      for (const row of rows) {
        if (row.metric !== 'invite_joins' || row.day < range.from) continue;
        joins.set(row.dim, (joins.get(row.dim) ?? 0) + row.count);
      }
      const best = [...joins]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, STUDIO_LIMITS.topInvites);
      const texts = new Map(
        (
          await inviteTexts(
            db,
            curatorId,
            best.map(([id]) => id),
          )
        ).map((row) => [row.id, row.text]),
      );
      return {
        curatorId,
        range,
        followersNow: now,
        series: { days, followers, gained, lost },
        sources: breakdownOf(rows, range, 'follow_source', FOLLOW_SOURCES),
        invites: best
          .filter(([id]) => texts.has(id))
          .map(([id, count]) => ({ id, text: texts.get(id)!, joins: count })),
      };
    },

    /** `GET /api/studio/platform` (admins): every curator's totals summed; one statement. */
    async platform(query: { period: StudioPeriod }): Promise<StudioPlatformResponse> {
      await assertEnabled();
      const { readFrom } = periodOf(query.period);
      const rows = await platformDays(db, readFrom);
      const range = rangeOf(query.period, today(), firstDay(rows));
      return {
        range,
        totals: metricsOf((m) => totalOf(rows, range, m)),
        followersGained: totalOf(rows, range, 'followers_gained'),
        followersLost: totalOf(rows, range, 'followers_lost'),
      };
    },

    /** Whose studio a CSV export reads (the same rule as the pages). */
    whose,
  };
}

/** The studio service, as {@link createStudioService} builds it. */
export type StudioService = ReturnType<typeof createStudioService>;
