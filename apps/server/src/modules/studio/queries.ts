import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  follows,
  invites,
  josies,
  studioCuratorDays,
  studioFirsts,
  studioJosieDays,
  studioMarks,
  studioSalts,
} from '../../db/schema.js';

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

/**
 * A curator's daily counts from `from` (inclusive; null for all time), every metric, and their followers
 * now: one statement (the count rides along as one more row, so the overview is one round trip).
 */
export async function curatorDays(
  db: Executor,
  curatorId: string,
  from: string | null,
): Promise<{ rows: DayCount[]; followers: number }> {
  const dayFilter = from === null ? sql`` : sql`and ${studioCuratorDays.day} >= ${from}::date`;
  const { rows } = (await db.execute(sql`
    select ${studioCuratorDays.metric} as metric, ${studioCuratorDays.dim} as dim,
      ${studioCuratorDays.day}::text as day, ${studioCuratorDays.count} as count
    from ${studioCuratorDays}
    where ${studioCuratorDays.curatorId} = ${curatorId} ${dayFilter}
    union all
    select '', '', '', (select count(*)::int from ${follows} where ${follows.curatorId} = ${curatorId})`)) as unknown as {
    rows: DayCount[];
  };
  const followers = rows.find((row) => row.metric === '')?.count ?? 0;
  return { rows: rows.filter((row) => row.metric !== ''), followers };
}

/** A josie's daily counts from `from` (inclusive; null for all time): one statement. */
export async function josieDays(db: Executor, josieId: string, from: string | null): Promise<DayCount[]> {
  return db
    .select({
      metric: studioJosieDays.metric,
      dim: studioJosieDays.dim,
      day: studioJosieDays.day,
      count: studioJosieDays.count,
    })
    .from(studioJosieDays)
    .where(
      from === null
        ? eq(studioJosieDays.josieId, josieId)
        : and(eq(studioJosieDays.josieId, josieId), gte(studioJosieDays.day, from)),
    );
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

/** The josie table's sortable totals, as SQL over the joined days `d`. */
const TOTAL_COLUMNS = {
  views: 'views',
  plays: 'plays',
  likes: 'likes',
  saves: 'saves',
  shares: 'shares',
  comments: 'comments',
  alsoOn: 'alsoOn',
} as const;

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

/**
 * A page of `curatorId`'s published josies with their totals from `from`, sorted by `sort` then id, and how
 * many there are: one statement (the totals are summed from the josie days of the curator's josies only,
 * by their primary key).
 */
export async function josieTotals(
  db: Executor,
  opts: {
    curatorId: string;
    from: string | null;
    sort: keyof typeof TOTAL_COLUMNS | 'publishedAt' | 'title';
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
    /**
     * Count every josie in `total` (the table's pages). The count needs every josie's sums; without it a
     * page sorted by publication sums only its own josies (the CSV export's pages).
     */
    withTotal?: boolean;
  },
): Promise<JosieTotalsRow[]> {
  const direction = opts.order === 'asc' ? sql`asc` : sql`desc`;
  const sortBy =
    opts.sort === 'title'
      ? sql`lower(j.title)`
      : opts.sort === 'publishedAt'
        ? sql`j.published_at`
        : sql.identifier(TOTAL_COLUMNS[opts.sort]);
  const dayFilter = opts.from === null ? sql`` : sql`and d.day >= ${opts.from}::date`;
  const { rows } = (await db.execute(sql`
    select j.id, j.title, to_char(j.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "publishedAt",
      ${opts.withTotal === false ? sql`0` : sql`(count(*) over ())::int`} as total,
      coalesce(t."views", 0)::int as "views", coalesce(t."plays", 0)::int as "plays",
      coalesce(t."likes", 0)::int as "likes", coalesce(t."saves", 0)::int as "saves",
      coalesce(t."shares", 0)::int as "shares", coalesce(t."comments", 0)::int as "comments",
      coalesce(t."alsoOn", 0)::int as "alsoOn"
    from ${josies} j
    left join lateral (
      select
        sum(d.count) filter (where d.metric = 'views') as "views",
        sum(d.count) filter (where d.metric = 'plays') as "plays",
        sum(d.count) filter (where d.metric = 'likes') as "likes",
        sum(d.count) filter (where d.metric = 'saves') as "saves",
        sum(d.count) filter (where d.metric = 'shares') as "shares",
        sum(d.count) filter (where d.metric = 'comments') as "comments",
        sum(d.count) filter (where d.metric = 'alsoOn') as "alsoOn"
      from ${studioJosieDays} d
      where d.josie_id = j.id and d.dim = ''
        and d.metric in ('views', 'plays', 'likes', 'saves', 'shares', 'comments', 'alsoOn') ${dayFilter}
    ) t on true
    where j.creator_id = ${opts.curatorId} and j.status = 'published'
    order by ${sortBy} ${direction} nulls last, j.id ${direction}
    limit ${opts.limit} offset ${opts.offset}`)) as unknown as { rows: JosieTotalsRow[] };
  return rows;
}
