/**
 * The like is its own notification outbox (docs/decisions/0034-a-like-in-one-statement.md): the creator is
 * told by reads of the likes added since the cursor, started after each like and every minute by the
 * cron's job. Checked here: each like told once; a like the request path never announced still told; on
 * PostgreSQL, a like still being committed when a read runs is read by a later one, never skipped; a like
 * held back by an older transaction is read once that ends, not a minute later; and two instances reading
 * the same likes at once tell each like once.
 */
import type { Notification } from '@josie/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJosie, buildLike, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

async function likesEntry(ctx: TestContext, curator: TestUser, josieId: string) {
  const res = await ctx.app.inject({ url: '/api/notifications', headers: curator.auth });
  const all = res.json().data.notifications as Notification[];
  return all.find((n) => n.kind === 'likes' && n.subject?._id === josieId);
}

describe('likes told from the likes themselves', () => {
  let ctx: TestContext;
  let curator: TestUser;
  const settle = () => ctx.app.jobs.idle();
  const like = (user: TestUser, josieId: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/josies/${josieId}/like`, headers: user.auth });

  beforeAll(async () => {
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator', name: 'Cora' });
  });
  afterAll(() => ctx.close());

  it('tells each like once, and a like again after an unlike names its liker once', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const a = await buildUser(ctx, { name: 'Ari' });
    expect((await like(a, josie.id)).statusCode).toBe(200);
    await settle();
    expect((await likesEntry(ctx, curator, josie.id))?.actors.total).toBe(1);
    // Read again (the cron's job): nothing is told twice.
    await ctx.app.jobs.enqueue('notify.likes-since', {});
    await settle();
    expect((await likesEntry(ctx, curator, josie.id))?.actors).toMatchObject({
      total: 1,
      items: [{ name: 'Ari' }],
    });
    await like(a, josie.id);
    await like(a, josie.id);
    await settle();
    expect((await likesEntry(ctx, curator, josie.id))?.actors.total).toBe(1);
  });

  it('announces the entries of creators with a socket open, each to its own creator', async () => {
    const online = await buildUser(ctx, { role: 'curator', name: 'Online' });
    const offline = await buildUser(ctx, { role: 'curator', name: 'Offline' });
    const josies = await Promise.all(
      [online, curator, offline, online].map((creator) => buildJosie(ctx, { creator: creator.user._id })),
    );
    const fan = await buildUser(ctx, { name: 'Everywhere' });
    const announced: { userId: string; subject: string | undefined }[] = [];
    const stop = ctx.app.bus.subscribe('notification.changed', ({ userId, notification }) => {
      announced.push({ userId, subject: notification.subject?._id });
    });
    // As the socket's connection counts it (realtime/socket.ts).
    for (const user of [online, curator]) ctx.app.presence.add(user.user._id);
    try {
      for (const josie of josies) expect((await like(fan, josie.id)).statusCode).toBe(200);
      await settle();
      await ctx.app.jobs.enqueue('notify.likes-since', {});
      await settle();
      const byJosie = (a: { subject: string | undefined }, b: { subject: string | undefined }) =>
        (a.subject ?? '').localeCompare(b.subject ?? '');
      expect(announced.sort(byJosie)).toEqual(
        [
          { userId: online.user._id, subject: josies[0]!.id },
          { userId: curator.user._id, subject: josies[1]!.id },
          { userId: online.user._id, subject: josies[3]!.id },
        ].sort(byJosie),
      );
      // The offline creator's entry was written all the same.
      expect((await likesEntry(ctx, offline, josies[2]!.id))?.actors.total).toBe(1);
    } finally {
      stop();
      for (const user of [online, curator]) ctx.app.presence.remove(user.user._id);
    }
  });

  it("tells a like nobody announced (an instance stopped after its commit) at the cron's next read", async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const fan = await buildUser(ctx, { name: 'Quiet fan' });
    // Written as the like's statement writes it, with no like.added after it.
    await buildLike(ctx, { josie: josie.id, user: fan.user._id });
    await settle();
    expect(await likesEntry(ctx, curator, josie.id)).toBeUndefined();
    await ctx.app.jobs.enqueue('notify.likes-since', {});
    await settle();
    expect((await likesEntry(ctx, curator, josie.id))?.actors.items).toMatchObject([{ name: 'Quiet fan' }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('likes told from the likes themselves (PostgreSQL)', () => {
  let ctx: TestContext;
  let other: FastifyInstance;
  let curator: TestUser;
  const settle = async () => {
    await ctx.app.jobs.idle();
    await other.jobs.idle();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator', name: 'Cora' });
    // A second instance on the same database: its own queue workers and its own reads of the likes.
    const { buildApp } = await import('../../app.js');
    other = await buildApp({ config: ctx.config, database: ctx.database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it('reads a like still being committed later, never skips it', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const [slow, quick] = [await buildUser(ctx, { name: 'Slow' }), await buildUser(ctx, { name: 'Quick' })];
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl! });
    await client.connect();
    try {
      // The slow like's transaction starts (and takes its id) first, and commits last.
      await client.query('begin');
      await client.query('insert into josie_likes (josie_id, user_id) values ($1, $2)', [
        josie.id,
        slow.user._id,
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/josies/${josie.id}/like`,
        headers: quick.auth,
      });
      expect(res.statusCode).toBe(200);
      await settle();
      // The quick like committed, but a transaction older than it is still open: neither is read yet.
      expect(await likesEntry(ctx, curator, josie.id)).toBeUndefined();
      await client.query('commit');
    } finally {
      await client.end();
    }
    await ctx.app.jobs.enqueue('notify.likes-since', {});
    await settle();
    const entry = await likesEntry(ctx, curator, josie.id);
    expect(entry?.actors.total).toBe(2);
    expect(entry?.actors.items.map((a) => a.name).sort()).toEqual(['Quick', 'Slow']);
  });

  it('waits for an older transaction that holds a committed like back, rather than leaving it to the cron', async () => {
    const josie = await buildJosie(ctx, { creator: curator.user._id });
    const fan = await buildUser(ctx, { name: 'Patient' });
    const client = new pg.Client({ connectionString: ctx.config.databaseUrl! });
    await client.connect();
    try {
      // Any transaction with an id, older than the like: the read's horizon stays below the like until it ends.
      await client.query('begin');
      await client.query('select pg_current_xact_id()');
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/josies/${josie.id}/like`,
        headers: fan.auth,
      });
      expect(res.statusCode).toBe(200);
      const ended = new Promise((resolve) => setTimeout(resolve, 150)).then(() => client.query('commit'));
      await settle();
      await ended;
    } finally {
      await client.end();
    }
    expect((await likesEntry(ctx, curator, josie.id))?.actors.items).toMatchObject([{ name: 'Patient' }]);
  });

  it('two instances reading at once tell each like once', async () => {
    const josies = [
      await buildJosie(ctx, { creator: curator.user._id }),
      await buildJosie(ctx, { creator: curator.user._id }),
    ];
    const fans = await Promise.all(Array.from({ length: 8 }, (_, i) => buildUser(ctx, { name: `Fan ${i}` })));
    // Half of the likes through each instance, all at once: both read the likes after each.
    await Promise.all(
      fans.flatMap((fan, i) =>
        josies.map((josie) =>
          (i % 2 === 0 ? ctx.app : other).inject({
            method: 'POST',
            url: `/api/josies/${josie.id}/like`,
            headers: fan.auth,
          }),
        ),
      ),
    );
    await settle();
    for (const josie of josies) {
      expect((await likesEntry(ctx, curator, josie.id))?.actors.total).toBe(8);
    }
    const rows = await ctx.database.db.execute(sql`
      select count(*)::int as n from notification_actors a join notifications n on n.id = a.notification_id
       where n.kind = 'likes' and n.subject_id in (${josies[0]!.id}, ${josies[1]!.id})`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(16);
  });
});
