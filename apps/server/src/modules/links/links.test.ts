import type { Josie, ListenItem, MyJosiesResponse } from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../../adapters/provider-http.js';
import { itemLinks, josies } from '../../db/schema.js';
import { createInvalidation } from '../../scale/invalidation.js';
import { approveJosie, buildJosieViaApi, buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { jobRows } from '../../test/jobs.js';
import { freePort } from '../../test/ports.js';
import { countQueries } from '../../test/queries.js';
import { type GoogleStandin, startGoogleStandin } from '../../test/standins/google.js';
import { TEST_TOKEN_ENCRYPTION_KEY } from '../../test/standins/index.js';
import {
  hostileOdesliAnswer,
  type OdesliStandin,
  recordingLinks,
  SAME_RECORDINGS,
  startOdesliStandin,
} from '../../test/standins/odesli.js';
import { type SpotifyStandin, startSpotifyStandin } from '../../test/standins/spotify.js';
import { createOdesliPacer, OdesliBusy, similarity } from './resolver.js';
import { createOutageLog } from './service.js';

const RICK = SAME_RECORDINGS[0]; // Never Gonna Give You Up: on both services
const TAKE_ON_ME = SAME_RECORDINGS[3];
const spotifyUrl = (id: string) => `https://open.spotify.com/track/${id}`;
const youtubeUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const ODESLI_PATH = '/v1-alpha.1/links';
/** Blinding Lights: a Spotify track Odesli's stand-in does not know and YouTube's has no video of. */
const LONELY_TRACK = spotifyUrl('0VjIjW4GlUZAMYd2vXMi3b');
/** Gangnam Style: a YouTube video no other service of the stand-ins has. */
const LONELY_VIDEO = youtubeUrl('9bZkp7q19f0');

const audio = (url: string, extra: Record<string, unknown> = {}) => ({
  type: 'audioItem',
  content: { url, name: '', ...extra },
});
const video = (url: string, extra: Record<string, unknown> = {}) => ({
  type: 'video',
  content: { url, title: '', channelTitle: '', ...extra },
});

const platforms = (item: ListenItem | undefined) =>
  Object.fromEntries((item?.links ?? []).map((l) => [l.platform, { url: l.url, source: l.source }]));

let odesli: OdesliStandin;
let spotify: SpotifyStandin;
let google: GoogleStandin;
let ctx: TestContext;
let curator: TestUser;
let editor: TestUser;
let admin: TestUser;
let listener: TestUser;

async function getJosie(id: string, who?: TestUser): Promise<Josie> {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/josies/${id}`, headers: who?.auth ?? {} });
  expect(res.statusCode).toBe(200);
  return res.json() as Josie;
}

async function row(itemUrl: string) {
  const [found] = await ctx.database.db.select().from(itemLinks).where(eq(itemLinks.itemUrl, itemUrl));
  return found;
}

beforeAll(async () => {
  [odesli, spotify, google] = await Promise.all([
    startOdesliStandin(),
    startSpotifyStandin(),
    startGoogleStandin(),
  ]);
  ctx = await createTestContext({
    ...odesli.env,
    ...spotify.env,
    ...google.env,
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
    ODESLI_REQUESTS_PER_MINUTE: '1000',
    JOBS_RETRY_BASE_MS: '10',
    JOBS_POLL_INTERVAL_MS: '500',
  });
  [curator, editor, admin, listener] = await Promise.all([
    buildUser(ctx, { role: 'curator' }),
    buildUser(ctx, { role: 'editor' }),
    buildUser(ctx, { role: 'admin' }),
    buildUser(ctx),
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await Promise.all([odesli, spotify, google].map((s) => s?.close()));
});

beforeEach(() => {
  odesli.reset();
});

describe('resolution in the background (docs/decisions/0022-listen-on-your-own-service.md)', () => {
  it('answers the josie at once with the originals, then shows what the job stored', async () => {
    odesli.failNext(ODESLI_PATH, { status: 503, times: 1000 });
    const created = await buildJosieViaApi(ctx, curator, {
      paragraphs: [audio(spotifyUrl(RICK.spotify)), video(youtubeUrl(TAKE_ON_ME.youtube))],
    });
    // Publishing is never blocked: the answer carries the originals only.
    expect(created.listen.map((i) => i.links.map((l) => l.source))).toEqual([['original'], ['original']]);
    expect(
      await jobRows(ctx.database, 'links.resolve', { field: 'itemUrl', value: spotifyUrl(RICK.spotify) }),
    ).toHaveLength(1);
    await ctx.app.jobs.idle();
    expect((await row(spotifyUrl(RICK.spotify)))?.status).toBe('failed');

    odesli.reset();
    await vi.waitFor(
      async () => {
        const josie = await getJosie(created._id, curator);
        expect(platforms(josie.listen[0]).youtube).toEqual({
          url: youtubeUrl(RICK.youtube),
          source: 'odesli',
        });
        expect(platforms(josie.listen[1]).spotify).toEqual({
          url: spotifyUrl(TAKE_ON_ME.spotify),
          source: 'odesli',
        });
      },
      { timeout: 15_000, interval: 200 },
    );
    const josie = await getJosie(created._id, curator);
    const rick = josie.listen[0]!;
    // The original first, then the others in the contract's order; title and artwork from Odesli.
    expect(rick.links[0]).toEqual({
      platform: 'spotify',
      url: spotifyUrl(RICK.spotify),
      source: 'original',
      confidence: null,
    });
    expect(rick.links.map((l) => l.platform)).toEqual([
      'spotify',
      'youtube',
      'youtubeMusic',
      'appleMusic',
      'deezer',
      'tidal',
      'soundcloud',
      'amazonMusic',
    ]);
    expect(rick).toMatchObject({ title: RICK.title, artistName: RICK.artist, kind: 'audio' });
    expect(rick.thumbnailUrl).toContain(RICK.spotify);
  }, 30_000);

  it('a 429 from Odesli is retried later with back-off, and nothing is lost', async () => {
    const url = spotifyUrl(SAME_RECORDINGS[2].spotify);
    odesli.failNext(ODESLI_PATH, { status: 429, body: { statusCode: 429, code: 'too_many_requests' } });
    await buildJosieViaApi(ctx, curator, { paragraphs: [audio(url)] });
    await vi.waitFor(
      async () => {
        expect((await row(url))?.status).toBe('resolved');
      },
      { timeout: 20_000, interval: 200 },
    );
    const stored = await row(url);
    expect(stored?.attempts).toBe(2);
    expect(stored?.lastError).toMatch(/429/);
    expect(stored?.links.find((l) => l.platform === 'youtube')?.url).toBe(
      youtubeUrl(SAME_RECORDINGS[2].youtube),
    );
    const asked = odesli.requests.filter((r) => r.query.url === url);
    expect(asked.length).toBe(2);
  }, 30_000);

  it('shows the four cases: from Spotify or YouTube, with and without a counterpart', async () => {
    const first = await buildJosieViaApi(ctx, curator, {
      paragraphs: [
        audio(spotifyUrl(TAKE_ON_ME.spotify)),
        video(LONELY_VIDEO, { title: 'Gangnam Style', channelTitle: 'officialpsy' }),
      ],
    });
    const second = await buildJosieViaApi(ctx, curator, {
      paragraphs: [
        video(youtubeUrl(RICK.youtube)),
        audio(LONELY_TRACK, { name: 'Blinding Lights', artist: 'The Weeknd' }),
      ],
    });
    await ctx.app.jobs.idle();
    const a = (await getJosie(first._id, curator)).listen;
    const b = (await getJosie(second._id, curator)).listen;
    expect(a.map((i) => i.itemUrl)).toEqual([spotifyUrl(TAKE_ON_ME.spotify), LONELY_VIDEO]);
    expect(b.map((i) => i.itemUrl)).toEqual([youtubeUrl(RICK.youtube), LONELY_TRACK]);
    // Spotify, with a counterpart.
    expect(platforms(a[0]).youtube?.source).toBe('odesli');
    // YouTube, without.
    expect(a[1]!.links.map((l) => l.source)).toEqual(['original']);
    expect(a[1]).toMatchObject({ kind: 'video', title: 'Gangnam Style', artistName: 'officialpsy' });
    // YouTube, with.
    expect(platforms(b[0]).spotify).toEqual({ url: spotifyUrl(RICK.spotify), source: 'odesli' });
    // Spotify, without.
    expect(b[1]!.links).toEqual([
      { platform: 'spotify', url: LONELY_TRACK, source: 'original', confidence: null },
    ]);
    // Unknown to every source: resolved, with nothing to show.
    expect((await row(LONELY_TRACK))?.status).toBe('resolved');
  }, 30_000);

  it("the curator's own counterpart wins, and null offers none on that service", async () => {
    const mine = 'https://www.youtube.com/watch?v=djV11Xbc914';
    const created = await buildJosieViaApi(ctx, curator, {
      paragraphs: [
        audio(spotifyUrl(RICK.spotify), { counterparts: { youtube: mine } }),
        video(youtubeUrl(SAME_RECORDINGS[4].youtube), { counterparts: { spotify: null } }),
      ],
    });
    await ctx.app.jobs.idle();
    const { listen } = await getJosie(created._id, curator);
    expect(platforms(listen[0]).youtube).toEqual({ url: mine, source: 'curator' });
    expect(platforms(listen[0]).deezer?.source).toBe('odesli');
    expect(platforms(listen[1]).spotify).toBeUndefined();
    expect(platforms(listen[1]).appleMusic?.source).toBe('odesli');
  }, 30_000);

  it('a stored resolution reaches cached reads (published josie, visitor) and lists', async () => {
    const url = spotifyUrl(SAME_RECORDINGS[5].spotify);
    odesli.failNext(ODESLI_PATH, { status: 503, times: 1000 });
    const created = await buildJosieViaApi(ctx, curator, { paragraphs: [audio(url)] });
    await approveJosie(ctx, editor, created._id);
    await ctx.app.jobs.idle();
    // Read twice: the second answer is the read cache's.
    await getJosie(created._id);
    expect((await getJosie(created._id)).listen[0]!.links).toHaveLength(1);

    odesli.reset();
    await ctx.app.jobs.enqueue('links.resolve', { itemUrl: url }, { key: `test:${url}` });
    await ctx.app.jobs.idle();
    expect(platforms((await getJosie(created._id)).listen[0]).youtube?.source).toBe('odesli');
    expect(platforms((await getJosie(created._id, listener)).listen[0]).youtube?.source).toBe('odesli');
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/josies/my-josies', headers: curator.auth });
    const found = (mine.json() as MyJosiesResponse).data.posts.find((j) => j._id === created._id);
    expect(platforms(found?.listen[0]).youtube?.source).toBe('odesli');
  }, 30_000);

  it('publishes the invalidation of every josie showing an item, which reaches every instance', async () => {
    const url = spotifyUrl(SAME_RECORDINGS[3].spotify);
    odesli.failNext(ODESLI_PATH, { status: 503, times: 1000 });
    const one = await buildJosieViaApi(ctx, curator, { paragraphs: [audio(url)] });
    const two = await buildJosieViaApi(ctx, curator, { paragraphs: [audio(url)] });
    await ctx.app.jobs.idle();
    odesli.reset();
    // The app's channel is Redis pub/sub with REDIS_URL (scale/invalidation.ts); here one that records.
    const published: string[] = [];
    const channel = createInvalidation();
    channel.subscribe('josie', (id) => published.push(id));
    const services = createTestServices(ctx, { invalidation: channel });
    await services.links.resolveJob(url, { number: 9, last: true });
    expect((await row(url))?.status).toBe('resolved');
    // Both josies, and the earlier one of this file showing the same track; nothing else.
    expect(published).toEqual(expect.arrayContaining([one._id, two._id]));
    const showing = await ctx.database.db
      .select({ id: josies.id })
      .from(josies)
      .where(sql`${josies.paragraphs}::text like ${`%${url}%`}`);
    expect(published.sort()).toEqual(showing.map((j) => j.id).sort());
  }, 30_000);

  it('the refresh resolves stale items again, and failed ones once their back-off has passed', async () => {
    const stale = spotifyUrl(SAME_RECORDINGS[6].spotify);
    const failing = spotifyUrl(SAME_RECORDINGS[7].spotify);
    await buildJosieViaApi(ctx, curator, { paragraphs: [audio(stale)] });
    await ctx.app.jobs.idle();
    expect((await row(stale))?.status).toBe('resolved');
    await ctx.database.db
      .update(itemLinks)
      .set({ resolvedAt: sql`now() - interval '40 days'` })
      .where(eq(itemLinks.itemUrl, stale));
    // A failed item whose back-off has passed.
    await ctx.database.db.insert(itemLinks).values({
      itemUrl: failing,
      status: 'failed',
      attempts: 5,
      failures: 5,
      lastError: 'Odesli answered 503',
      nextAttemptAt: new Date(Date.now() - 1000),
    });
    // A josie written while no source was configured (as the demo seed writes them): found by the refresh.
    const untracked = youtubeUrl(SAME_RECORDINGS[1].youtube);
    const [seeded] = await ctx.database.db
      .insert(josies)
      .values({
        creatorId: curator.user._id,
        title: 'Seeded',
        paragraphs: [video(untracked, { thumbnailUrl: null, id: SAME_RECORDINGS[1].youtube, type: 'video' })],
        status: 'published',
      })
      .returning();
    const before = (await row(stale))!.attempts;
    await ctx.app.jobs.enqueue('links.refresh', { run: 'periodic' }, { key: `test-refresh:${Date.now()}` });
    await ctx.app.jobs.idle();
    await ctx.app.jobs.idle();
    const renewed = await row(stale);
    expect(renewed?.attempts).toBe(before + 1);
    expect(renewed!.resolvedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await row(failing))?.status).toBe('resolved');
    expect((await row(failing))?.failures).toBe(0);
    expect((await row(untracked))?.status).toBe('resolved');
    expect(platforms((await getJosie(seeded!.id)).listen[0]).spotify?.url).toBe(
      spotifyUrl(SAME_RECORDINGS[1].spotify),
    );
  }, 30_000);
});

describe('query discipline (docs/performance.md)', () => {
  it("lists read every item's links of a page in one statement, whatever the number of josies", async () => {
    const few = await buildUser(ctx, { role: 'curator' });
    await buildJosieViaApi(ctx, few, { paragraphs: [audio(spotifyUrl(RICK.spotify))] });
    await ctx.app.jobs.idle();
    const statements = async (user: TestUser) => {
      const get = () => ctx.app.inject({ url: '/api/josies/my-josies', headers: user.auth });
      const first = await get();
      expect(first.statusCode, first.body).toBe(200);
      let shown = 0;
      const count = await countQueries(ctx, async () => {
        const page = (await get()).json() as MyJosiesResponse;
        shown = page.data.posts.filter((j) => j.listen.some((i) => i.links.length > 1)).length;
      });
      return { count, shown };
    };
    const one = await statements(few);
    const many = await statements(curator);
    expect(one.shown).toBe(1);
    expect(many.shown).toBeGreaterThan(5);
    expect(many.count).toBe(one.count);
  }, 30_000);
});

describe('GET /api/audio/links', () => {
  const links = (url: string, who: TestUser = curator) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/audio/links?url=${encodeURIComponent(url)}`,
      headers: who.auth,
    });

  it("answers the resolver's links, title, artist and artwork for the editor's preview", async () => {
    const res = await links(spotifyUrl(TAKE_ON_ME.spotify));
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: ListenItem };
    expect(data).toMatchObject({ title: TAKE_ON_ME.title, artistName: TAKE_ON_ME.artist });
    expect(data.links[0]).toMatchObject({ platform: 'spotify', source: 'original' });
    expect(platforms(data).tidal).toEqual({ url: recordingLinks(TAKE_ON_ME).tidal, source: 'odesli' });
  });

  it("keeps only the links whose host is their platform's, and caps the answer's texts and artwork", async () => {
    const rick = SAME_RECORDINGS[0];
    // Asked afresh: what earlier tests stored for this item would answer the preview without a call.
    await ctx.app.jobs.idle();
    await ctx.database.db.delete(itemLinks).where(eq(itemLinks.itemUrl, spotifyUrl(rick.spotify)));
    odesli.failNext(ODESLI_PATH, { status: 200, body: hostileOdesliAnswer(rick) });
    const res = await links(spotifyUrl(rick.spotify));
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: ListenItem };
    const found = platforms(data);
    // Another host, a look-alike host, user info with a port, a link over 2,000 characters: all dropped.
    for (const platform of ['youtube', 'youtubeMusic', 'amazonMusic', 'deezer']) {
      expect(found[platform], platform).toBeUndefined();
    }
    // The honest ones stay.
    expect(found.tidal).toEqual({ url: recordingLinks(rick).tidal, source: 'odesli' });
    expect(found.appleMusic).toEqual({ url: recordingLinks(rick).appleMusic, source: 'odesli' });
    expect(data.title).toHaveLength(300);
    expect(data.artistName).toHaveLength(300);
    // Odesli's `javascript:` artwork is refused; the Spotify track's own artwork takes its place.
    expect(data.thumbnailUrl).toMatch(/^https:\/\/i\.scdn\.co\//);
    // What was stored obeys the same rules (the josie pages read it).
    const stored = await row(spotifyUrl(rick.spotify));
    expect(stored?.links.filter((l) => l.source === 'odesli').map((l) => l.platform)).toEqual([
      'spotify',
      'appleMusic',
      'tidal',
      'soundcloud',
    ]);
    expect(stored?.links.map((l) => l.url).join(' ')).not.toContain('evil.example');
    expect(stored?.title).toHaveLength(300);
    expect(stored?.thumbnailUrl).toMatch(/^https:\/\/i\.scdn\.co\//);
  });

  it('answers the original only for an item nobody knows, and when Odesli fails', async () => {
    const unknown = await links(LONELY_VIDEO);
    expect(unknown.statusCode).toBe(200);
    expect((unknown.json() as { data: ListenItem }).data.links.map((l) => l.source)).toEqual(['original']);
    odesli.failNext(ODESLI_PATH, { status: 500, times: 5 });
    const down = await links(youtubeUrl('YQHsXMglC9A'));
    expect(down.statusCode).toBe(200);
    expect((down.json() as { data: ListenItem }).data.links).toEqual([
      { platform: 'youtube', url: youtubeUrl('YQHsXMglC9A'), source: 'original', confidence: null },
    ]);
  });

  it('asks Odesli again about an item it found nothing for only after an hour', async () => {
    const url = youtubeUrl('xxxxxxxxxx1');
    const asked = () => odesli.requests.filter((r) => r.query.url === url).length;
    expect((await links(url)).statusCode).toBe(200);
    expect(asked()).toBe(1);
    for (let i = 0; i < 3; i++) expect((await links(url)).statusCode).toBe(200);
    expect(asked()).toBe(1);
  });

  it('refuses a listener (403), a visitor (401) and an empty URL (400)', async () => {
    expect((await links(spotifyUrl(RICK.spotify), listener)).statusCode).toBe(403);
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/audio/links?url=x' });
    expect(visitor.statusCode).toBe(401);
    const empty = await ctx.app.inject({
      method: 'GET',
      url: '/api/audio/links?url=',
      headers: curator.auth,
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/audio/url-details for other services', () => {
  const details = (url: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/audio/url-details?url=${encodeURIComponent(url)}`,
      headers: curator.auth,
    });

  it.each(['appleMusic', 'deezer', 'tidal', 'soundcloud', 'amazonMusic'] as const)(
    'answers the Spotify item a %s link maps to',
    async (platform) => {
      const res = await details(recordingLinks(RICK)[platform]!);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ provider: 'spotify', id: RICK.spotify });
    },
  );

  it('answers a YouTube Music link as its YouTube video', async () => {
    const res = await details(recordingLinks(RICK).youtubeMusic!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ provider: 'youtube', id: RICK.youtube });
  });

  it('keeps invalidAudioUrl for a link the resolver cannot map', async () => {
    const res = await details('https://www.deezer.com/track/424242');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please paste a Spotify track, album or playlist link, or a YouTube link',
      code: 'INVALID_AUDIO_URL',
    });
  });
});

describe('PUT /api/users/me/active-provider', () => {
  it('stores the choice and answers the user', async () => {
    const user = await buildUser(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/active-provider',
      headers: user.auth,
      payload: { activeProvider: 'google' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: user.user._id, activeProvider: 'google' });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
    expect(me.json().activeProvider).toBe('google');
  });

  it.each(['appleMusic', 'deezer', 'tidal', 'soundcloud', 'amazonMusic', 'youtubeMusic'])(
    'stores %s, a service listened on by its links (docs/decisions/0022-listen-on-your-own-service.md)',
    async (service) => {
      const user = await buildUser(ctx);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me/active-provider',
        headers: user.auth,
        payload: { activeProvider: service },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.activeProvider).toBe(service);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: user.auth });
      expect(me.json().activeProvider).toBe(service);
    },
  );

  it('refuses a visitor (401) and another value (400)', async () => {
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/active-provider',
      payload: { activeProvider: 'google' },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/active-provider',
      headers: listener.auth,
      payload: { activeProvider: 'napster' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('code');
  });
});

describe('GET /api/admin/link-resolver', () => {
  it("answers the resolver's state to an admin", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/link-resolver', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const { resolver } = res.json();
    expect(resolver.sources).toEqual([
      { name: 'odesli', configured: true },
      { name: 'spotify', configured: true },
      { name: 'youtube', configured: true },
    ]);
    expect(resolver.resolvedItems).toBeGreaterThan(0);
    expect(resolver.lastSuccessAt).not.toBeNull();
    expect(resolver.lastFailureAt).not.toBeNull();
    expect(resolver.lastError).toMatch(/Odesli/);
  });

  it('refuses a curator (403)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/link-resolver',
      headers: curator.auth,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('our own match when Odesli is off (Spotify and YouTube search)', () => {
  let searchOnly: TestContext;
  let author: TestUser;
  beforeAll(async () => {
    searchOnly = await createTestContext({
      ...spotify.env,
      ...google.env,
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
    });
    author = await buildUser(searchOnly, { role: 'curator' });
  }, 60_000);
  afterAll(async () => searchOnly?.close());

  it('matches a Spotify track on YouTube and a YouTube video on Spotify, with a confidence', async () => {
    const created = await buildJosieViaApi(searchOnly, author, {
      paragraphs: [
        audio(spotifyUrl(RICK.spotify)),
        video(youtubeUrl(TAKE_ON_ME.youtube), {
          title: 'a-ha - Take On Me (Official Video) [4K]',
          channelTitle: 'a-ha',
        }),
      ],
    });
    await searchOnly.app.jobs.idle();
    const res = await searchOnly.app.inject({
      method: 'GET',
      url: `/api/josies/${created._id}`,
      headers: author.auth,
    });
    const { listen } = res.json() as Josie;
    const rickOnYouTube = listen[0]!.links.find((l) => l.platform === 'youtube');
    expect(rickOnYouTube).toMatchObject({ url: youtubeUrl(RICK.youtube), source: 'search' });
    expect(rickOnYouTube!.confidence).toBeGreaterThanOrEqual(0.6);
    expect(rickOnYouTube!.confidence).toBeLessThanOrEqual(1);
    const takeOnMe = listen[1]!.links.find((l) => l.platform === 'spotify');
    expect(takeOnMe).toMatchObject({ url: spotifyUrl(TAKE_ON_ME.spotify), source: 'search' });
    const status = await searchOnly.app.inject({
      method: 'GET',
      url: '/api/admin/link-resolver',
      headers: (await buildUser(searchOnly, { role: 'admin' })).auth,
    });
    expect(status.json().resolver.sources[0]).toEqual({ name: 'odesli', configured: false });
  }, 30_000);
});

describe('unconfigured', () => {
  it('enqueues nothing, and readers and the preview see the original only', async () => {
    const bare = await createTestContext();
    try {
      const author = await buildUser(bare, { role: 'curator' });
      const created = await buildJosieViaApi(bare, author, { paragraphs: [audio(spotifyUrl(RICK.spotify))] });
      expect(created.listen[0]!.links.map((l) => l.source)).toEqual(['original']);
      expect(await jobRows(bare.database, 'links.%')).toEqual([]);
      const res = await bare.app.inject({
        method: 'GET',
        url: `/api/audio/links?url=${encodeURIComponent(spotifyUrl(RICK.spotify))}`,
        headers: author.auth,
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: ListenItem }).data.links).toHaveLength(1);
    } finally {
      await bare.close();
    }
  }, 60_000);
});

describe('pieces', () => {
  it('similarity tells the same recording from another', () => {
    expect(
      similarity(
        'Rick Astley Never Gonna Give You Up',
        'Rick Astley - Never Gonna Give You Up (Official Music Video)',
      ),
    ).toBe(1);
    expect(similarity('Toto Africa', 'Queen Bohemian Rhapsody')).toBe(0);
  });

  it('the Odesli pacer gives no turn once the minute is spent, saying when the next one is', async () => {
    const pacer = createOdesliPacer({ perMinute: 2 });
    await pacer.take(0);
    await pacer.take(0);
    const busy = await pacer.take(100).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(OdesliBusy);
    expect((busy as OdesliBusy).retryInMs).toBeGreaterThan(50_000);
  });

  it('a job finding the budget spent is put back for later, not failed', async () => {
    const url = spotifyUrl(SAME_RECORDINGS[4].spotify);
    const slow = await createTestContext({ ...odesli.env, ODESLI_REQUESTS_PER_MINUTE: '1' });
    try {
      const author = await buildUser(slow, { role: 'curator' });
      await buildJosieViaApi(slow, author, { paragraphs: [audio(url), video(youtubeUrl(RICK.youtube))] });
      await slow.app.jobs.idle();
      const rows = await slow.database.db.select().from(itemLinks);
      expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'resolved']);
      expect(rows.every((r) => r.failures === 0)).toBe(true);
      const later = await jobRows(slow.database, 'links.resolve');
      expect(later.filter((j) => j.state === 'queued' && String(j.key).includes(':later:'))).toHaveLength(1);
    } finally {
      await slow.close();
    }
  }, 60_000);

  it('an unreachable Odesli is said once as a warning, quietly after that, and again after a success', async () => {
    const lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
    const record =
      (level: string) =>
      (fields: Record<string, unknown>, msg: string): void => {
        lines.push({ level, msg, fields });
      };
    const outage = createOutageLog({
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
    } as unknown as Parameters<typeof createOutageLog>[0]);
    const down = new ProviderError('Odesli', 'unavailable', 'Odesli could not be reached');
    for (let i = 0; i < 5; i++) outage.failed(down, { itemUrl: `u${i}` }, 'link resolution failed');
    expect(lines.map((l) => l.level)).toEqual(['warn', 'debug', 'debug', 'debug', 'debug']);
    // No line carries the error object (a stack trace per item was the noise of an offline start).
    expect(lines.some((l) => 'err' in l.fields)).toBe(false);
    outage.reached();
    outage.reached();
    outage.failed(down, {}, 'link resolution failed');
    expect(lines.slice(5).map((l) => l.level)).toEqual(['info', 'warn']);
    // Other failures are not an outage: one info line each.
    outage.failed(new ProviderError('Odesli', 'not_found', 'no such item'), {}, 'link resolution failed');
    expect(lines.at(-1)?.level).toBe('info');
  });

  it('an offline instance resolving many items writes one warning line in all', async () => {
    const closed = await freePort();
    const offline = await createTestContext({
      ODESLI_API_URL: `http://127.0.0.1:${closed}${ODESLI_PATH}`,
      ODESLI_REQUESTS_PER_MINUTE: '1000',
    });
    const lines: string[] = [];
    const record =
      (level: string) =>
      (_fields: unknown, msg: string): void => {
        lines.push(`${level} ${msg}`);
      };
    const log = Object.assign(Object.create(offline.app.log), {
      debug: record('debug'),
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    });
    try {
      const services = createTestServices(offline, { log });
      const urls = SAME_RECORDINGS.slice(0, 4).map((r) => spotifyUrl(r.spotify));
      await offline.database.db.insert(itemLinks).values(urls.map((itemUrl) => ({ itemUrl })));
      for (const url of urls) {
        await services.links.resolveJob(url, { number: 1, last: true });
      }
      expect(lines.filter((l) => !l.startsWith('debug'))).toEqual([
        'warn the link resolver cannot reach Odesli: readers see the original links, and items are tried again with back-off',
      ]);
      const rows = await offline.database.db.select().from(itemLinks);
      expect(rows.every((r) => r.failures >= 1)).toBe(true);
    } finally {
      await offline.close();
    }
  }, 60_000);
});
