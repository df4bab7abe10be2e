import { z } from 'zod';
import { FOLLOW_SOURCES, STUDIO_SERVICES, STUDIO_SURFACES } from './analytics.js';
import { LANGUAGES } from './catalogues.js';
import { text } from './common.js';

/**
 * The curator studio (docs/decisions/0050-curator-studio-counts.md; docs/product/rules-and-limits.md#studio):
 * what happens to what a curator publishes, in totals only, never who. Every route answers 404
 * `FEATURE_DISABLED` while the `studio` flag is off; a curator reads their own studio, an admin any
 * curator's (`curatorId`), anyone else 403 `FORBIDDEN`. Days are UTC dates `YYYY-MM-DD`.
 */

/** The periods of the studio: the last 7, 30 or 90 UTC days (today included), or all time. */
export const STUDIO_PERIODS = ['7d', '30d', '90d', 'all'] as const;
export type StudioPeriod = (typeof STUDIO_PERIODS)[number];

/** The counted activity of a josie or a curator, the columns of the studio's tables. */
export const STUDIO_METRICS = ['views', 'plays', 'likes', 'saves', 'shares', 'comments', 'alsoOn'] as const;
export type StudioMetric = (typeof STUDIO_METRICS)[number];

/** Columns the josie table sorts by. */
export const STUDIO_JOSIE_SORTS = [...STUDIO_METRICS, 'publishedAt', 'title'] as const;
export type StudioJosieSort = (typeof STUDIO_JOSIE_SORTS)[number];

/** Largest and default page of `GET /api/studio/josies`; how many invites the audience ranks. */
export const STUDIO_LIMITS = { josiesPageMax: 100, josiesPageDefault: 50, topInvites: 10 } as const;

/**
 * The query of every studio route: the period (default 30 days) and, for an admin, whose studio (a curator's
 * id; without it, the caller's own). Any other caller naming someone else's id gets 403.
 */
export const StudioQuery = z.object({
  period: z.enum(STUDIO_PERIODS).default('30d'),
  curatorId: text().min(1).max(100).optional(),
});
export type StudioQuery = z.infer<typeof StudioQuery>;

/** The range a studio answer covers: `from` to `to` inclusive, and the previous range of the same length (null for all time). */
export const StudioRange = z.object({
  period: z.enum(STUDIO_PERIODS),
  from: text(),
  to: text(),
  previousFrom: text().nullable(),
  previousTo: text().nullable(),
});
export type StudioRange = z.infer<typeof StudioRange>;

/** A total in the period and in the previous one (null for all time). */
export const StudioTotal = z.object({ current: z.number().int(), previous: z.number().int().nullable() });
export type StudioTotal = z.infer<typeof StudioTotal>;

const metricsOf = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(STUDIO_METRICS.map((metric) => [metric, value])) as Record<StudioMetric, T>);

/**
 * `GET /api/studio/overview`: followers now, gained and lost, each metric's total against the previous
 * period, and a daily series of each (`days` oldest first, one number per day in every list).
 */
export const StudioOverviewResponse = z.object({
  curatorId: text(),
  range: StudioRange,
  /** The first UTC day anything of the curator's was counted, whatever the period; null: nothing yet. */
  firstDay: text().nullable(),
  followers: z.object({ now: z.number().int(), gained: StudioTotal, lost: StudioTotal }),
  totals: metricsOf(StudioTotal),
  series: z.object({
    days: z.array(text()),
    metrics: metricsOf(z.array(z.number().int())),
    followersGained: z.array(z.number().int()),
    followersLost: z.array(z.number().int()),
  }),
});
export type StudioOverviewResponse = z.infer<typeof StudioOverviewResponse>;

/** `GET /api/studio/josies`: the period, whose, and the table's order and page (from 1). */
export const StudioJosiesQuery = StudioQuery.extend({
  sort: z.enum(STUDIO_JOSIE_SORTS).default('views'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(STUDIO_LIMITS.josiesPageMax)
    .default(STUDIO_LIMITS.josiesPageDefault),
});
export type StudioJosiesQuery = z.infer<typeof StudioJosiesQuery>;

/** One published josie of the table with its totals in the period. */
export const StudioJosieRow = z.object({
  id: text(),
  title: text(),
  publishedAt: text().nullable(),
  ...metricsOf(z.number().int()).shape,
});
export type StudioJosieRow = z.infer<typeof StudioJosieRow>;

/** `GET /api/studio/josies`: a page of every published josie of the curator (`total` of them). */
export const StudioJosiesResponse = z.object({
  curatorId: text(),
  range: StudioRange,
  items: z.array(StudioJosieRow),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type StudioJosiesResponse = z.infer<typeof StudioJosiesResponse>;

/**
 * `GET /api/studio/josies/:id`: one josie's totals, views by day, plays by service, views by referring
 * surface and the readers' interface language (`other` for a reader whose language was neither).
 */
export const StudioJosieResponse = z.object({
  josie: z.object({ id: text(), title: text(), publishedAt: text().nullable(), curatorId: text() }),
  range: StudioRange,
  totals: metricsOf(StudioTotal),
  series: z.object({
    days: z.array(text()),
    views: z.array(z.number().int()),
    plays: z.array(z.number().int()),
  }),
  playsByService: z.object(
    Object.fromEntries(STUDIO_SERVICES.map((s) => [s, z.number().int()])) as Record<
      (typeof STUDIO_SERVICES)[number],
      z.ZodNumber
    >,
  ),
  surfaces: z.object(
    Object.fromEntries(STUDIO_SURFACES.map((s) => [s, z.number().int()])) as Record<
      (typeof STUDIO_SURFACES)[number],
      z.ZodNumber
    >,
  ),
  languages: z.object(
    Object.fromEntries([...LANGUAGES, 'other'].map((s) => [s, z.number().int()])) as Record<
      (typeof LANGUAGES)[number] | 'other',
      z.ZodNumber
    >,
  ),
});
export type StudioJosieResponse = z.infer<typeof StudioJosieResponse>;

/** An invite of the curator with the followers it brought in the period. */
export const StudioInviteRow = z.object({ id: text(), text: text(), joins: z.number().int() });
export type StudioInviteRow = z.infer<typeof StudioInviteRow>;

/**
 * `GET /api/studio/audience`: followers by day (`followers`, the count at each day's end), gained and lost
 * by day, where new followers pressed follow, and the best invites.
 */
export const StudioAudienceResponse = z.object({
  curatorId: text(),
  range: StudioRange,
  followersNow: z.number().int(),
  series: z.object({
    days: z.array(text()),
    followers: z.array(z.number().int()),
    gained: z.array(z.number().int()),
    lost: z.array(z.number().int()),
  }),
  sources: z.object(
    Object.fromEntries(FOLLOW_SOURCES.map((s) => [s, z.number().int()])) as Record<
      (typeof FOLLOW_SOURCES)[number],
      z.ZodNumber
    >,
  ),
  invites: z.array(StudioInviteRow),
});
export type StudioAudienceResponse = z.infer<typeof StudioAudienceResponse>;

/** `GET /api/studio/platform` (admins): every curator's totals summed, against the previous period. */
export const StudioPlatformQuery = z.object({ period: z.enum(STUDIO_PERIODS).default('30d') });
export type StudioPlatformQuery = z.infer<typeof StudioPlatformQuery>;

export const StudioPlatformResponse = z.object({
  range: StudioRange,
  totals: metricsOf(StudioTotal),
  followersGained: StudioTotal,
  followersLost: StudioTotal,
});
export type StudioPlatformResponse = z.infer<typeof StudioPlatformResponse>;

/** The tables a studio CSV exports (each streamed): the overview's daily series, the josie table, the audience's. */
export const STUDIO_CSV_TABLES = ['overview', 'josies', 'audience'] as const;
export type StudioCsvTable = (typeof STUDIO_CSV_TABLES)[number];
export const StudioCsvParams = z.object({ table: z.enum(STUDIO_CSV_TABLES) });
export type StudioCsvParams = z.infer<typeof StudioCsvParams>;
