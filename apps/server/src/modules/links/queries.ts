import { and, count, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { itemLinks, josies, type StoredItemLink } from '../../db/schema.js';

/** A stored resolution row. */
export type ItemLinksRow = typeof itemLinks.$inferSelect;

/** What a josie answer needs of a stored resolution (docs/decisions/0022-listen-on-your-own-service.md). */
export interface StoredLinks {
  itemUrl: string;
  title: string;
  artistName: string;
  thumbnailUrl: string | null;
  links: StoredItemLink[];
}

/** An item to follow: its URL and what its paragraph says of it (the search's hint before a resolution). */
export interface TrackedItem {
  itemUrl: string;
  title: string;
  artistName: string;
}

/**
 * Adds a pending row for each item not known yet (one statement); answers the URLs added, whose first
 * resolution the caller enqueues.
 */
export async function insertPending(db: Executor, items: readonly TrackedItem[]): Promise<string[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(itemLinks)
    .values(items.map((i) => ({ itemUrl: i.itemUrl, title: i.title, artistName: i.artistName })))
    .onConflictDoNothing()
    .returning({ itemUrl: itemLinks.itemUrl });
  return rows.map((r) => r.itemUrl);
}

/**
 * The stored links of the items among `urls` that have any (one statement; none for no URL); the josies'
 * listings read them with the page's other reads (`presentJosies`).
 */
export async function storedLinksOf(db: Executor, urls: readonly string[]): Promise<StoredLinks[]> {
  if (urls.length === 0) return [];
  return db
    .select({
      itemUrl: itemLinks.itemUrl,
      title: itemLinks.title,
      artistName: itemLinks.artistName,
      thumbnailUrl: itemLinks.thumbnailUrl,
      links: itemLinks.links,
    })
    .from(itemLinks)
    .where(inArray(itemLinks.itemUrl, [...urls]));
}

/** One row by URL. */
export async function findItem(db: Executor, itemUrl: string): Promise<ItemLinksRow | undefined> {
  const [row] = await db.select().from(itemLinks).where(eq(itemLinks.itemUrl, itemUrl));
  return row;
}

/** Stores a successful resolution (the row is added when missing: the editor's preview of a new item). */
export async function storeResolved(
  db: Executor,
  itemUrl: string,
  result: { title: string; artistName: string; thumbnailUrl: string | null; links: StoredItemLink[] },
): Promise<void> {
  const values = {
    status: 'resolved' as const,
    title: result.title,
    artistName: result.artistName,
    thumbnailUrl: result.thumbnailUrl,
    links: result.links,
    resolvedAt: sql`now()`,
    failures: 0,
    nextAttemptAt: null,
  };
  await db
    .insert(itemLinks)
    .values({ itemUrl, ...values, attempts: 1, resolvedAt: new Date() })
    .onConflictDoUpdate({
      target: itemLinks.itemUrl,
      set: { ...values, attempts: sql`${itemLinks.attempts} + 1` },
    });
}

/**
 * Records a failed attempt: the error, and no further attempt before `retryAfterMs` from now. A row
 * resolved before keeps its links (readers still see them) but counts as failed until a retry succeeds.
 */
export async function storeFailure(
  db: Executor,
  itemUrl: string,
  error: string,
  retryAfterMs: number,
): Promise<void> {
  const next = sql`now() + ${`${Math.round(retryAfterMs)} milliseconds`}::interval`;
  await db
    .insert(itemLinks)
    .values({
      itemUrl,
      status: 'failed',
      attempts: 1,
      failures: 1,
      lastError: error,
      lastFailureAt: new Date(),
      nextAttemptAt: new Date(Date.now() + retryAfterMs),
    })
    .onConflictDoUpdate({
      target: itemLinks.itemUrl,
      set: {
        status: 'failed',
        attempts: sql`${itemLinks.attempts} + 1`,
        failures: sql`${itemLinks.failures} + 1`,
        lastError: error,
        lastFailureAt: sql`now()`,
        nextAttemptAt: next,
      },
    });
}

/**
 * Rows due for a resolution, oldest first, at most `limit`: pending ones; failed ones past their back-off;
 * resolved ones older than `staleDays`.
 */
export function dueItems(db: Executor, staleDays: number, limit: number) {
  const staleBefore = sql`now() - ${`${staleDays} days`}::interval`;
  return db
    .select({ itemUrl: itemLinks.itemUrl, attempts: itemLinks.attempts })
    .from(itemLinks)
    .where(
      or(
        eq(itemLinks.status, 'pending'),
        and(
          eq(itemLinks.status, 'failed'),
          or(sql`${itemLinks.nextAttemptAt} is null`, lte(itemLinks.nextAttemptAt, sql`now()`)),
        ),
        and(eq(itemLinks.status, 'resolved'), lte(itemLinks.resolvedAt, staleBefore)),
      ),
    )
    .orderBy(itemLinks.createdAt)
    .limit(limit);
}

/**
 * Audio and video items of josies that have no row yet (josies written before the resolver was configured,
 * the demo josies), at most `limit`, with their paragraphs' titles and artists.
 */
export async function untrackedItems(db: Executor, limit: number): Promise<TrackedItem[]> {
  const result = await db.execute(sql`
    select distinct on (p.content->>'url')
           p.content->>'url' as "itemUrl",
           coalesce(p.content->>'name', p.content->>'title', '') as "title",
           coalesce(p.content->>'artist', p.content->>'channelTitle', '') as "artistName"
      from ${josies}, jsonb_to_recordset(${josies.paragraphs}) as p(type text, content jsonb)
     where p.type in ('audioItem', 'video', 'video1')
       and jsonb_typeof(p.content) = 'object'
       and p.content->>'url' is not null
       and p.content->>'url' !~ '(/playlist/|[?&]list=)'
       and not exists (select 1 from ${itemLinks} l where l.item_url = p.content->>'url')
     limit ${limit}`);
  return (result as unknown as { rows: TrackedItem[] }).rows;
}

/** The josies whose paragraphs show `itemUrl` (their cached answers change with its links). */
export async function josiesShowing(db: Executor, itemUrl: string): Promise<string[]> {
  const rows = await db
    .select({ id: josies.id })
    .from(josies)
    .where(sql`${josies.paragraphs} @> ${JSON.stringify([{ content: { url: itemUrl } }])}::jsonb`);
  return rows.map((r) => r.id);
}

/** The resolver's counts and last outcomes for the admin's status page (two statements). */
export async function resolverCounts(db: Executor) {
  const [counts, [last]] = await Promise.all([
    db.select({ status: itemLinks.status, n: count() }).from(itemLinks).groupBy(itemLinks.status),
    db
      .select({
        lastSuccessAt: sql<Date | null>`(select max(${itemLinks.resolvedAt}) from ${itemLinks})`,
        lastFailureAt: itemLinks.lastFailureAt,
        lastError: itemLinks.lastError,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(itemLinks, isNotNull(itemLinks.lastFailureAt))
      .orderBy(desc(itemLinks.lastFailureAt))
      .limit(1),
  ]);
  const by = new Map(counts.map((c) => [c.status, Number(c.n)]));
  return {
    pending: by.get('pending') ?? 0,
    failed: by.get('failed') ?? 0,
    resolved: by.get('resolved') ?? 0,
    lastSuccessAt: last?.lastSuccessAt ? new Date(last.lastSuccessAt) : null,
    lastFailureAt: last?.lastFailureAt ?? null,
    lastError: last?.lastError ?? null,
  };
}
