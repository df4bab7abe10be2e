import type { Role } from '@josie/contract';
import { and, asc, count, desc, eq, gte, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * The ids of the live admins, every row locked until the transaction ends, always in id order (so that two
 * transactions taking them never wait on each other in a circle). PostgreSQL re-reads a row it waited for:
 * an admin another transaction has just demoted is no longer listed.
 */
export async function lockLiveAdmins(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), live))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((r) => r.id);
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

// ---------------------------------------------------------------------------------------------------------
// AI templates

/** Every AI template, by name. */
export async function listTemplates(db: Executor) {
  return db.select().from(aiTemplates).orderBy(asc(aiTemplates.name), asc(aiTemplates.key));
}

/**
 * Renames and rewrites a template edited from its version `baseVersion`, moving the version on by one: one
 * conditional statement, so of two edits from one version only the first writes
 * (docs/decisions/0041-edits-carry-their-version.md). Undefined when the id is unknown or the version moved.
 */
export async function updateTemplate(
  db: Executor,
  id: string,
  baseVersion: number,
  values: { name: string; content: string },
) {
  const [row] = await db
    .update(aiTemplates)
    .set({ ...values, version: sql`${aiTemplates.version} + 1`, updatedAt: new Date() })
    .where(and(eq(aiTemplates.id, id), eq(aiTemplates.version, baseVersion)))
    .returning();
  return row;
}

/** Whether a template with this id exists. */
export async function templateExists(db: Executor, id: string): Promise<boolean> {
  const [row] = await db.select({ id: aiTemplates.id }).from(aiTemplates).where(eq(aiTemplates.id, id));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Genres and interests (read here; the preferences module owns and writes them)

/** A catalogue (genres or interests), by name case-insensitively. */
export async function listCatalogue(db: Executor, kind: CatalogueKind) {
  const table = catalogueTables[kind];
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
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
