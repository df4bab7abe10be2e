import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ExploreResponse, GENRES, type Josie, JosieCreateBody } from '@josie/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../adapters/storage.js';
import { itemLinks, josieLikes, josieReviews, josies, notifications, users } from '../../db/schema.js';
import { seed } from '../../db/seed/index.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { resolvableItems } from '../links/index.js';

describe('demo josies', () => {
  let ctx: TestContext;
  const storage = () => createLocalStorage(join(ctx.dataDir, 'media'));
  const login = async (email: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'demo-password' },
    });
    return { authorization: `Bearer ${res.json().token}` };
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    await seed(ctx.database.db, { demo: true, storage: storage(), demoPassword: 'demo-password' });
  });
  afterAll(() => ctx.close());

  it('gives each demo curator 4 to 6 published josies with real media, and valid paragraphs', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await ctx.app.inject({
        url: '/api/josies/my-josies',
        headers: await login(`curator${n}@demo.josie`),
      });
      const posts = res.json().data.posts as Josie[];
      const live = posts.filter((p) => p.status === 'published');
      expect(live.length).toBeGreaterThanOrEqual(4);
      expect(live.length).toBeLessThanOrEqual(6);
      for (const p of posts) {
        // Every demo josie obeys the rules the API enforces.
        expect(JosieCreateBody.parse({ title: p.title, paragraphs: p.paragraphs }).paragraphs).toEqual(
          p.paragraphs,
        );
        if (p.status === 'published') expect(p.text.length).toBeGreaterThan(100);
        // Tagged with 1 to 3 genres of the seeded list.
        expect(p.genres.length, p.title).toBeGreaterThanOrEqual(1);
        expect(p.genres.length, p.title).toBeLessThanOrEqual(3);
        for (const g of p.genres) expect(GENRES).toContain(g);
        expect(p.paragraphs.some((x) => x.type === 'audioItem' || x.type === 'video')).toBe(true);
        for (const x of p.paragraphs) {
          if (x.type === 'image') expect(existsSync(join(ctx.dataDir, x.content))).toBe(true);
        }
      }
      // Published over the last weeks, not all at once.
      const times = live.map((p) => Date.parse(p.publishedAt!));
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(7 * 24 * 3600 * 1000);
    }
  });

  it('makes explore look alive: a row for every seeded genre, trending josies and new curators', async () => {
    const res = await ctx.app.inject({ url: '/api/explore' });
    const { data } = ExploreResponse.parse(res.json());
    expect(data.genres.map((g) => g.name).sort()).toEqual([...GENRES].sort());
    for (const row of data.genres) expect(row.posts.length, row.name).toBeGreaterThanOrEqual(1);
    // Liked within the last week, by more than one reader.
    expect(data.trending.length).toBeGreaterThanOrEqual(5);
    expect(data.newCurators).toHaveLength(5);
  });

  it('writes josies in Hebrew and in English, by several curators', async () => {
    const rows = await ctx.database.db
      .select({ title: josies.title, creatorId: josies.creatorId })
      .from(josies)
      .where(eq(josies.status, 'published'));
    const hebrew = rows.filter((r) => /[\u0590-\u05FF]/.test(r.title));
    const english = rows.filter((r) => /^[\x20-\x7E]+$/.test(r.title));
    expect(hebrew.length).toBeGreaterThanOrEqual(6);
    expect(new Set(hebrew.map((r) => r.creatorId)).size).toBeGreaterThanOrEqual(3);
    expect(english.length).toBeGreaterThanOrEqual(15);
  });

  it('serves the shipped images and keeps them small', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(josies)
      .where(eq(josies.title, 'Synths After Midnight'));
    const image = row!.paragraphs.find((p) => p.type === 'image')!.content as string;
    const res = await ctx.app.inject({ url: image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.rawPayload.length).toBeLessThan(60 * 1024);
  });

  it('fills the review queue and keeps a rejected josie with its reason and review', async () => {
    const editor = await login('editor@demo.josie');
    const queue = (await ctx.app.inject({ url: '/api/josies/pending', headers: editor })).json().data
      .posts as Josie[];
    expect(queue.length).toBeGreaterThanOrEqual(1);
    const [rejected] = await ctx.database.db.select().from(josies).where(eq(josies.status, 'rejected'));
    expect(rejected!.rejectionReason).toBeTruthy();
    const [editorRow] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'editor@demo.josie'));
    const reviews = await ctx.database.db
      .select()
      .from(josieReviews)
      .where(eq(josieReviews.josieId, rejected!.id));
    expect(reviews).toMatchObject([
      { action: 'rejected', reviewedBy: editorRow!.id, rejectionReason: rejected!.rejectionReason },
    ]);
  });

  it('keeps like counts in step with the likes of the demo listeners', async () => {
    const rows = await ctx.database.db.select().from(josies);
    const likes = await ctx.database.db
      .select({ josieId: josieLikes.josieId, n: count() })
      .from(josieLikes)
      .groupBy(josieLikes.josieId);
    const byJosie = new Map(likes.map((l) => [l.josieId, l.n]));
    expect(likes.length).toBeGreaterThan(3);
    for (const row of rows) expect(row.likeCount, row.title).toBe(byJosie.get(row.id) ?? 0);
  });

  it("tells nobody of the demo's likes: they are history, not news (decision 0034)", async () => {
    await ctx.app.jobs.enqueue('notify.likes-since', {});
    await ctx.app.jobs.idle();
    const [told] = await ctx.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'likes'));
    expect(told!.n).toBe(0);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await ctx.database.db.select({ n: count() }).from(josies);
    await seed(ctx.database.db, { demo: true, storage: storage(), demoPassword: 'demo-password' });
    expect(await ctx.database.db.select({ n: count() }).from(josies)).toEqual(before);
  });

  it("ships every demo item's cross-service links, so a new instance asks the resolver nothing", async () => {
    const rows = await ctx.database.db.select({ paragraphs: josies.paragraphs }).from(josies);
    const items = new Set(rows.flatMap((r) => resolvableItems(r.paragraphs).map((i) => i.itemUrl)));
    const stored = await ctx.database.db.select().from(itemLinks);
    expect(new Set(stored.map((r) => r.itemUrl))).toEqual(items);
    expect(stored.every((r) => r.status === 'resolved' && r.resolvedAt !== null)).toBe(true);
    // Nothing is due: the refresh of a configured resolver enqueues no resolution.
    const { integrations } = ctx.config;
    const odesli = { apiUrl: 'http://127.0.0.1:9/links', apiKey: null, requestsPerMinute: 10 };
    const refresh = createTestServices({
      ...ctx,
      config: { ...ctx.config, integrations: { ...integrations, links: { ...integrations.links, odesli } } },
    });
    expect(await refresh.links.refresh()).toBe(0);
    // A published demo josie with the Spotify track of a known recording offers its YouTube video.
    const [funk] = await ctx.database.db
      .select({ id: josies.id })
      .from(josies)
      .where(eq(josies.title, 'Sunday Morning Funk Fix'));
    const res = await ctx.app.inject({ url: `/api/josies/${funk!.id}` });
    const listen = (res.json() as Josie).listen ?? [];
    const track = listen.find((i) => i.itemUrl === 'https://open.spotify.com/track/32OlwWuMpZ6b0aN2RZOeMS');
    expect(track?.links.map((l) => l.url)).toContain('https://www.youtube.com/watch?v=OPf0YbXqDm0');
  });
});
