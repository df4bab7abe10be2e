import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Josie } from '@josie/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { josies, media } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { josieForm, pngImage } from './testing.js';

/**
 * Runs `request` while every `media` insert fails inside its transaction, as a lost connection or a
 * constraint would: a trigger in the database itself raises, so the code under test runs unchanged.
 */
async function withFailingMediaInsert<T>(ctx: TestContext, request: () => Promise<T>): Promise<T> {
  const { db } = ctx.database;
  await db.execute(sql`
    create or replace function fail_media_insert() returns trigger language plpgsql as $$
    begin
      raise exception 'simulated database failure';
    end $$`);
  await db.execute(sql`
    create trigger fail_media_insert before insert on media
    for each row execute function fail_media_insert()`);
  try {
    return await request();
  } finally {
    await db.execute(sql`drop trigger fail_media_insert on media`);
  }
}

describe('uploads and failed transactions', () => {
  let ctx: TestContext;
  let curator: TestUser;
  const uploaded = () => {
    const dir = join(ctx.dataDir, 'media', 'josies');
    return existsSync(dir) ? readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(() => ctx.close());

  it('removes the stored file and keeps no row when creating fails', async () => {
    const payload = josieForm({ title: 'Doomed', paragraphs: [] }, { bytes: await pngImage() });
    const res = await withFailingMediaInsert(ctx, () =>
      ctx.app.inject({ method: 'POST', url: '/api/josies', headers: curator.auth, payload }),
    );
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_ERROR');
    expect(uploaded()).toEqual([]);
    expect(await ctx.database.db.select().from(josies)).toEqual([]);
    expect(await ctx.database.db.select().from(media)).toEqual([]);
  });

  it('keeps the josie and its old image, and removes the new file, when an edit fails', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: curator.auth,
      payload: josieForm({ title: 'Original', paragraphs: [] }, { bytes: await pngImage() }),
    });
    const josie = created.json() as Josie;
    const files = uploaded();
    expect(files).toHaveLength(1);

    const payload = josieForm(
      { title: 'Changed', paragraphs: josie.paragraphs, baseVersion: josie.version },
      { bytes: await pngImage(10, 10) },
    );
    const res = await withFailingMediaInsert(ctx, () =>
      ctx.app.inject({ method: 'PUT', url: `/api/josies/${josie._id}`, headers: curator.auth, payload }),
    );
    expect(res.statusCode).toBe(500);
    expect(uploaded()).toEqual(files);
    const again = await ctx.app.inject({ url: `/api/josies/${josie._id}`, headers: curator.auth });
    expect(again.json()).toMatchObject({ title: 'Original', paragraphs: josie.paragraphs });
  });
});
