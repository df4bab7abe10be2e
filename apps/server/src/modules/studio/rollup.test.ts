/**
 * The studio's rollup (docs/decisions/0050-curator-studio-counts.md): random events (views, repeat views by
 * one reader on one day, bots, one visitor on two days, plays, "Also on" clicks, shares) rolled up compare
 * equal to a direct count of the raw events and to the generator's own model; running the job twice or at
 * once counts once; on PostgreSQL, an event still committing is counted by a later run, never skipped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { studioCuratorDays, studioJosieDays, studioJosieRunning, studioSalts } from '../../db/schema.js';
import { MIGRATIONS_DIR } from '../../paths.js';
import { buildEvent, buildJosie, buildUserRow } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { catchUpStudio } from '../../test/studio.js';
import { createReaders, utcDay } from './readers.js';
import { rollUp, studioRollupPrompt } from './rollup.js';
import { batchEnd, RUNNING_COLUMNS } from './rollup.queries.js';

const DAY = 86_400_000;

const BOT_AGENTS = [
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0)',
];
const BROWSERS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
];

/** One generated event: who (a visitor by address and agent, or an account), what, when. */
interface GenEvent {
  kind: 'josie_view' | 'josie_play' | 'also_on_click' | 'josie_share';
  josie: number;
  who: number;
  bot: boolean;
  dayBack: number;
  surface: string;
  language: string;
  item: string;
  service: string;
  channel: string;
}

const genEvent = fc.record<GenEvent>({
  kind: fc.constantFrom(
    'josie_view',
    'josie_view',
    'josie_view',
    'josie_play',
    'also_on_click',
    'josie_share',
  ),
  josie: fc.nat(2),
  who: fc.nat(5),
  bot: fc.nat(3).map((n) => n === 0),
  dayBack: fc.nat(2),
  surface: fc.constantFrom('feed', 'explore', 'search', 'external'),
  language: fc.constantFrom('en', 'he', 'fr'),
  item: fc.constantFrom('0', '1'),
  service: fc.constantFrom('spotify', 'youtube', 'deezer', 'other'),
  channel: fc.constantFrom('native', 'copy'),
});

/** The running totals' backfill of the migration that made the table, as written there. */
const RUNNING_BACKFILL = readFileSync(
  join(MIGRATIONS_DIR, readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_studio_running.sql'))!),
  'utf8',
)
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('INSERT INTO "studio_josie_running"'))!;

type Row = { josieId: string; metric: string; dim: string; day: string; count: number };
const key = (r: Omit<Row, 'count'>) => `${r.josieId}|${r.metric}|${r.dim}|${r.day}`;

/** The counts the generated events must give, by the rules of decision 0050, from the model alone. */
function expected(events: GenEvent[], josieIds: string[], today: number): Map<string, number> {
  const out = new Map<string, number>();
  const add = (josieId: string, metric: string, dim: string, day: string) => {
    const k = key({ josieId, metric, dim, day });
    out.set(k, (out.get(k) ?? 0) + 1);
  };
  const seen = new Set<string>();
  for (const e of events) {
    if (e.bot) continue;
    const josieId = josieIds[e.josie]!;
    const day = utcDay(new Date(today - e.dayBack * DAY));
    const subject =
      e.kind === 'josie_view'
        ? josieId
        : e.kind === 'josie_play'
          ? `${josieId}:${e.item}`
          : `${josieId}:${e.kind === 'also_on_click' ? e.service : e.channel}`;
    const first = `${e.kind}|${subject}|${e.who}|${day}`;
    if (seen.has(first)) continue;
    seen.add(first);
    if (e.kind === 'josie_view') {
      add(josieId, 'views', '', day);
      add(josieId, 'view_surface', e.surface, day);
      add(josieId, 'view_language', e.language === 'fr' ? 'other' : e.language, day);
    } else if (e.kind === 'josie_play') {
      add(josieId, 'plays', '', day);
      add(josieId, 'play_service', e.service, day);
    } else if (e.kind === 'also_on_click') {
      add(josieId, 'alsoOn', '', day);
      add(josieId, 'also_on_service', e.service, day);
    } else {
      add(josieId, 'shares', '', day);
      add(josieId, 'share_channel', e.channel, day);
    }
  }
  return out;
}

describe('the studio rollup', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** Records `events` as the site module does: each reader hashed with its day's salt, bots marked. */
  async function record(events: GenEvent[], josieIds: string[], today: number, people: string[]) {
    const readers = createReaders({ db: ctx.database.db });
    // One hash per reader and day, as the day's salt gives it: memoised here, so a purge of a past day's
    // salt by the app's own run (every minute) cannot split one reader of a past day in two mid-test.
    const hashes = new Map<string, Awaited<ReturnType<typeof readers.readerOf>>>();
    for (const e of events) {
      const at = new Date(today - e.dayBack * DAY);
      // Even `who`s are visitors (address and agent), odd ones accounts.
      const origin =
        e.who % 2 === 0
          ? {
              userId: null,
              ip: `10.0.0.${e.who}`,
              userAgent: e.bot ? BOT_AGENTS[0] : BROWSERS[e.who % 4 === 0 ? 0 : 1],
            }
          : { userId: people[e.who]!, ip: '10.9.9.9', userAgent: e.bot ? BOT_AGENTS[1] : BROWSERS[0] };
      const memo = `${utcDay(at)}|${JSON.stringify(origin)}`;
      if (!hashes.has(memo)) hashes.set(memo, await readers.readerOf(origin, at));
      const { reader, bot } = hashes.get(memo)!;
      await buildEvent(ctx, {
        name: e.kind,
        at,
        reader,
        bot,
        params: {
          josie_id: josieIds[e.josie],
          surface: e.surface,
          language: e.language,
          item: e.item,
          service: e.service,
          channel: e.channel,
        },
      });
    }
  }

  async function rowsOf(josieIds: string[]): Promise<Map<string, number>> {
    const rows = await ctx.database.db
      .select()
      .from(studioJosieDays)
      .where(sql`${studioJosieDays.josieId} = any(${sql.param(josieIds)}::uuid[])`);
    return new Map(rows.map((r) => [key(r), r.count]));
  }

  /** The running rows of `josieIds`, as `josieId|day` to each metric's total through that day. */
  async function runningOf(josieIds: string[]) {
    const rows = await ctx.database.db
      .select()
      .from(studioJosieRunning)
      .where(sql`${studioJosieRunning.josieId} = any(${sql.param(josieIds)}::uuid[])`);
    return new Map(rows.map(({ josieId, day, ...totals }) => [`${josieId}|${day}`, totals]));
  }

  /**
   * A josie's total of `metric` (a contract name) from `from` to `to`, read as the studio reads it: its
   * latest running row on or before `to` less its latest before `from`.
   */
  async function periodTotal(josieId: string, column: string, from: string, to: string): Promise<number> {
    const latest = (before: string, op: string) => sql`(
      select ${sql.identifier(column)} from ${studioJosieRunning}
      where josie_id = ${josieId} and day ${sql.raw(op)} ${before}::date order by day desc limit 1)`;
    const { rows } = (await ctx.database.db.execute(
      sql`select (coalesce(${latest(to, '<=')}, 0) - coalesce(${latest(from, '<')}, 0))::int as total`,
    )) as unknown as { rows: { total: number }[] };
    return rows[0]!.total;
  }

  /** A direct count of the raw events: distinct readers per josie and day, bots left out. */
  async function directViews(josieIds: string[]): Promise<Map<string, number>> {
    const { rows } = (await ctx.database.db.execute(sql`
      select params->>'josie_id' as "josieId", (at at time zone 'UTC')::date::text as day,
        count(distinct reader)::int as count
      from analytics_events
      where name = 'josie_view' and not bot and params->>'josie_id' = any(${sql.param(josieIds)}::text[])
      group by 1, 2`)) as unknown as { rows: { josieId: string; day: string; count: number }[] };
    return new Map(rows.map((r) => [key({ ...r, metric: 'views', dim: '' }), r.count]));
  }

  it('counts random events as a direct count of them does, in batches of any size', async () => {
    const curator = await buildUserRow(ctx, { role: 'curator' });
    const people = await Promise.all(Array.from({ length: 6 }, () => buildUserRow(ctx)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(genEvent, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        fc.tuple(fc.nat(3), fc.nat(3)),
        async (events, batch, ends) => {
          const josies = await Promise.all([0, 1, 2].map(() => buildJosie(ctx, { creator: curator.id })));
          const josieIds = josies.map((j) => j.id);
          const today = Date.now();
          await record(
            events,
            josieIds,
            today,
            people.map((p) => p.id),
          );
          await catchUpStudio(ctx.database.db, { batch });
          const rolled = await rowsOf(josieIds);
          expect(rolled).toEqual(expected(events, josieIds, today));
          const views = new Map([...rolled].filter(([k]) => k.split('|')[1] === 'views'));
          expect(views).toEqual(await directViews(josieIds));
          // Any period's totals, from the running rows, equal the sum of the period's daily totals. The
          // events came in any day order, so batches also moved the running rows of later days.
          const from = utcDay(new Date(today - Math.max(...ends) * DAY));
          const to = utcDay(new Date(today - Math.min(...ends) * DAY));
          for (const josieId of josieIds) {
            for (const [metric, column] of RUNNING_COLUMNS) {
              let sum = 0;
              for (const [k, count] of rolled) {
                const [id, m, dim, day] = k.split('|');
                if (id === josieId && m === metric && dim === '' && day! >= from && day! <= to) sum += count;
              }
              expect(await periodTotal(josieId, column, from, to), `${metric} ${from}..${to}`).toBe(sum);
            }
          }
          // The migration's backfill from the daily rows gives the rows the rollup kept.
          const kept = await runningOf(josieIds);
          await ctx.database.db.delete(studioJosieRunning);
          await ctx.database.db.execute(sql.raw(RUNNING_BACKFILL));
          expect(await runningOf(josieIds)).toEqual(kept);
        },
      ),
      { numRuns: 12 },
    );
    // The curator's days are the sums of their josies' days.
    const { rows } = (await ctx.database.db.execute(sql`
      select c.metric, c.dim, c.day::text, c.count, coalesce(sum(d.count), 0)::int as josies
      from ${studioCuratorDays} c
      left join ${studioJosieDays} d on d.metric = c.metric and d.dim = c.dim and d.day = c.day
        and d.josie_id in (select id from josies where creator_id = c.curator_id)
      where c.curator_id = ${curator.id}
      group by c.metric, c.dim, c.day, c.count`)) as unknown as { rows: { count: number; josies: number }[] };
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.count).toBe(row.josies);
  });

  it('counts a visitor on two days twice and a repeat view on one day once; bots never', async () => {
    const josie = await buildJosie(ctx);
    const today = Date.now();
    const view = (who: number, dayBack: number, bot = false): GenEvent => ({
      kind: 'josie_view',
      josie: 0,
      who,
      bot,
      dayBack,
      surface: 'feed',
      language: 'he',
      item: '0',
      service: 'spotify',
      channel: 'copy',
    });
    await record(
      [view(0, 1), view(0, 1), view(0, 0), view(0, 0), view(2, 0, true), view(4, 0, true)],
      [josie.id],
      today,
      [],
    );
    await catchUpStudio(ctx.database.db);
    const rows = await rowsOf([josie.id]);
    expect(rows.get(key({ josieId: josie.id, metric: 'views', dim: '', day: utcDay(new Date(today)) }))).toBe(
      1,
    );
    expect(
      rows.get(key({ josieId: josie.id, metric: 'views', dim: '', day: utcDay(new Date(today - DAY)) })),
    ).toBe(1);
  });

  it('counts once when run twice or twice at once', async () => {
    const josie = await buildJosie(ctx);
    const people = await Promise.all(Array.from({ length: 30 }, () => buildUserRow(ctx)));
    const events: GenEvent[] = people.map((_, i) => ({
      kind: 'josie_view',
      josie: 0,
      who: i,
      bot: false,
      dayBack: 0,
      surface: 'explore',
      language: 'en',
      item: '0',
      service: 'youtube',
      channel: 'copy',
    }));
    await record(
      events,
      [josie.id],
      Date.now(),
      people.map((p) => p.id),
    );
    await Promise.all([
      catchUpStudio(ctx.database.db, { batch: 4 }),
      catchUpStudio(ctx.database.db, { batch: 7 }),
    ]);
    await rollUp(ctx.database.db);
    const rows = await rowsOf([josie.id]);
    expect(rows.get(key({ josieId: josie.id, metric: 'views', dim: '', day: utcDay(new Date()) }))).toBe(30);
    expect(
      rows.get(key({ josieId: josie.id, metric: 'view_surface', dim: 'explore', day: utcDay(new Date()) })),
    ).toBe(30);
  });

  it("deletes the past days' salts once it caught up, and keeps today's", async () => {
    const readers = createReaders({ db: ctx.database.db });
    const origin = { userId: null, ip: '10.1.1.1', userAgent: BROWSERS[0] };
    const yesterday = new Date(Date.now() - DAY);
    const before = await readers.readerOf(origin, yesterday);
    expect(await readers.readerOf(origin, yesterday)).toEqual(before);
    await readers.readerOf(origin, new Date());
    await catchUpStudio(ctx.database.db);
    const days = (await ctx.database.db.select({ day: studioSalts.day }).from(studioSalts)).map((r) => r.day);
    expect(days).toEqual([utcDay(new Date())]);
    // The salt of yesterday is gone: the same reader of yesterday can never be hashed the same again.
    expect((await createReaders({ db: ctx.database.db }).readerOf(origin, yesterday)).reader).not.toBe(
      before.reader,
    );
  });
});

describe('the end of a batch', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is the last event by transaction id as a number, not as text (a batch across 99 and 100)', async () => {
    // Transaction ids of ended transactions, given outright: 99 and 100 sort the other way as text.
    for (const xid of ['98', '99', '100', '101']) {
      await ctx.database.db.execute(
        sql`insert into analytics_events (name, params, xid) values ('josie_like', '{}', ${xid}::xid8)`,
      );
    }
    const from = { xid: '98', id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };
    expect(await batchEnd(ctx.database.db, from, 2)).toMatchObject({ xid: '100', events: 2 });
    expect(await batchEnd(ctx.database.db, from, 3)).toMatchObject({ xid: '101', events: 3 });
  });
});

describe('the prompt rollup (decision 0050, amended)', () => {
  /** A queue that records what is enqueued; `refuse` makes the next enqueue fail. */
  function fakeJobs() {
    const sent: { key: string | undefined; delayMs: number | undefined }[] = [];
    const jobs = {
      refuse: false,
      sent,
      wake: vi.fn(),
      async enqueue(_name: string, _payload: unknown, options?: { key?: string; delayMs?: number }) {
        if (jobs.refuse) {
          jobs.refuse = false;
          throw new Error('the queue is down');
        }
        sent.push({ key: options?.key, delayMs: options?.delayMs });
        return true;
      },
    };
    return jobs;
  }

  it('asks for one run per window, starting a window after the first event, whatever the burst', async () => {
    const jobs = fakeJobs();
    // The start of a window: 333,333,333 windows of 3 s since the epoch.
    let now = 999_999_999_000;
    const poke = studioRollupPrompt({ jobs, log: { warn: () => {} }, seconds: 3, now: () => now });
    for (let i = 0; i < 500; i++) poke();
    now += 2_999;
    poke();
    now += 1;
    for (let i = 0; i < 500; i++) poke();
    await vi.waitFor(() => expect(jobs.sent).toHaveLength(2));
    expect(jobs.sent).toEqual([
      { key: 'studio.rollup:333333333', delayMs: 3000 },
      { key: 'studio.rollup:333333334', delayMs: 3000 },
    ]);
  });

  it('asks again in the same window when the queue refused, and logs the refusal', async () => {
    const jobs = fakeJobs();
    const warn = vi.fn();
    const poke = studioRollupPrompt({ jobs, log: { warn }, seconds: 60, now: () => 0 });
    jobs.refuse = true;
    poke();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledOnce());
    poke();
    await vi.waitFor(() => expect(jobs.sent).toHaveLength(1));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the studio rollup (PostgreSQL)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('counts an event still being committed by a later run, never skips it', async () => {
    const josie = await buildJosie(ctx);
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl! });
    await client.connect();
    const views = async () => {
      const [row] = await ctx.database.db
        .select({ count: studioJosieDays.count })
        .from(studioJosieDays)
        .where(sql`${studioJosieDays.josieId} = ${josie.id} and ${studioJosieDays.metric} = 'views'`);
      return row?.count ?? 0;
    };
    try {
      // The slow event's transaction takes its id first and commits last.
      await client.query('begin');
      await client.query(
        `insert into analytics_events (name, params, reader) values ('josie_view', $1, 'slow')`,
        [{ josie_id: josie.id, surface: 'feed', language: 'en' }],
      );
      await buildEvent(ctx, {
        name: 'josie_view',
        reader: 'quick',
        params: { josie_id: josie.id, surface: 'feed', language: 'en' },
      });
      await rollUp(ctx.database.db);
      expect(await views()).toBe(0);
      await client.query('commit');
    } finally {
      await client.end();
    }
    await catchUpStudio(ctx.database.db);
    await rollUp(ctx.database.db);
    expect(await views()).toBe(2);
  });
});
