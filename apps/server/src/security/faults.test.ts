/**
 * Faults (docs/decisions/0005-security-and-reliability-checks.md): the database going away and coming back
 * (real PostgreSQL only), and a failure injected inside the transactions that create a josie and record a
 * review.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josieReviews, josies, media } from '../db/schema.js';
import { josieForm, pngImage } from '../modules/josies/testing.js';
import { buildAuthHeaders, buildUserRow } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { expectCleanError } from './fixtures.js';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('the database going away (PostgreSQL)', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  let dbName: string;
  let token: { authorization: string };

  /** Runs a statement on the server's maintenance connection (not the app's database). */
  const onServer = (statement: string) => admin.query(statement);

  beforeAll(async () => {
    ctx = await createTestContext();
    dbName = new URL(ctx.config.databaseUrl!).pathname.slice(1);
    expect(dbName).toMatch(/^josie_t_[0-9a-f]+$/);
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    token = await buildAuthHeaders(ctx, (await buildUserRow(ctx, { role: 'listener' })).id);
  });
  afterAll(async () => {
    await onServer(`alter database ${dbName} allow_connections true`).catch(() => {});
    await admin.end();
    await ctx.close();
  });

  const read = () => ctx.app.inject({ url: '/api/preferences/options' });
  const me = () => ctx.app.inject({ url: '/api/users/me', headers: token });
  const ready = () => ctx.app.inject({ url: '/readyz' });

  it('answers 503 while it is gone, fails /readyz, and recovers on its own when it returns', async () => {
    expect((await read()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await ready()).statusCode).toBe(200);

    // New connections are refused and the open ones are cut, as in a failover or a restart.
    await onServer(`alter database ${dbName} allow_connections false`);
    await onServer(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${dbName}' and pid <> pg_backend_pid()`,
    );

    for (const res of [
      await read(),
      await read(),
      await me(),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a@example.test', password: 'whatever1' },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(503);
      expectCleanError(res);
      expect(res.json()).toEqual({
        message: 'The service is temporarily unavailable',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toMatchObject({ status: 'unavailable', code: 'SERVICE_UNAVAILABLE' });

    await onServer(`alter database ${dbName} allow_connections true`);
    // The pool reconnects by itself; no restart of the app.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await ready()).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    expect((await read()).statusCode).toBe(200);
    // The session survived the outage: a database failure never looks like a signed-out user.
    expect((await me()).statusCode).toBe(200);
  });
});

describe('a failure inside a transaction', () => {
  let ctx: TestContext;
  let curator: { id: string };
  let editor: { id: string };
  const josieFiles = () => {
    const dir = join(ctx.dataDir, 'media', 'josies');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  /** A trigger that raises on every insert into `table`, as a crash or a lost connection mid-write would. */
  const breakInserts = (table: string) =>
    ctx.database.db.execute(
      sql.raw(`create trigger josie_injected_failure before insert on ${table}
               for each row execute function josie_injected_failure()`),
    );
  const repairInserts = (table: string) =>
    ctx.database.db.execute(sql.raw(`drop trigger josie_injected_failure on ${table}`));

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.database.db.execute(
      sql.raw(`create function josie_injected_failure() returns trigger language plpgsql as $$
               begin raise exception 'injected failure'; end $$`),
    );
    curator = await buildUserRow(ctx, { role: 'curator' });
    editor = await buildUserRow(ctx, { role: 'editor' });
  });
  afterAll(() => ctx.close());

  const create = async () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: await buildAuthHeaders(ctx, curator.id),
      payload: josieForm(
        { title: 'Half-written?', paragraphs: [{ type: 'text', content: 'Text' }] },
        { bytes: await pngImage() },
      ),
    });

  it('leaves no josie, no media row and no file when the media insert fails', async () => {
    await breakInserts('media');
    const res = await create();
    await repairInserts('media');
    expect(res.statusCode).toBe(500);
    expectCleanError(res);
    expect(res.body).not.toContain('injected failure');
    expect(await ctx.database.db.select().from(josies)).toEqual([]);
    expect(await ctx.database.db.select().from(media)).toEqual([]);
    expect(josieFiles()).toEqual([]);

    // The same request succeeds once the fault is gone: the check above was not vacuous.
    const ok = await create();
    expect(ok.statusCode).toBe(201);
    expect(await ctx.database.db.select().from(josies)).toHaveLength(1);
    expect(await ctx.database.db.select().from(media)).toHaveLength(1);
    expect(josieFiles()).toHaveLength(1);
  });

  it('keeps a josie pending when recording its review fails', async () => {
    const created = await create();
    const id = created.json()._id as string;
    await breakInserts('josie_reviews');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${id}/approve`,
      headers: await buildAuthHeaders(ctx, editor.id),
    });
    await repairInserts('josie_reviews');
    expect(res.statusCode).toBe(500);
    expectCleanError(res);
    const [row] = await ctx.database.db.select().from(josies).where(sql`${josies.id} = ${id}`);
    expect(row).toMatchObject({ status: 'pending', publishedAt: null });
    expect(await ctx.database.db.select().from(josieReviews)).toEqual([]);

    const again = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${id}/approve`,
      headers: await buildAuthHeaders(ctx, editor.id),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('published');
  });
});
