import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rollUp } from '../modules/studio/index.js';

/** How long {@link catchUpStudio} waits for the server's oldest open transaction to end, in ms. */
const CATCH_UP_MS = 60_000;

/**
 * Runs the studio's rollup (docs/decisions/0050-curator-studio-counts.md) until it has read every event
 * recorded so far. On a shared PostgreSQL server another database's open transaction (another test file's,
 * when files run side by side) holds the snapshot's `xmin` back (transaction ids are the server's), so a run
 * may rightly leave an ended event to a later one; the app's cron runs again each minute, a test sooner, for
 * up to {@link CATCH_UP_MS}. Throws naming the oldest open transaction when it is still held back.
 */
export async function catchUpStudio(db: Db, opts: { batch?: number } = {}): Promise<void> {
  const { rows } = (await db.execute(sql`select max(xid)::text as xid from analytics_events`)) as unknown as {
    rows: { xid: string | null }[];
  };
  const last = rows[0]?.xid;
  const deadline = Date.now() + CATCH_UP_MS;
  for (;;) {
    await rollUp(db, opts);
    if (!last) return;
    const mark = (await db.execute(
      sql`select xid >= ${last}::xid8 as done from studio_marks where name = 'rollup'`,
    )) as unknown as { rows: { done: boolean }[] };
    if (mark.rows[0]?.done) return;
    if (Date.now() > deadline) throw new Error(`the studio rollup did not catch up: ${await oldestOpen(db)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The server's oldest open transaction, for the message of a rollup held back (PostgreSQL only). */
async function oldestOpen(db: Db): Promise<string> {
  try {
    const { rows } = (await db.execute(sql`
      select datname, (extract(epoch from now() - xact_start) * 1000)::int as ms, left(query, 200) as query
        from pg_stat_activity where backend_xid is not null or backend_xmin is not null
       order by xact_start limit 1`)) as unknown as { rows: Record<string, unknown>[] };
    return JSON.stringify(rows[0] ?? null);
  } catch {
    return 'no pg_stat_activity (PGlite)';
  }
}

/**
 * Waits until `analytics_events` holds `count` events named `name` (the server's events are recorded by
 * domain-event listeners after the action's answer).
 */
export async function studioEvents(db: Db, name: string, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = (await db.execute(
      sql`select count(*)::int as n from analytics_events where name = ${name}`,
    )) as unknown as { rows: { n: number }[] };
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`fewer than ${count} ${name} events`);
}
