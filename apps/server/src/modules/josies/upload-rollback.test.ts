import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Josie } from '@josie/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { josies, media } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { josieForm, pngImage } from './testing.js';

// Makes the next `media` insert fail inside the transaction, as a lost connection or a constraint would.
const failure = vi.hoisted(() => ({ armed: false }));
vi.mock('./queries.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./queries.js')>();
  return {
    ...real,
    insertMedia: async (...args: Parameters<typeof real.insertMedia>) => {
      if (failure.armed) {
        failure.armed = false;
        throw new Error('simulated database failure');
      }
      return real.insertMedia(...args);
    },
  };
});

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
    failure.armed = true;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/josies',
      headers: curator.auth,
      payload: josieForm({ title: 'Doomed', paragraphs: [] }, { bytes: await pngImage() }),
    });
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

    failure.armed = true;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${josie._id}`,
      headers: curator.auth,
      payload: josieForm(
        { title: 'Changed', paragraphs: josie.paragraphs },
        { bytes: await pngImage(10, 10) },
      ),
    });
    expect(res.statusCode).toBe(500);
    expect(uploaded()).toEqual(files);
    const again = await ctx.app.inject({ url: `/api/josies/${josie._id}`, headers: curator.auth });
    expect(again.json()).toMatchObject({ title: 'Original', paragraphs: josie.paragraphs });
  });
});
