import type { ReportReason, ReportTargetType } from '@josie/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { comments, josies, reports, users } from '../../db/schema.js';
import type { Keyset } from '../feed/index.js';

type ReportRow = typeof reports.$inferSelect;
export type Resolution = NonNullable<ReportRow['resolution']>;

/** A time as PostgreSQL prints it to the microsecond in UTC: the keyset's precision (decision 0046). */
const micros = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** Parses a JSON column that one driver answers parsed and the other as text. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * What filing a report needs to know of its target, in one statement: whether it exists as the reporter may
 * see it (a live comment on a published josie; a published josie; a live account) and whose it is.
 * @returns the owner's id (the comment's author, the josie's creator, the account itself), or undefined.
 */
export async function reportableOwner(
  db: Executor,
  type: ReportTargetType,
  id: string,
): Promise<string | undefined> {
  if (type === 'comment') {
    const [row] = await db
      .select({ ownerId: comments.authorId })
      .from(comments)
      .innerJoin(josies, eq(josies.id, comments.josieId))
      .where(and(eq(comments.id, id), isNull(comments.removedAt), eq(josies.status, 'published')));
    return row?.ownerId;
  }
  if (type === 'josie') {
    const [row] = await db
      .select({ ownerId: josies.creatorId })
      .from(josies)
      .where(and(eq(josies.id, id), eq(josies.status, 'published')));
    return row?.ownerId;
  }
  const [row] = await db
    .select({ ownerId: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row?.ownerId;
}

/**
 * Files a report; undefined when the reporter already has an open one of this target (the partial unique
 * index `reports_open_key` decides, so two concurrent reports cannot both be filed).
 */
export async function insertReport(
  db: Executor,
  values: {
    reporterId: string;
    targetType: ReportTargetType;
    targetId: string;
    reason: ReportReason;
    text: string | null;
  },
): Promise<ReportRow | undefined> {
  const [row] = await db
    .insert(reports)
    .values(values)
    .onConflictDoNothing({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      where: sql`${reports.resolvedAt} is null`,
    })
    .returning();
  return row;
}

/**
 * Resolves every open report of a target as `resolution` by `resolvedBy`, in the caller's transaction.
 * @returns the reports resolved (their ids and reporters), none when another moderator got there first.
 */
export async function resolveOpenReports(
  db: Executor,
  target: { type: ReportTargetType; id: string },
  resolution: Resolution,
  resolvedBy: string,
): Promise<{ id: string; reporterId: string }[]> {
  return db
    .update(reports)
    .set({ resolvedAt: sql`now()`, resolvedBy, resolution })
    .where(
      and(eq(reports.targetType, target.type), eq(reports.targetId, target.id), isNull(reports.resolvedAt)),
    )
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/**
 * A moderation target's facts for an action: whether it exists, its owner (a comment's author, a josie's
 * creator, the account) and that owner's role.
 */
export async function targetFacts(db: Executor, type: ReportTargetType, id: string) {
  const owner =
    type === 'comment'
      ? sql`(select c.author_id from ${comments} c where c.id = ${id})`
      : type === 'josie'
        ? sql`(select j.creator_id from ${josies} j where j.id = ${id})`
        : sql`${id}::uuid`;
  const result = (await db.execute(sql`
    select u.id as "ownerId", u.role from ${users} u where u.id = ${owner} and u.deleted_at is null`)) as unknown as {
    rows: { ownerId: string; role: string }[];
  };
  return result.rows[0];
}

/** A reported target of the queue, as read (see {@link queuePage}). */
export interface QueueRow {
  targetType: ReportTargetType;
  targetId: string;
  reportCount: number;
  latestAt: string;
  reasons: Partial<Record<ReportReason, number>>;
  texts: { text: string; reason: ReportReason; createdAt: string }[];
  exists: boolean;
  commentText: string | null;
  josieId: string | null;
  josieTitle: string | null;
  josieStatus: string | null;
  userId: string | null;
  userName: string | null;
  suspended: boolean;
}

/**
 * One page of the moderation queue in one statement (docs/decisions/0047-reports-and-moderation.md): the
 * open reports grouped by target, ordered by each target's latest report, newest first, after the keyset
 * `after` (`latestAt`, `targetId`), each with its count, counts per reason, its latest
 * `textsShown` texts and a preview of the target (a comment's text, author and josie; a josie's title
 * and creator; an account's name), and whether the user shown is suspended. Reads `limit` targets.
 */
export async function queuePage(
  db: Executor,
  opts: { after: Keyset | null; limit: number; textsShown: number },
): Promise<QueueRow[]> {
  const keyset = opts.after
    ? sql`where (o.latest, o.target_id) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
    : sql``;
  const sameTarget = sql.raw(
    'r.resolved_at is null and r.target_type = p.target_type and r.target_id = p.target_id',
  );
  const result = (await db.execute(sql`
    with open as (
      select r.target_type, r.target_id, count(*)::int as n, max(r.created_at) as latest
        from ${reports} r
       where r.resolved_at is null
       group by r.target_type, r.target_id
    ), page as (
      select o.* from open o ${keyset}
       order by o.latest desc, o.target_id desc
       limit ${opts.limit}
    )
    select p.target_type as "targetType", p.target_id as "targetId", p.n as "reportCount",
           ${micros('p.latest')} as "latestAt",
           (select jsonb_object_agg(x.reason, x.n) from (
              select r.reason, count(*)::int as n from ${reports} r where ${sameTarget} group by r.reason) x)
             as reasons,
           coalesce((select jsonb_agg(jsonb_build_object('text', t.text, 'reason', t.reason,
                      'createdAt', ${micros('t.created_at')}) order by t.created_at desc, t.id desc) from (
              select r.text, r.reason, r.created_at, r.id from ${reports} r
               where ${sameTarget} and r.text is not null
               order by r.created_at desc, r.id desc limit ${opts.textsShown}) t), '[]'::jsonb) as texts,
           case p.target_type
             when 'comment' then c.id is not null
             when 'josie' then j.id is not null
             else u.id is not null and u.deleted_at is null end as exists,
           c.body as "commentText", j.id as "josieId", j.title as "josieTitle", j.status as "josieStatus",
           u.id as "userId", u.name as "userName", u.suspended_at is not null as suspended
      from page p
      left join ${comments} c on p.target_type = 'comment' and c.id = p.target_id
      left join ${josies} j on j.id = case p.target_type when 'comment' then c.josie_id
                                                       when 'josie' then p.target_id end
      left join ${users} u on u.id = case p.target_type when 'comment' then c.author_id
                                                      when 'josie' then j.creator_id
                                                      else p.target_id end
     order by p.latest desc, p.target_id desc`)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => ({
    targetType: row.targetType as ReportTargetType,
    targetId: String(row.targetId),
    reportCount: Number(row.reportCount),
    latestAt: String(row.latestAt),
    reasons: json<QueueRow['reasons']>(row.reasons) ?? {},
    texts: json<QueueRow['texts']>(row.texts),
    exists: Boolean(row.exists),
    commentText: (row.commentText as string | null) ?? null,
    josieId: (row.josieId as string | null) ?? null,
    josieTitle: (row.josieTitle as string | null) ?? null,
    josieStatus: (row.josieStatus as string | null) ?? null,
    userId: (row.userId as string | null) ?? null,
    userName: (row.userName as string | null) ?? null,
    suspended: Boolean(row.suspended),
  }));
}

/** A user's own reports for their data export, oldest first (who else reported the same is not said). */
export async function reportsBy(db: Executor, reporterId: string) {
  return db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      text: reports.text,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
    })
    .from(reports)
    .where(eq(reports.reporterId, reporterId))
    .orderBy(reports.createdAt, reports.id);
}

/** Account deletion, in its transaction: the reports the user filed go. */
export async function deleteReportsBy(db: Executor, reporterId: string): Promise<void> {
  await db.delete(reports).where(eq(reports.reporterId, reporterId));
}
