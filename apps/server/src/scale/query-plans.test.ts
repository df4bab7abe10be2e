/**
 * Query plans of the hot queries (docs/performance.md): on real PostgreSQL, with enough rows that the planner
 * has a choice (tens of thousands of josies, likes and saves; statistics gathered with ANALYZE), each query
 * is answered from its index and never by a sequential scan of a large table. The statements are captured
 * from the real query functions, so a change to one of them is what gets planned here. Runs when
 * `TEST_DATABASE_URL` is set (PGlite's planner is PostgreSQL's too, but the suite's data would not tell).
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareFindSessionUser } from '../modules/auth/queries.js';
import { dropWithdrawn, followingFeedRows, prepareEntryQueries } from '../modules/feed/queries.js';
import { presentJosies } from '../modules/josies/listing.js';
import { findJosie, listJosiesByCreator } from '../modules/josies/queries.js';
import { toggleLike } from '../modules/likes/queries.js';
import { likesAfter, notificationsByIds, notificationsOf } from '../modules/notifications/queries.js';
import { listPendingJosies } from '../modules/review/queries.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { type RecordedQuery, recordQueries } from '../test/queries.js';

const pgUrl = process.env.TEST_DATABASE_URL;

/** The data set's size: big enough that a sequential scan costs more than an index read. */
const SIZE = {
  curators: 50,
  listeners: 450,
  /** Accounts that follow, like and save nothing (most of a community). */
  quiet: 10_000,
  josiesPerCurator: 400,
  pendingPerCurator: 4,
  follows: 10,
};

/** One node of `EXPLAIN (FORMAT JSON)`. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first. */
function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** Tables large enough here that reading one whole would be a defect. */
const LARGE = new Set(['josies', 'follows', 'josie_likes', 'josie_saves', 'sessions', 'users']);

describe.skipIf(!pgUrl)('query plans of the hot queries on PostgreSQL', () => {
  let ctx: TestContext;
  let ids: { listener: string; curator: string; josie: string; session: string };

  /** The plan's nodes of the statement `run` sends (the one whose SQL matches `pick`, else the only one). */
  async function planOf(run: () => Promise<unknown>, pick?: RegExp) {
    const { queries } = await recordQueries(ctx.database, run);
    const chosen = pick ? queries.filter((q) => pick.test(q.sql)) : queries;
    expect(chosen, queries.map((q) => q.sql).join('\n')).toHaveLength(1);
    return explain(chosen[0]!);
  }

  async function explain(query: RecordedQuery) {
    const client = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
    const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (format json) ${query.sql}`,
      query.params,
    );
    const nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
    const summary = nodes.map(
      (n) => `${n['Node Type']} ${n['Relation Name'] ?? ''} ${n['Index Name'] ?? ''}`,
    );
    return { nodes, summary: summary.join('\n'), sql: query.sql };
  }

  /** The listener's timeline holds the newest 400 of their feed, as a build leaves it. */
  async function fillListenerTimeline() {
    const db = ctx.database.db;
    await db.execute(sql`insert into home_feeds (user_id) values (${ids.listener}) on conflict do nothing`);
    await db.execute(sql`
      insert into home_feed_entries (user_id, published_at, josie_id, creator_id)
      select ${ids.listener}, j.published_at, j.id, j.creator_id from josies j
        join follows f on f.curator_id = j.creator_id and f.follower_id = ${ids.listener}
       where j.status = 'published' order by j.published_at desc limit 400
      on conflict do nothing`);
  }

  /** Asserts the plan reads `index` and reads no large table sequentially. */
  function expectIndexed(plan: Awaited<ReturnType<typeof explain>>, ...indexes: string[]) {
    const used = new Set(plan.nodes.map((n) => n['Index Name']).filter(Boolean));
    for (const index of indexes)
      expect(used.has(index), `${index} in\n${plan.summary}\n${plan.sql}`).toBe(true);
    const scans = plan.nodes.filter(
      (n) => n['Node Type'] === 'Seq Scan' && LARGE.has(n['Relation Name'] ?? ''),
    );
    expect(scans, `sequential scans in\n${plan.summary}`).toEqual([]);
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    await db.execute(sql`
      insert into users (name, email, role)
      select 'Curator ' || g, 'curator' || g || '@plans.test', 'curator' from generate_series(1, ${SIZE.curators}) g
      union all
      select 'Listener ' || g, 'listener' || g || '@plans.test', 'listener' from generate_series(1, ${SIZE.listeners}) g
      union all
      select 'Quiet ' || g, 'quiet' || g || '@plans.test', 'listener' from generate_series(1, ${SIZE.quiet}) g`);
    await db.execute(sql`
      insert into josies (creator_id, title, paragraphs, status, published_at, updated_at)
      select u.id, 'Josie ' || g, '[{"type":"text","content":"Songs."}]'::jsonb, 'published',
             now() - g * interval '1 minute', now() - g * interval '1 minute'
      from users u cross join generate_series(1, ${SIZE.josiesPerCurator}) g where u.role = 'curator'`);
    await db.execute(sql`
      insert into josies (creator_id, title, status, updated_at)
      select u.id, 'Pending ' || g, 'pending', now() - g * interval '1 hour'
      from users u cross join generate_series(1, ${SIZE.pendingPerCurator}) g where u.role = 'curator'`);
    await db.execute(sql`
      insert into follows (follower_id, curator_id)
      select l.id, c.id from
        (select id, row_number() over (order by id) n from users where email like 'listener%') l
        join (select id, row_number() over (order by id) n from users where role = 'curator') c
          on (c.n + l.n) % ${SIZE.curators} < ${SIZE.follows}`);
    // Likes and saves: every listener on a spread of josies.
    for (const table of ['josie_likes', 'josie_saves']) {
      await db.execute(
        sql.raw(`insert into ${table} (josie_id, user_id)
          select j.id, l.id from
            (select id, row_number() over (order by id) n from josies where status = 'published') j
            join (select id, row_number() over (order by id) n from users where email like 'listener%') l
              on j.n % 97 = l.n % 97`),
      );
    }
    await db.execute(sql`
      insert into sessions (user_id, expires_at)
      select id, now() + interval '30 days' from users cross join generate_series(1, 2)`);
    await db.execute(sql`analyze`);

    const one = async (query: ReturnType<typeof sql>) => {
      const result = await db.execute(query);
      return (result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
    };
    const listener = await one(
      sql`select follower_id as id from follows group by follower_id order by count(*) desc limit 1`,
    );
    const curator = await one(
      sql`select curator_id as id from follows where follower_id = ${listener} limit 1`,
    );
    const josie = await one(
      sql`select id from josies where creator_id = ${curator} and status = 'published' limit 1`,
    );
    const session = await one(sql`select id from sessions where user_id = ${listener} limit 1`);
    ids = { listener, curator, josie, session };
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('the home feed reads josies_feed_idx per followed curator, then the page by primary key', async () => {
    const plan = await planOf(() => followingFeedRows(ctx.database.db, ids.listener, null, 21));
    expectIndexed(plan, 'josies_feed_idx', 'follows_follower_id_curator_id_pk', 'josies_pkey');
    expect(
      plan.nodes.some((n) => n['Node Type'] === 'Index Only Scan' && n['Index Name'] === 'josies_feed_idx'),
    ).toBe(true);
  });

  it("a timeline build's check for withdrawn josies probes the reader's rows by key, not every josie", async () => {
    const db = ctx.database.db;
    await fillListenerTimeline();
    await db.execute(sql`analyze home_feeds, home_feed_entries`);
    expectIndexed(
      await planOf(() => db.transaction((tx) => dropWithdrawn(tx, ids.listener)), /^\s*delete/i),
      'josies_pkey',
    );
  });

  it('a timeline page marks the reader’s likes by key, however many josies the reader liked', async () => {
    const db = ctx.database.db;
    await fillListenerTimeline();
    // A keen listener: 400 likes. Read into a hash, they cost a page four times its probes.
    await db.execute(sql`
      insert into josie_likes (josie_id, user_id)
      select j.id, ${ids.listener} from josies j where j.status = 'published'
       order by j.published_at desc limit 400
      on conflict do nothing`);
    await db.execute(sql`analyze home_feeds, home_feed_entries, josie_likes`);
    const entries = prepareEntryQueries(db);
    const plan = await planOf(() => entries.timelines([ids.listener], null, 21));
    expectIndexed(plan, 'josie_likes_josie_id_user_id_pk');
    expect(plan.nodes.map((n) => n['Index Name'])).not.toContain('josie_likes_user_idx');
    await db.execute(sql`delete from josie_likes where user_id = ${ids.listener}`);
  });

  it("a curator's feed reads the curator's account by key, then josies_feed_idx in order", async () => {
    const entries = prepareEntryQueries(ctx.database.db);
    expectIndexed(
      await planOf(() => entries.creators([{ creatorId: ids.curator, viewerId: ids.listener }], null, 21)),
      'users_pkey',
      'josies_feed_idx',
    );
  });

  it('a josie by id, and the like toggle with its counter update, use the primary keys', async () => {
    expectIndexed(await planOf(() => findJosie(ctx.database.db, ids.josie)), 'josies_pkey');
    const db = ctx.database.db;
    expectIndexed(
      await planOf(() => toggleLike(db, ids.josie, ids.listener)),
      'josies_pkey',
      'josie_likes_josie_id_user_id_pk',
    );
    await toggleLike(db, ids.josie, ids.listener);
  });

  it('the read of new likes ranges over their transactions by index, never over the likes before', async () => {
    const db = ctx.database.db;
    // The data set's likes as the told ones: every like of the table at or before the cursor.
    const result = await db.execute(sql`select max(created_xid)::text as xid from josie_likes`);
    const told = (result as unknown as { rows: { xid: string }[] }).rows[0]!.xid;
    expectIndexed(await planOf(() => likesAfter(db, told, 500)), 'josie_likes_xid_idx');
  });

  it("the notifications list reads its actors' accounts by key, never the whole users table", async () => {
    // Found in a like storm's notification jobs: the actors' names were hash-joined to a sequential scan of
    // users, once per entry (95 entries: 300 ms).
    const db = ctx.database.db;
    // A day of likes: 500 entries of 40 likers each, 20 of them the curator's.
    await db.execute(sql`
      insert into notifications (user_id, kind, group_key, subject_type, subject_id)
      select j.creator_id, 'likes', j.id || ':2026-11-28', 'josie', j.id from (
        select j.*, row_number() over (partition by j.creator_id order by j.id) as n
          from josies j where j.status = 'published') j
       where j.n <= 20 and (j.creator_id = ${ids.curator} or j.n <= 10)
       limit 500`);
    await db.execute(sql`
      insert into notification_actors (notification_id, actor_id)
      select n.id, u.id from notifications n
        cross join (select id from users where email like 'listener%' order by id limit 40) u`);
    // No ANALYZE: a burst of likes writes entries faster than autovacuum gathers their statistics.
    const page = await planOf(() => notificationsOf(db, ids.curator, { limit: 20 }));
    expectIndexed(page, 'users_pkey');
    const rows = await notificationsOf(db, ids.curator, { limit: 20 });
    expect(rows.map((row) => row.total)).toEqual(rows.map(() => 40));
    expectIndexed(
      await planOf(() =>
        notificationsByIds(
          db,
          rows.map((row) => row.id),
        ),
      ),
      'users_pkey',
      'users_deleted_idx',
      'notification_actors_recent_idx',
    );
    // Announcing an entry reads the accounts of its newest three live actors, not of its 40: live actors are
    // counted as all of them less the deleted accounts (docs/decisions/0035-announced-to-those-connected.md).
    const { queries } = await recordQueries(ctx.database, () =>
      notificationsByIds(
        db,
        rows.map((row) => row.id),
      ),
    );
    const client = (db as unknown as { $client: pg.Pool }).$client;
    const analysed = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${queries[0]!.sql}`,
      queries[0]!.params,
    );
    const accountReads = nodesOf(analysed.rows[0]!['QUERY PLAN'][0].Plan)
      .filter((n) => n['Index Name'] === 'users_pkey')
      .reduce((sum, n) => sum + Number(n['Actual Loops'] ?? 0), 0);
    expect(accountReads).toBeGreaterThan(0);
    expect(accountReads).toBeLessThanOrEqual(rows.length * 7);
  });

  it('the review queue reads josies_review_idx, my-josies josies_creator_updated_idx', async () => {
    expectIndexed(await planOf(() => listPendingJosies(ctx.database.db)), 'josies_review_idx');
    expectIndexed(
      await planOf(() => listJosiesByCreator(ctx.database.db, ids.curator)),
      'josies_creator_updated_idx',
    );
  });

  it("the session lookup and a feed page's presenter read by key", async () => {
    expectIndexed(
      await planOf(() => prepareFindSessionUser(ctx.database.db)(ids.session, ids.listener)),
      'sessions_pkey',
      'users_pkey',
    );
    const page = await followingFeedRows(ctx.database.db, ids.listener, null, 20);
    const { queries } = await recordQueries(ctx.database, () =>
      presentJosies(ctx.database.db, page, { id: ids.listener, role: 'listener' }),
    );
    expect(queries.length).toBeGreaterThanOrEqual(3);
    for (const query of queries) expectIndexed(await explain(query));
  });
});
