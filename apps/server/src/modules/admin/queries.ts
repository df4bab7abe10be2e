import type { Role } from '@josie/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import {
  aiTemplates,
  analyticsEvents,
  contactMessages,
  follows,
  genres,
  interests,
  invites,
  josieLikes,
  josieReviews,
  josies,
  media,
  newsletterSubscribers,
  users,
} from '../../db/schema.js';

/** The two admin-edited catalogues; both tables have the same columns. */
export type CatalogueKind = 'genres' | 'interests';
const catalogueTables = { genres, interests } as const;

const live = isNull(users.deletedAt);

// ---------------------------------------------------------------------------------------------------------
// Statistics

/** Live listeners and curators, in one scan. */
export async function countListenersAndCurators(db: Executor) {
  const [row] = await db
    .select({
      listeners: sql<number>`count(*) filter (where ${users.role} = 'listener')`.mapWith(Number),
      curators: sql<number>`count(*) filter (where ${users.role} = 'curator')`.mapWith(Number),
    })
    .from(users)
    .where(live);
  return row ?? { listeners: 0, curators: 0 };
}

/** The live curator with the most followers (earliest account wins a tie), or undefined when none has any. */
export async function mostFollowedCurator(db: Executor) {
  const followers = count(follows.followerId);
  const [row] = await db
    .select({ name: users.name, count: followers })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.curatorId))
    .where(and(eq(users.role, 'curator'), live))
    .groupBy(users.id)
    .orderBy(desc(followers), asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

/** One UTC day per row: `YYYY-MM-DD` of a timestamp column (literal SQL only, so GROUP BY can repeat it). */
const utcDay = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** One grouped query: the number of rows per UTC day of `column`, from `from` on, as `day -> count`. */
async function countPerDay(db: Executor, column: PgColumn, from: Date, filter?: SQL) {
  const day = utcDay(column);
  const rows = await db
    .select({ day, n: count() })
    .from(column.table)
    .where(and(gte(column, from), filter))
    .groupBy(day);
  return new Map(rows.map((r) => [r.day, r.n]));
}

/**
 * Per-day counts since `from` (a UTC midnight) of sign-ups, josies published, approvals, rejections and
 * page views: five grouped queries, whatever the number of days. Days without rows are absent.
 */
export async function dailyActivity(db: Executor, from: Date) {
  const [signups, josiesPublished, approvals, rejections, pageViews] = await Promise.all([
    countPerDay(db, users.createdAt, from, live),
    countPerDay(db, josies.publishedAt, from),
    countPerDay(db, josieReviews.reviewedAt, from, eq(josieReviews.action, 'approved')),
    countPerDay(db, josieReviews.reviewedAt, from, eq(josieReviews.action, 'rejected')),
    countPerDay(db, analyticsEvents.at, from, eq(analyticsEvents.name, 'page_view')),
  ]);
  return { signups, josiesPublished, approvals, rejections, pageViews };
}

// ---------------------------------------------------------------------------------------------------------
// Users

/** `%`, `_` and the escape character itself are literal in a search term (PostgreSQL's LIKE escape is `\`). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function userFilter(opts: { search?: string; role?: Role }) {
  const pattern = opts.search ? `%${escapeLike(opts.search)}%` : undefined;
  return and(
    live,
    opts.role ? eq(users.role, opts.role) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
  );
}

/** One page of live users matching the filter, newest accounts first. */
export async function listUsers(
  db: Executor,
  opts: { search?: string; role?: Role; limit: number; offset: number },
) {
  return db
    .select()
    .from(users)
    .where(userFilter(opts))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** How many live users match the filter of {@link listUsers}. */
export async function countUsers(db: Executor, opts: { search?: string; role?: Role }) {
  const [row] = await db.select({ n: count() }).from(users).where(userFilter(opts));
  return row?.n ?? 0;
}

/** A live user by id, optionally locking the row for the rest of the transaction. */
export async function findLiveUser(db: Executor, id: string, opts: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live));
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

/** The counts of the user detail page: correlated subqueries on the user's row, one statement. */
export async function userCounts(db: Executor, userId: string) {
  const n = (query: SQL) => sql<number>`(${query})`.mapWith(Number);
  const ofStatus = (status: 'published' | 'pending' | 'rejected') =>
    n(
      sql`select count(*) from ${josies} where ${josies.creatorId} = ${users.id} and ${josies.status} = ${status}`,
    );
  const [row] = await db
    .select({
      josies: n(sql`select count(*) from ${josies} where ${josies.creatorId} = ${users.id}`),
      published: ofStatus('published'),
      pending: ofStatus('pending'),
      rejected: ofStatus('rejected'),
      followers: n(sql`select count(*) from ${follows} where ${follows.curatorId} = ${users.id}`),
      following: n(sql`select count(*) from ${follows} where ${follows.followerId} = ${users.id}`),
      likesGiven: n(sql`select count(*) from ${josieLikes} where ${josieLikes.userId} = ${users.id}`),
      invites: n(sql`select count(*) from ${invites} where ${invites.creatorId} = ${users.id}`),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A user's latest updated josies. */
export async function latestJosiesOf(db: Executor, userId: string, limit: number) {
  return db
    .select({ id: josies.id, title: josies.title, status: josies.status, updatedAt: josies.updatedAt })
    .from(josies)
    .where(eq(josies.creatorId, userId))
    .orderBy(desc(josies.updatedAt), desc(josies.id))
    .limit(limit);
}

/** Sets a user's role; answers the updated row. */
export async function updateRole(db: Executor, userId: string, role: Role) {
  const [row] = await db.update(users).set({ role }).where(eq(users.id, userId)).returning();
  return row!;
}

/**
 * Removes the likes a user gave and lowers `like_count` of each liked josie by one, in one statement: the
 * rows the CTE deletes are exactly the ones counted, so a like removed concurrently is not counted twice.
 * `greatest` keeps the check constraint from turning a count that had already drifted into a failed delete.
 */
export async function removeLikesGivenBy(db: Executor, userId: string) {
  const gone = db
    .$with('gone')
    .as(
      db.delete(josieLikes).where(eq(josieLikes.userId, userId)).returning({ josieId: josieLikes.josieId }),
    );
  await db
    .with(gone)
    .update(josies)
    .set({ likeCount: sql`greatest(${josies.likeCount} - 1, 0)` })
    .where(inArray(josies.id, db.select({ id: gone.josieId }).from(gone)));
}

/**
 * Deletes a user's josies (their likes, saves and reviews go by cascade); answers what was deleted, with
 * the paragraphs, whose images may now be shown by nothing.
 */
export async function deleteJosiesOf(db: Executor, userId: string) {
  return db
    .delete(josies)
    .where(eq(josies.creatorId, userId))
    .returning({ id: josies.id, status: josies.status, paragraphs: josies.paragraphs });
}

/**
 * The media rows a user deletion may release: the user's own uploads and the files under `keys` (the
 * images of their deleted josies, whoever uploaded them). Read before the user row goes, which sets
 * `owner_id` to null.
 */
export async function mediaOwnedOrKeyed(db: Executor, userId: string, keys: string[]) {
  return db
    .select({ id: media.id, storageKey: media.storageKey })
    .from(media)
    .where(or(eq(media.ownerId, userId), inArray(media.storageKey, keys)));
}

/**
 * Deletes the user row. The foreign keys remove the rest (schema.ts): follows both ways, saves, invites
 * with their uses and visits, invite uses, sessions, password resets and OAuth accounts (provider
 * tokens) cascade; review authorship, contact messages and analytics events keep their rows with the
 * user set to null.
 */
export async function deleteUserRow(db: Executor, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}

// ---------------------------------------------------------------------------------------------------------
// AI templates

/** Every AI template, by name. */
export async function listTemplates(db: Executor) {
  return db.select().from(aiTemplates).orderBy(asc(aiTemplates.name), asc(aiTemplates.key));
}

/** Renames and rewrites a template; undefined when the id is unknown. */
export async function updateTemplate(db: Executor, id: string, values: { name: string; content: string }) {
  const [row] = await db
    .update(aiTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(aiTemplates.id, id))
    .returning();
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Genres and interests

/** A catalogue (genres or interests), by name case-insensitively. */
export async function listCatalogue(db: Executor, kind: CatalogueKind) {
  const table = catalogueTables[kind];
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

/** Adds a name; undefined when the name already exists case-insensitively (unique index on lower(name)). */
export async function insertCatalogueName(db: Executor, kind: CatalogueKind, name: string) {
  const table = catalogueTables[kind];
  const [row] = await db
    .insert(table)
    .values({ name })
    .onConflictDoNothing()
    .returning({ id: table.id, name: table.name });
  return row;
}

/** The stored spelling of a name, compared case-insensitively. */
export async function findCatalogueName(db: Executor, kind: CatalogueKind, name: string) {
  const table = catalogueTables[kind];
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(eq(sql`lower(${table.name})`, name.toLowerCase()));
  return row?.name;
}

/** Deletes an entry by id; answers its name, or undefined when the id is unknown. */
export async function deleteCatalogueEntry(db: Executor, kind: CatalogueKind, id: string) {
  const table = catalogueTables[kind];
  const [row] = await db.delete(table).where(eq(table.id, id)).returning({ name: table.name });
  return row?.name;
}

/**
 * Removes `name` (case-insensitively, keeping the order of the rest) from `preferences.<kind>` of every
 * user who chose it, in one UPDATE.
 */
export async function removeFromUserPreferences(db: Executor, kind: CatalogueKind, name: string) {
  const list = sql`(${users.preferences} -> ${kind}::text)`;
  await db
    .update(users)
    .set({
      preferences: sql`jsonb_set(${users.preferences}, array[${kind}::text], (
        select coalesce(jsonb_agg(e.value order by e.i), '[]'::jsonb)
        from jsonb_array_elements(${list}) with ordinality as e(value, i)
        where lower(e.value #>> '{}') <> lower(${name})
      ))`,
    })
    .where(
      and(
        sql`jsonb_typeof(${list}) = 'array'`,
        sql`exists (select 1 from jsonb_array_elements_text(${list}) as g(v) where lower(g.v) = lower(${name}))`,
      ),
    );
}

// ---------------------------------------------------------------------------------------------------------
// Messages

/** The latest contact messages. */
export async function latestContactMessages(db: Executor, limit: number) {
  return db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
}

/** The latest newsletter subscribers. */
export async function latestSubscribers(db: Executor, limit: number) {
  return db
    .select()
    .from(newsletterSubscribers)
    .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
    .limit(limit);
}
