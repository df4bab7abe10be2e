import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FIRST_PAINT_BLOCK_ID, type FirstPaintState } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { approveJosie, buildJosieViaApi, buildUser, type TestUser } from '../../test/factories.js';
import { createWebTestContext, type TestContext } from '../../test/harness.js';
import { writePageRenderers } from '../../test/page-renderers.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { HOME_FEED_KEYS } from './home-page.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Josie</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** `SHELL` as every page serves it: `<html>` set for the page's language and flag (decision 0026). */
const SERVED_SHELL = SHELL.replace(
  '<html lang="en">',
  '<html lang="en" dir="ltr" data-language-select="off">',
);

/**
 * `SERVED_SHELL` as `/` serves it when no feed is rendered: with the public home page's canonical link
 * (docs/decisions/0042-feeds-and-search-engines.md).
 */
const servedHome = (publicUrl: string) =>
  SERVED_SHELL.replace('  </head>', `    <link rel="canonical" href="${publicUrl}/">\n  </head>`);

/** The page's first-paint block: the dehydrated state it holds, and the user it was written for. */
function block(html: string): { state: FirstPaintState; user: string | undefined } | undefined {
  const found = new RegExp(
    `<script type="application/json" id="${FIRST_PAINT_BLOCK_ID}"(?: data-user="([^"]*)")?>([^<]*)</script>`,
  ).exec(html);
  return found ? { user: found[1], state: JSON.parse(found[2] ?? '') as FirstPaintState } : undefined;
}

/** The data of the block's query `key`, or undefined when the block has none. */
function answer(html: string, key: readonly string[]): unknown {
  return block(html)?.state.queries.find((query) => query.queryHash === JSON.stringify(key))?.state.data;
}

/** Each first read: the API path the app would request, and what of its answer the app's query holds. */
const READS: { key: readonly string[]; path: string; held: (answer: never) => unknown }[] = [
  { key: HOME_FEED_KEYS.me, path: '/api/users/me', held: (me) => me },
  {
    key: HOME_FEED_KEYS.feed,
    path: '/api/josies/feed',
    held: (feed: { data: unknown }) => ({ pages: [feed.data], pageParams: [null] }),
  },
  {
    key: HOME_FEED_KEYS.curators,
    path: '/api/users/curators/feed',
    held: (strip: { curators: unknown }) => strip.curators,
  },
  { key: HOME_FEED_KEYS.preferences, path: '/api/users/me/preferences', held: (settings) => settings },
];

describe('the signed-in home page rendered by the server (docs/performance.md, decision 0008)', () => {
  let ctx: TestContext;
  let listener: TestUser;
  let curator: TestUser;

  const home = (user: TestUser | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      url: '/',
      headers: { ...(user ? { cookie: user.cookie } : {}), ...headers },
    });
  const onboard = (user: TestUser) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/onboarding',
      headers: user.auth,
      payload: { completed: true, step: 3, followed: [curator.user._id] },
    });

  beforeAll(async () => {
    // A stand-in for the web build's rendering: what it was given, in the language it was asked for.
    ctx = await createWebTestContext(SHELL, {
      prepare: (webDir) =>
        writePageRenderers(webDir, {
          homeFeedPage:
            'const data = (key) => state.queries.find((q) => q.queryHash === JSON.stringify(key)).state.data;' +
            "return '<h1>' + [language, data(['session', 'served']).name, data(['feed', 'pages', 'following']).pages[0].posts.length, data(['feed', 'strip']).length, data(['preferences', 'mine']).preferences.theme].join('|') + '</h1>';",
        }),
    });
    curator = await buildUser(ctx, { role: 'curator', name: 'Maya' });
    const editor = await buildUser(ctx, { role: 'editor' });
    await ctx.database.db
      .update(users)
      .set({ avatarUrl: '/media/avatars/maya.webp' })
      .where(eq(users.id, curator.user._id));
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Rooftop' });
    await approveJosie(ctx, editor, josie._id);
    listener = await buildUser(ctx, { name: 'Lior' });
    expect((await onboard(listener)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("writes each first read's answer, exactly as the API answers it, for the session's user", async () => {
    const res = await home(listener);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('Accept-Language, Cookie');
    expect(block(res.body)?.user).toBe(listener.user._id);
    expect(block(res.body)?.state.queries).toHaveLength(READS.length);
    for (const { key, path, held } of READS) {
      const api = await ctx.app.inject({ url: path, headers: listener.auth });
      expect(answer(res.body, key), path).toEqual(held(api.json() as never));
    }
    // Dehydrated as TanStack's `dehydrate` writes a successful query, marked as the page's own answer.
    for (const query of block(res.body)?.state.queries ?? []) {
      expect(query.state).toMatchObject({ status: 'success', fetchStatus: 'idle', dataUpdateCount: 0 });
      expect(query.state.dataUpdatedAt).toBeGreaterThan(0);
    }
    expect(block(res.body)?.state.queries[1]?.queryType).toBe('infinite');
    expect(res.body).not.toContain(listener.token);
  });

  it('sends the page compressed to a browser that accepts it, the same page once decoded', async () => {
    // Each rendering stamps its answers with the time it read them.
    const unstamped = (html: string) => html.replace(/"dataUpdatedAt":\d+/g, '"dataUpdatedAt":0');
    const plain = await home(listener);
    // Brotli where offered (every current browser), gzip otherwise (decision 0030).
    const br = await home(listener, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Language, Cookie, accept-encoding');
    expect(unstamped(brotliDecompressSync(br.rawPayload).toString())).toBe(unstamped(plain.body));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gzip = await home(listener, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(unstamped(gunzipSync(gzip.rawPayload).toString())).toBe(unstamped(plain.body));
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('renders the page into #root for its user and language, and preloads the strip pictures first', async () => {
    const { body } = await home(listener);
    expect(body).toContain(
      `<div id="root" data-lang="en" data-user="${listener.user._id}"><h1>en|Lior|1|1|josie</h1>`,
    );
    // Before anything else in <head> but the charset, so it is fetched before the app's scripts.
    expect(body).toMatch(
      /<meta charset="UTF-8" \/>\s*<link rel="preload" as="image" href="\/media\/avatars\/maya.webp" fetchpriority="high">/,
    );
  });

  it('renders it in Hebrew for a Hebrew browser once languages are on', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const flag = (value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/flags/language_select',
        headers: admin.auth,
        payload: { value },
      });
    expect((await flag('true')).statusCode).toBe(200);
    try {
      const { body } = await home(listener, { 'accept-language': 'he-IL,he;q=0.9' });
      expect(body).toContain('<html lang="he" dir="rtl" data-language-select="on">');
      expect(body).toContain('<h1>he|Lior|');
    } finally {
      await flag('false');
    }
  });

  it('serves the shell (/ with its canonical link) to visitors, to pages other than /, and where / is not the feed', async () => {
    expect((await home(null)).body).toBe(servedHome(ctx.config.publicUrl));
    const other = await ctx.app.inject({
      url: '/saved',
      headers: { cookie: listener.cookie },
    });
    expect(other.body).toBe(SERVED_SHELL);
    // Not onboarded yet (the app sends them to /onboarding), or an editor (sent to the dashboard).
    expect((await home(await buildUser(ctx))).body).toBe(servedHome(ctx.config.publicUrl));
    expect((await home(await buildUser(ctx, { role: 'editor' }))).body).toBe(
      servedHome(ctx.config.publicUrl),
    );
    expect((await home(null)).headers['cache-control']).toBe('no-cache');
  });

  it('treats a cookie whose session ended as none, and clears it', async () => {
    const leaving = await buildUser(ctx);
    expect((await onboard(leaving)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving.auth })).statusCode,
    ).toBe(200);
    const res = await home(leaving);
    expect(res.body).toBe(servedHome(ctx.config.publicUrl));
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0`));
    const forged = await ctx.app.inject({ url: '/', headers: { cookie: `${SESSION_COOKIE}=not-a-token` } });
    expect(forged.body).toBe(servedHome(ctx.config.publicUrl));
    // A bearer token is no page token.
    const bearer = await ctx.app.inject({
      url: '/',
      headers: { cookie: `${SESSION_COOKIE}=${listener.token}` },
    });
    expect(bearer.body).toBe(servedHome(ctx.config.publicUrl));
  });

  it('serves the shell, not an error, when a read fails (a user deleted behind the session cache)', async () => {
    const gone = await buildUser(ctx);
    expect((await onboard(gone)).statusCode).toBe(200);
    expect((await home(gone)).body).toContain(FIRST_PAINT_BLOCK_ID);
    // Deleted without the invalidation a deletion publishes: the cached session still names the user.
    await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
    const res = await home(gone);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(servedHome(ctx.config.publicUrl));
  });

  it("renders only a page being opened, through the service worker too: a script's fetch of / gets the shell", async () => {
    const opened = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
    expect((await home(listener, opened)).body).toContain(FIRST_PAINT_BLOCK_ID);
    // The service worker passes a navigation on with the destination `empty`.
    const relayed = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'empty' };
    expect((await home(listener, relayed)).body).toContain(FIRST_PAINT_BLOCK_ID);
    expect((await home(listener, { 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' })).body).toBe(
      servedHome(ctx.config.publicUrl),
    );
  });

  it('escapes what users wrote in every block, which reads back as written', async () => {
    const writer = await buildUser(ctx, { role: 'curator', name: 'Eve </script><!-- <b>' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const hostile = await buildJosieViaApi(ctx, writer, { title: '</script><script>alert(1)</script>' });
    await approveJosie(ctx, editor, hostile._id);
    const reader = await buildUser(ctx, { name: '<img src=x onerror=alert(1)>' });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/onboarding',
      headers: reader.auth,
      payload: { completed: true, step: 3, followed: [writer.user._id] },
    });
    const { body } = await home(reader);
    // One closing tag, the block's: no text ended it early. (The body holds the stand-in rendering,
    // which writes the name raw; the web build's rendering escapes it: prerender/homeFeedPage.test.tsx.)
    const head = body.split('<body>')[0] ?? '';
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(head).not.toContain('<img src=x');
    const feed = answer(body, HOME_FEED_KEYS.feed) as { pages: Array<{ posts: Array<{ title: string }> }> };
    expect(feed.pages[0]?.posts[0]?.title).toBe('</script><script>alert(1)</script>');
    const me = answer(body, HOME_FEED_KEYS.me) as { name: string } | undefined;
    expect(me?.name).toBe('<img src=x onerror=alert(1)>');
  });

  it('still writes the answers when the rendering fails', async () => {
    const other = await createWebTestContext(SHELL, {
      prepare: (webDir) => writePageRenderers(webDir, { homeFeedPage: "throw new Error('broken');" }),
    });
    try {
      const user = await buildUser(other);
      await other.app.inject({
        method: 'PUT',
        url: '/api/users/me/onboarding',
        headers: user.auth,
        payload: { completed: true, step: 3 },
      });
      const res = await other.app.inject({ url: '/', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(block(res.body)?.user).toBe(user.user._id);
      expect(answer(res.body, HOME_FEED_KEYS.feed)).toBeDefined();
    } finally {
      await other.close();
    }
  });
});
