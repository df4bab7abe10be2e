import { STUDIO_METRICS, type StudioMetric } from '@josie/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  analyticsEvents,
  josies,
  studioCuratorDays,
  studioFirsts,
  studioJosieDays,
  studioJosieRunning,
  users,
} from '../../db/schema.js';
import { STUDIO_SERVER_EVENTS } from './events.js';

/**
 * The rollup's statements (docs/decisions/0050-curator-studio-counts.md): where the next batch of events
 * ends, and the counting of a batch into the daily tables. `rollup.ts` runs them in one transaction with
 * the mark.
 */

const READER_EVENTS = ['josie_view', 'josie_play', 'also_on_click', 'josie_share', 'follow_source'];

/**
 * Which metric rows one counted event adds: its kind, the metric, and which of the event's dimensions is the
 * row's `dim` (`''` for the total, `a` or `b` for the breakdowns below). The contract's metric names are the
 * totals (`views`, `alsoOn`...); the breakdowns are the studio's own.
 */
const METRIC_ROWS: readonly [kind: string, metric: string, dim: '' | 'a' | 'b'][] = [
  ['josie_view', 'views', ''],
  ['josie_view', 'view_surface', 'a'],
  ['josie_view', 'view_language', 'b'],
  ['josie_play', 'plays', ''],
  ['josie_play', 'play_service', 'a'],
  ['also_on_click', 'alsoOn', ''],
  ['also_on_click', 'also_on_service', 'a'],
  ['josie_share', 'shares', ''],
  ['josie_share', 'share_channel', 'a'],
  ['follow_source', 'follow_source', 'a'],
  ['josie_like', 'likes', ''],
  ['josie_save', 'saves', ''],
  ['josie_comment', 'comments', ''],
  ['follow_gained', 'followers_gained', ''],
  ['follow_lost', 'followers_lost', ''],
  ['invite_joined', 'invite_joins', 'a'],
];

const metricRows = sql.join(
  METRIC_ROWS.map(([kind, metric, dim]) => sql`(${kind}, ${metric}, ${dim})`),
  sql`, `,
);
const readerNames = sql.join(
  READER_EVENTS.map((name) => sql`${name}`),
  sql`, `,
);
const countedNames = sql.join(
  [...READER_EVENTS, ...STUDIO_SERVER_EVENTS].map((name) => sql`${name}`),
  sql`, `,
);
/**
 * The running totals' metrics (the contract's names) and their columns in `studio_josie_running` (decision
 * 0050, amended): the josie table's and a josie's page's totals.
 */
export const RUNNING_COLUMNS: readonly (readonly [metric: StudioMetric, column: string])[] =
  STUDIO_METRICS.map((metric) => [metric, metric === 'alsoOn' ? 'also_on' : metric] as const);
const runningOf = (each: (metric: string, column: ReturnType<typeof sql.identifier>) => SQL) =>
  sql.join(
    RUNNING_COLUMNS.map(([metric, column]) => each(metric, sql.identifier(column))),
    sql`, `,
  );
const runningMetrics = runningOf((metric) => sql`${metric}`);
const runningColumns = runningOf((_, column) => sql`${column}`);
const runningCounts = runningOf(
  (metric, column) => sql`count(*) filter (where metric = ${metric}) as ${column}`,
);
const runningZeros = runningOf(() => sql`0`);
const runningCumulated = runningOf((_, column) => sql`sum(${column}) over w as ${column}`);
const runningAdded = runningOf((_, column) => sql`coalesce(b.${column}, 0) + m.${column}`);
const runningSet = runningOf((_, column) => sql`${column} = excluded.${column}`);
const UUID_RE = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

/** A position in the events: `(xid, id)`. */
export interface Position {
  xid: string;
  id: string;
}

/** The last event of the next batch after `from`: at most `limit` events, all of ended transactions. */
export async function batchEnd(
  tx: Executor,
  from: Position,
  limit: number,
): Promise<(Position & { events: number }) | null> {
  // Ordered by the batch's own `xid8`, never by the text answered: as text, '99' comes after '100'.
  const { rows } = (await tx.execute(sql`
    select batch.xid::text as xid, batch.id, (count(*) over ())::int as events from (
      select ${analyticsEvents.xid} as xid, ${analyticsEvents.id} as id from ${analyticsEvents}
      where (${analyticsEvents.xid}, ${analyticsEvents.id}) > (${from.xid}::xid8, ${from.id}::uuid)
        and ${analyticsEvents.xid} < pg_snapshot_xmin(pg_current_snapshot())
      order by ${analyticsEvents.xid}, ${analyticsEvents.id}
      limit ${limit}
    ) as batch
    order by batch.xid desc, batch.id desc
    limit 1`)) as unknown as { rows: (Position & { events: number })[] };
  return rows[0] ?? null;
}

/**
 * Counts the events in `(from, to]` into the daily tables, in one statement: the reader events' first
 * occurrences inserted into `studio_firsts` (those already there are not counted), the server events as
 * they are, each expanded into its metric rows and added to the josie's and the curator's days. An event
 * naming no known josie or curator (deleted since) is skipped.
 */
export async function countRange(tx: Executor, from: Position, to: Position): Promise<void> {
  await tx.execute(sql`
    with ev as (
      select e.id, e.xid, e.name, e.params, e.reader, (e.at at time zone 'UTC')::date as day,
        case when e.params->>'josie_id' ~ ${UUID_RE} then (e.params->>'josie_id')::uuid end as josie_ref,
        case when e.params->>'curator_id' ~ ${UUID_RE} then (e.params->>'curator_id')::uuid end as curator_ref
      from ${analyticsEvents} e
      where (e.xid, e.id) > (${from.xid}::xid8, ${from.id}::uuid)
        and (e.xid, e.id) <= (${to.xid}::xid8, ${to.id}::uuid)
        and not e.bot
        and e.name in (${countedNames})
    ),
    resolved as (
      select ev.*, j.id as josie_id, coalesce(j.creator_id, u.id) as curator_id,
        case ev.name
          when 'josie_view' then ev.params->>'surface'
          when 'josie_play' then ev.params->>'service'
          when 'also_on_click' then ev.params->>'service'
          when 'josie_share' then ev.params->>'channel'
          when 'follow_source' then ev.params->>'source'
          when 'invite_joined' then ev.params->>'invite_id'
          else ''
        end as a,
        case when ev.name = 'josie_view' then
          case when ev.params->>'language' in ('en', 'he') then ev.params->>'language' else 'other' end
        else '' end as b
      from ev
      left join ${josies} j on j.id = ev.josie_ref
      left join ${users} u on u.id = ev.curator_ref and ev.josie_ref is null
      where j.id is not null or u.id is not null
    ),
    reader_events as (
      select distinct on (day, name, subject, reader) day, name, subject, reader, josie_id, curator_id, a, b
      from (
        select r.*,
          case r.name
            when 'josie_view' then r.josie_id::text
            when 'josie_play' then r.josie_id::text || ':' || (r.params->>'item')
            when 'follow_source' then r.curator_id::text
            else r.josie_id::text || ':' || r.a
          end as subject
        from resolved r
        where r.name in (${readerNames}) and r.reader is not null
      ) as keyed
      order by day, name, subject, reader, xid, id
    ),
    firsts as (
      insert into ${studioFirsts} (day, kind, subject, reader)
      select day, name, subject, reader from reader_events
      on conflict do nothing
      returning day, kind, subject, reader
    ),
    counted as (
      select r.day, r.name, r.josie_id, r.curator_id, r.a, r.b
      from reader_events r
      join firsts f on f.day = r.day and f.kind = r.name and f.subject = r.subject and f.reader = r.reader
      union all
      select day, name, josie_id, curator_id, a, b from resolved
      where name not in (${readerNames})
    ),
    facts as (
      select c.josie_id, c.curator_id, c.day, m.metric,
        case m.dim when 'a' then coalesce(c.a, '') when 'b' then c.b else '' end as dim
      from counted c
      join (values ${metricRows}) as m(kind, metric, dim) on m.kind = c.name
    ),
    josie_rows as (
      insert into ${studioJosieDays} (josie_id, metric, dim, day, count)
      select josie_id, metric, dim, day, count(*)::int from facts where josie_id is not null
      group by josie_id, metric, dim, day
      on conflict (josie_id, metric, dim, day)
        do update set count = ${studioJosieDays}.count + excluded.count
      returning 1
    ),
    increments as (
      select josie_id, day, ${runningCounts}
      from facts where josie_id is not null and dim = '' and metric in (${runningMetrics})
      group by josie_id, day
    ),
    -- The running rows this batch moves: its own days, and every later day a josie already has a row of
    -- (none when events arrive in day order), each with the batch's increments through that day.
    moved as (
      select josie_id, day, ${runningCumulated}
      from (
        select * from increments
        union all
        select r.josie_id, r.day, ${runningZeros}
        from ${studioJosieRunning} r
        join (select josie_id, min(day) as first from increments group by josie_id) f
          on f.josie_id = r.josie_id and r.day > f.first
      ) as changes
      window w as (partition by josie_id order by day)
    ),
    running_rows as (
      insert into ${studioJosieRunning} (josie_id, day, ${runningColumns})
      select distinct on (m.josie_id, m.day) m.josie_id, m.day, ${runningAdded}
      from moved m
      left join lateral (
        select * from ${studioJosieRunning} r
        where r.josie_id = m.josie_id and r.day <= m.day
        order by r.day desc limit 1
      ) b on true
      order by m.josie_id, m.day
      on conflict (josie_id, day) do update set ${runningSet}
      returning 1
    )
    insert into ${studioCuratorDays} (curator_id, metric, dim, day, count)
    select curator_id, metric, dim, day, count(*)::int from facts
    group by curator_id, metric, dim, day
    on conflict (curator_id, metric, dim, day)
      do update set count = ${studioCuratorDays}.count + excluded.count`);
}
