import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { blocks, comments, follows, josies, mutes, users } from '../../db/schema.js';

type JosieRow = typeof josies.$inferSelect;

/**
 * A comment as read for presenting: times as PostgreSQL prints them to the microsecond (ISO 8601 UTC, the
 * keyset's precision: a JavaScript `Date` keeps milliseconds only), and its author's name and avatar.
 */
export interface CommentRow {
  id: string;
  josieId: string;
  parentId: string | null;
  authorId: string;
  authorName: string | null;
  authorAvatar: string | null;
  body: string | null;
  createdAt: string;
  editedAt: string | null;
  removedAt: string | null;
}

/** A top-level comment with its first replies and its number of replies. */
export interface ThreadRow extends CommentRow {
  replies: CommentRow[];
  replyCount: number;
}

/** A keyset position: a comment's `created_at` (as {@link CommentRow.createdAt}) and id. */
export interface CommentKeyset {
  at: string;
  id: string;
}

/**
 * The columns of {@link CommentRow} of comment alias `c` with author alias `u`, as a JSON object. A
 * suspended author's comment reads as a placeholder (no text; `removedAt` its suspension), so a thread whose
 * top comment is theirs keeps its other replies' context without showing them
 * (docs/decisions/0047-reports-and-moderation.md); lifting the suspension shows it again, unchanged.
 */
const commentJson = (c: string, u: string) =>
  sql.raw(`jsonb_build_object(
  'id', ${c}.id, 'josieId', ${c}.josie_id, 'parentId', ${c}.parent_id, 'authorId', ${c}.author_id,
  'authorName', ${u}.name, 'authorAvatar', ${u}.avatar_url,
  'body', case when ${u}.suspended_at is null then ${c}.body end,
  'createdAt', to_char(${c}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  'editedAt', to_char(${c}.edited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
  'removedAt', to_char(coalesce(${c}.removed_at, ${u}.suspended_at) at time zone 'UTC',
                       'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))`);

/**
 * Whether comment alias `c` is shown: a comment of a suspended author is hidden (decision 0047), except a
 * top comment that still has a shown reply, which stays as a placeholder ({@link commentJson}).
 */
const shownReply = (c: string) =>
  sql.raw(`not exists (select 1 from users su where su.id = ${c}.author_id and su.suspended_at is not null)`);

/** Parses a JSON column that one driver answers parsed and the other as text. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The comments of comment alias `c` that `viewerId` sees: not those of an account they blocked or muted
 * (docs/decisions/0048-blocking-and-muting.md), read by the primary keys of `blocks` and `mutes`. Nothing
 * is hidden from a visitor (null).
 */
const notHiddenFrom = (viewerId: string | null, c: string) =>
  viewerId
    ? sql`and not exists (
        select 1 from ${blocks} hb where hb.blocker_id = ${viewerId} and hb.blocked_id = ${sql.raw(c)}.author_id
        union all
        select 1 from ${mutes} hm where hm.muter_id = ${viewerId} and hm.muted_id = ${sql.raw(c)}.author_id)`
    : sql``;

/**
 * One page of a josie's threads, in one statement (docs/decisions/0046-comments.md): the top-level comments
 * after `after` in `order` (a keyset on `comments_josie_top_idx`), each with its first `inlineReplies`
 * replies, oldest first, and its reply count, read by index from `comments_parent_idx`. Reads `limit`
 * threads; the caller asks for one more than it shows to know whether another page follows. The comments
 * of accounts `viewerId` blocked or muted are left out, with the threads they started (decision 0048).
 */
export async function pageOfThreads(
  db: Executor,
  opts: {
    josieId: string;
    order: 'oldest' | 'newest';
    after: CommentKeyset | null;
    limit: number;
    inlineReplies: number;
    /** The signed-in reader, or null for a visitor. */
    viewerId: string | null;
  },
): Promise<ThreadRow[]> {
  const shown = (c: string) => notHiddenFrom(opts.viewerId, c);
  const newest = opts.order === 'newest';
  const keyset = opts.after
    ? newest
      ? sql`and (c.created_at, c.id) < (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
      : sql`and (c.created_at, c.id) > (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
    : sql``;
  const direction = newest ? sql.raw('desc') : sql.raw('asc');
  const result = (await db.execute(sql`
    select ${commentJson('c', 'u')} as comment,
           (select count(*)::int from ${comments} n where n.parent_id = c.id and ${shownReply('n')} ${shown('n')})
             as "replyCount",
           coalesce((select jsonb_agg(x.comment order by x.created_at, x.id) from (
              select ${commentJson('r', 'ru')} as comment, r.created_at, r.id
                from ${comments} r left join ${users} ru on ru.id = r.author_id
               where r.parent_id = c.id and ru.suspended_at is null ${shown('r')}
               order by r.created_at, r.id
               limit ${opts.inlineReplies}) x), '[]'::jsonb) as replies
      from ${comments} c left join ${users} u on u.id = c.author_id
     where c.josie_id = ${opts.josieId} and c.parent_id is null ${keyset} ${shown('c')}
       and (u.suspended_at is null
            or exists (select 1 from ${comments} n where n.parent_id = c.id and ${shownReply('n')} ${shown('n')}))
     order by c.created_at ${direction}, c.id ${direction}
     limit ${opts.limit}`)) as unknown as {
    rows: { comment: unknown; replyCount: number; replies: unknown }[];
  };
  return result.rows.map((row) => ({
    ...json<CommentRow>(row.comment),
    replies: json<CommentRow[]>(row.replies),
    replyCount: Number(row.replyCount),
  }));
}

/**
 * One page of a comment's replies after `after`, oldest first, in one statement; without the replies of
 * accounts `viewerId` blocked or muted (decision 0048).
 */
export async function pageOfReplies(
  db: Executor,
  opts: { parentId: string; after: CommentKeyset | null; limit: number; viewerId: string | null },
): Promise<CommentRow[]> {
  const keyset = opts.after
    ? sql`and (r.created_at, r.id) > (${opts.after.at}::timestamptz, ${opts.after.id}::uuid)`
    : sql``;
  const result = (await db.execute(sql`
    select ${commentJson('r', 'ru')} as comment
      from ${comments} r left join ${users} ru on ru.id = r.author_id
     where r.parent_id = ${opts.parentId} and ru.suspended_at is null ${keyset} ${notHiddenFrom(opts.viewerId, 'r')}
     order by r.created_at, r.id
     limit ${opts.limit}`)) as unknown as { rows: { comment: unknown }[] };
  return result.rows.map((row) => json<CommentRow>(row.comment));
}

/** One comment with its author, or undefined. */
export async function findComment(db: Executor, id: string): Promise<CommentRow | undefined> {
  const result = (await db.execute(sql`
    select ${commentJson('c', 'u')} as comment
      from ${comments} c left join ${users} u on u.id = c.author_id
     where c.id = ${id}`)) as unknown as { rows: { comment: unknown }[] };
  const row = result.rows[0];
  return row ? json<CommentRow>(row.comment) : undefined;
}

/**
 * A comment's row locked against a concurrent edit, removal or reply until the transaction ends, with its
 * josie's creator and whether it has replies; undefined when it is gone.
 */
export async function lockComment(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: comments.id,
      josieId: comments.josieId,
      parentId: comments.parentId,
      authorId: comments.authorId,
      body: comments.body,
      createdAt: comments.createdAt,
      removedAt: comments.removedAt,
      josieCreatorId: josies.creatorId,
      hasReplies: sql<boolean>`exists (select 1 from ${comments} r where r.parent_id = ${comments.id})`,
    })
    .from(comments)
    .innerJoin(josies, eq(josies.id, comments.josieId))
    .where(eq(comments.id, id))
    .for('update', { of: comments });
  return row;
}

/**
 * What deciding on a new comment needs, in one statement: the josie's status, creator and policy, whether
 * `authorId` follows its creator, whether its creator blocked `authorId` (decision 0048), and the text of the author's latest live comment on it (the duplicate rule).
 */
export async function commentingOn(db: Executor, josieId: string, authorId: string) {
  // Written out with the table's name: a select from one table prints its columns unqualified, and inside
  // the subqueries `id` would name the comment's own column.
  const result = (await db.execute(sql`
    select j.status, j.creator_id as "creatorId", j.comment_policy as policy,
           exists (select 1 from ${follows} f where f.follower_id = ${authorId} and f.curator_id = j.creator_id)
             as follows,
           exists (select 1 from ${blocks} b where b.blocker_id = j.creator_id and b.blocked_id = ${authorId})
             as blocked,
           (select l.body from ${comments} l where l.author_id = ${authorId} and l.josie_id = j.id
             order by l.created_at desc, l.id desc limit 1) as "lastBody"
      from ${josies} j
     where j.id = ${josieId}`)) as unknown as {
    rows: {
      status: JosieRow['status'];
      creatorId: string;
      policy: JosieRow['commentPolicy'];
      follows: boolean;
      blocked: boolean;
      lastBody: string | null;
    }[];
  };
  return result.rows[0];
}

/** Whether any of `authorIds` (the comments a reply answers) blocked `actorId` (decision 0048). */
export async function blockedByAny(db: Executor, actorId: string, authorIds: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockedId, actorId), inArray(blocks.blockerId, authorIds)))
    .limit(1);
  return row !== undefined;
}

/** The josie's status, policy and live comment count, for a page of its comments. */
export async function josieOfComments(db: Executor, josieId: string) {
  const [row] = await db
    .select({
      status: josies.status,
      creatorId: josies.creatorId,
      policy: josies.commentPolicy,
      commentCount: josies.commentCount,
    })
    .from(josies)
    .where(eq(josies.id, josieId));
  return row;
}

/** Inserts a comment; answers its id. */
export async function insertComment(
  db: Executor,
  values: { josieId: string; authorId: string; parentId: string | null; body: string },
): Promise<string> {
  const [row] = await db.insert(comments).values(values).returning({ id: comments.id });
  return row!.id;
}

/** Replaces a live comment's text and stamps it edited. */
export async function updateCommentBody(db: Executor, id: string, body: string): Promise<void> {
  await db
    .update(comments)
    .set({ body, editedAt: sql`now()` })
    .where(and(eq(comments.id, id), isNull(comments.removedAt)));
}

/** Keeps a comment with replies as a placeholder: no text, removed now. */
export async function markRemoved(db: Executor, id: string): Promise<void> {
  await db.update(comments).set({ body: null, removedAt: sql`now()` }).where(eq(comments.id, id));
}

/** Deletes a comment (its replies go by cascade; the caller deletes only comments without any). */
export async function deleteComment(db: Executor, id: string): Promise<void> {
  await db.delete(comments).where(eq(comments.id, id));
}

/** Deletes the placeholder `id` when it has no reply left; whether it did. */
export async function deleteEmptyPlaceholder(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .delete(comments)
    .where(
      and(
        eq(comments.id, id),
        sql`${comments.removedAt} is not null`,
        sql`not exists (select 1 from ${comments} r where r.parent_id = ${id})`,
      ),
    )
    .returning({ id: comments.id });
  return rows.length > 0;
}

/**
 * Account deletion, in the caller's transaction: deletes every comment of `authorId` (the replies under
 * their top comments go with them by cascade) and then the placeholders left without a reply; answers, per
 * josie, how many live comments went, so that the caller lowers each `comment_count` by as many.
 */
export async function deleteCommentsOf(
  db: Executor,
  authorId: string,
): Promise<{ josieId: string; live: number }[]> {
  const counted = (await db.execute(sql`
    with gone as (
      select c.id, c.josie_id, c.removed_at from ${comments} c where c.author_id = ${authorId}
      union
      select r.id, r.josie_id, r.removed_at
        from ${comments} r join ${comments} p on p.id = r.parent_id
       where p.author_id = ${authorId}
    )
    select josie_id as "josieId", (count(*) filter (where removed_at is null))::int as live
      from gone group by josie_id`)) as unknown as { rows: { josieId: string; live: number }[] };
  await db.delete(comments).where(eq(comments.authorId, authorId));
  const josieIds = counted.rows.map((row) => row.josieId);
  if (josieIds.length > 0) {
    await db.execute(sql`
      delete from ${comments} p
       where p.josie_id = any(${sql.param(josieIds)}::uuid[]) and p.removed_at is not null
         and not exists (select 1 from ${comments} r where r.parent_id = p.id)`);
  }
  return counted.rows.map((row) => ({ josieId: row.josieId, live: Number(row.live) }));
}
