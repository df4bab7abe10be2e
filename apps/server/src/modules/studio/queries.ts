import { STUDIO_METRICS, type StudioJosieSort, type StudioMetric } from '@josie/contract';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  follows,
  invites,
  josies,
  studioCuratorDays,
  studioFirsts,
  studioJosieDays,
  studioJosieRunning,
  studioMarks,
  studioSalts,
} from '../../db/schema.js';
import { RUNNING_COLUMNS } from './rollup.queries.js';

const START = { xid: '0', id: '00000000-0000-0000-0000-000000000000' };

/**
 * Locks the rollup's mark `name` for the caller's transaction and answers it (docs/decisions/0050-curator-studio-counts.md): a
 * second instance's run waits here, then reads on from where this one stopped. A new mark starts before
 * every event.
 */
export async function lockMark(tx: Executor, name: string): Promise<{ xid: string; id: string }> {
  await tx.insert(studioMarks).values({ name, xid: START.xid, lastId: START.id }).onConflictDoNothing();
  const [row] = await tx
    .select({ xid: sql<string>`${studioMarks.xid}::text`, id: studioMarks.lastId })
    .from(studioMarks)
    .where(eq(studioMarks.name, name))
    .for('update');
  return row!;
}

/** Moves the mark `name` (locked by {@link lockMark}) to the event `to`. */
export async function moveMark(tx: Executor, name: string, to: { xid: string; id: string }): Promise<void> {
  await tx.update(studioMarks).set({ xid: to.xid, lastId: to.id }).where(eq(studioMarks.name, name));
}

/** Deletes the first-event rows of days before yesterday (UTC): no event of those days is still to come. */
export async function purgeFirsts(db: Executor): Promise<void> {
  await db.delete(studioFirsts).where(lt(studioFirsts.day, sql`((now() at time zone 'UTC')::date - 1)`));
}

/** Deletes the salts of the days before today (UTC): a salt is kept only for its day (decision 0050). */
export async function purgeSalts(db: Executor): Promise<void> {
  await db.delete(studioSalts).where(lt(studioSalts.day, sql`(now() at time zone 'UTC')::date`));
}

/**
 * The salt of `day` (`YYYY-MM-DD`), made from `fresh` by the first caller of the day: every instance
 * reads the one that won.
 */
export async function saltOf(db: Executor, day: string, fresh: string): Promise<string> {
  await db.insert(studioSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await db.select({ salt: studioSalts.salt }).from(studioSalts).where(eq(studioSalts.day, day));
  return row!.salt;
}

/** One daily count row of a rollup table. */
export interface DayCount {
  metric: string;
  dim: string;
  day: string;
  count: number;
}

/** The metrics whose daily total rows (`dim` '') a curator's first counted day is the earliest of. */
const CURATOR_TOTALS = [...STUDIO_METRICS, 'followers_gained', 'followers_lost'];

/**
 * A curator's daily counts of `metrics` from `from` (inclusive; null for all time), their totals only
 * (`dim` '') unless `breakdowns`, with their first counted day and their followers now: one statement (the
 * first day and the count ride along as one more row). The primary key `(curator_id, metric, dim, day)`
 * serves it as one range per metric, so the rows read are the period's, never the curator's history; the
 * first day is one probe of that key per metric.
 */
export async function curatorDays(
  db: Executor,
  curatorId: string,
  opts: { from: string | null; metrics: readonly string[]; breakdowns: boolean },
): Promise<{ rows: DayCount[]; followers: number; first: string | null }> {
  const d = studioCuratorDays;
  const dayFilter = opts.from === null ? sql`` : sql`and ${d.day} >= ${opts.from}::date`;
  const dimFilter = opts.breakdowns ? sql`` : sql`and ${d.dim} = ''`;
  const { rows } = (await db.execute(sql`
    select ${d.metric} as metric, ${d.dim} as dim, ${d.day}::text as day, ${d.count} as count
    from ${d}
    where ${d.curatorId} = ${curatorId} and ${d.metric} = any(${sql.param(opts.metrics)}::text[])
      ${dimFilter} ${dayFilter}
    union all
    select '', '',
      coalesce((
        select min(f.day)::text from unnest(${sql.param(CURATOR_TOTALS)}::text[]) as m(metric)
        cross join lateral (
          select c.day from ${d} c
          where c.curator_id = ${curatorId} and c.metric = m.metric and c.dim = ''
          order by c.day limit 1
        ) as f
      ), ''),
      (select count(*)::int from ${follows} where ${follows.curatorId} = ${curatorId})`)) as unknown as {
    rows: DayCount[];
  };
  // The extra row is found by its empty metric: `union all` promises no order (a parallel append mixes them).
  const last = rows.find((row) => row.metric === '')!;
  return {
    rows: rows.filter((row) => row.metric !== ''),
    followers: last.count,
    first: last.day === '' ? null : last.day,
  };
}

/** A josie's running totals at the end of some day: each metric counted from its first day. */
export type RunningTotals = Record<StudioMetric, number>;

/** The daily rows a josie's page reads: the series' metrics and the breakdowns. */
const JOSIE_PAGE_METRICS = ['views', 'plays', 'play_service', 'view_surface', 'view_language'];

const RUNNING_AS_METRICS = sql.raw(RUNNING_COLUMNS.map(([m, column]) => `"${column}" as "${m}"`).join(', '));

/** The latest running row of `josieId` before (or on, with `inclusive`) `day`, as JSON; null when none. */
const runningAt = (josieId: string, day: string, inclusive = false) => sql`(
  select row_to_json(r) from (
    select ${RUNNING_AS_METRICS} from ${studioJosieRunning}
    where ${studioJosieRunning.josieId} = ${josieId}
      and ${studioJosieRunning.day} ${inclusive ? sql`<=` : sql`<`} ${day}::date
    order by ${studioJosieRunning.day} desc limit 1
  ) as r)`;

/**
 * What a josie's page reads, in one statement: the daily rows of its series and breakdowns from `from` to
 * `to` (inclusive; from its first day when `from` is null), its first counted day, and its running totals
 * at the end of `to`, before `from` and before `previousFrom` (null when there is no such row): the
 * period's totals and the previous period's come from those three probes, so the previous period's days
 * are never read.
 */
export async function josiePage(
  db: Executor,
  josieId: string,
  range: { from: string | null; to: string; previousFrom: string | null },
): Promise<{
  rows: DayCount[];
  first: string | null;
  end: RunningTotals | null;
  beforeFrom: RunningTotals | null;
  beforePrevious: RunningTotals | null;
}> {
  const d = studioJosieDays;
  const dayFilter = range.from === null ? sql`` : sql`and ${d.day} >= ${range.from}::date`;
  const { rows } = (await db.execute(sql`
    select
      coalesce((
        select json_agg(json_build_object('metric', ${d.metric}, 'dim', ${d.dim}, 'day', ${d.day}, 'count', ${d.count}))
        from ${d}
        where ${d.josieId} = ${josieId} and ${d.metric} = any(${sql.param(JOSIE_PAGE_METRICS)}::text[])
          and ${d.day} <= ${range.to}::date ${dayFilter}
      ), '[]'::json) as rows,
      (select min(${studioJosieRunning.day})::text from ${studioJosieRunning}
        where ${studioJosieRunning.josieId} = ${josieId}) as first,
      ${runningAt(josieId, range.to, true)} as "end",
      ${range.from === null ? sql`null::json` : runningAt(josieId, range.from)} as "beforeFrom",
      ${range.previousFrom === null ? sql`null::json` : runningAt(josieId, range.previousFrom)} as "beforePrevious"`)) as unknown as {
    rows: {
      rows: DayCount[];
      first: string | null;
      end: RunningTotals | null;
      beforeFrom: RunningTotals | null;
      beforePrevious: RunningTotals | null;
    }[];
  };
  return rows[0]!;
}

/** Every curator's summed counts per metric and day from `from` (admins' platform totals): one statement. */
export async function platformDays(db: Executor, from: string | null): Promise<DayCount[]> {
  return db
    .select({
      metric: studioCuratorDays.metric,
      dim: sql<string>`''`,
      day: studioCuratorDays.day,
      count: sql<number>`sum(${studioCuratorDays.count})::int`,
    })
    .from(studioCuratorDays)
    .where(and(eq(studioCuratorDays.dim, ''), from === null ? undefined : gte(studioCuratorDays.day, from)))
    .groupBy(studioCuratorDays.metric, studioCuratorDays.day);
}

/** A josie's id, title, publication and creator, or undefined. */
export async function josieHead(db: Executor, josieId: string) {
  const [row] = await db
    .select({
      id: josies.id,
      title: josies.title,
      publishedAt: josies.publishedAt,
      curatorId: josies.creatorId,
    })
    .from(josies)
    .where(eq(josies.id, josieId));
  return row;
}

/** The texts of the invites `ids` of `curatorId` (the audience's best invites). */
export async function inviteTexts(db: Executor, curatorId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: invites.id, text: invites.inviteText })
    .from(invites)
    .where(and(eq(invites.creatorId, curatorId), sql`${invites.id} = any(${sql.param(ids)}::uuid[])`));
}

/** One row of the josie table: a published josie and its totals in the period. */
export interface JosieTotalsRow {
  id: string;
  title: string;
  publishedAt: string | null;
  total: number;
  views: number;
  plays: number;
  likes: number;
  saves: number;
  shares: number;
  comments: number;
  alsoOn: number;
}

/** A running row's columns as the josie table's totals: the end's less the start's (none: zero). */
const PERIOD_TOTALS = sql.raw(
  RUNNING_COLUMNS.map(
    ([m, column]) => `(coalesce(e."${column}", 0) - coalesce(s."${column}", 0))::int as "${m}"`,
  ).join(', '),
);

/**
 * A page of `curatorId`'s published josies with their totals from `from` to `to` (inclusive; all time when
 * `from` is null), sorted by `sort` then id, and how many there are: one statement. Each josie's totals
 * are two probes of `studio_josie_running`'s key (its latest row on or before `to`, less its latest before
 * `from`), whatever the period, so sorting a curator's thousands of josies by a total reads two rows each.
 */
export async function josieTotals(
  db: Executor,
  opts: {
    curatorId: string;
    from: string | null;
    to: string;
    sort: StudioJosieSort;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
    /** Count every josie in `total` (the table's pages); the CSV export's pages need no count. */
    withTotal?: boolean;
  },
): Promise<JosieTotalsRow[]> {
  const direction = opts.order === 'asc' ? sql`asc` : sql`desc`;
  const sortBy =
    opts.sort === 'title'
      ? sql`lower(j.title)`
      : opts.sort === 'publishedAt'
        ? sql`j.published_at`
        : sql.identifier(opts.sort);
  const r = studioJosieRunning;
  const start =
    opts.from === null
      ? sql`select * from ${r} where false`
      : sql`select * from ${r} where ${r.josieId} = j.id and ${r.day} < ${opts.from}::date
          order by ${r.day} desc limit 1`;
  const { rows } = (await db.execute(sql`
    select j.id, j.title, to_char(j.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "publishedAt",
      ${opts.withTotal === false ? sql`0` : sql`(count(*) over ())::int`} as total, ${PERIOD_TOTALS}
    from ${josies} j
    left join lateral (
      select * from ${r} where ${r.josieId} = j.id and ${r.day} <= ${opts.to}::date
      order by ${r.day} desc limit 1
    ) e on true
    left join lateral (${start}) s on true
    where j.creator_id = ${opts.curatorId} and j.status = 'published'
    order by ${sortBy} ${direction} nulls last, j.id ${direction}
    limit ${opts.limit} offset ${opts.offset}`)) as unknown as { rows: JosieTotalsRow[] };
  return rows;
}
