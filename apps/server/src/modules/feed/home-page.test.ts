import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createTestContext, createUser, type TestContext, type TestUser } from '../../test/harness.js';
import { writePageRenderers } from '../../test/page-renderers.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { approveJosie, createJosie } from '../josies/testing.js';
import { HOME_FEED_READS } from './home-page.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Josie</title>
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The JSON of the page's data block for `path`, and the user it was written for. */
function block(html: string, path: string): { json: unknown; user: string | undefined } | undefined {
  const found = new RegExp(
    `<script type="application/json" data-first-answer="${path}"(?: data-user="([^"]*)")?>([^<]*)</script>`,
  ).exec(html);
  return found ? { user: found[1], json: JSON.parse(found[2] ?? '') } : undefined;
}

describe('the signed-in home page rendered by the server (issue 9, decision 0008)', () => {
  let ctx: TestContext;
  let webDir: string;
  let listener: TestUser;
  let curator: TestUser;

  const home = (user: TestUser | null, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      url: '/',
      headers: { ...(user ? { cookie: `${SESSION_COOKIE}=${user.token}` } : {}), ...headers },
    });
  const onboard = (user: TestUser) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/onboarding',
      headers: user.auth,
      payload: { completed: true, step: 3, followed: [curator.user._id] },
    });

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'josie-web-'));
    writeFileSync(join(webDir, 'index.html'), SHELL);
    // A stand-in for the web build's rendering: what it was given, in the language it was asked for.
    writePageRenderers(webDir, {
      homeFeedPage:
        "return '<h1>' + [language, answers['/api/users/me'].name, answers['/api/josies/feed'].data.posts.length, answers['/api/users/curators/feed'].curators.length, answers['/api/users/me/preferences'].preferences.theme].join('|') + '</h1>';",
    });
    ctx = await createTestContext({ WEB_DIST_DIR: webDir });
    curator = await createUser(ctx, { role: 'curator', name: 'Maya' });
    const editor = await createUser(ctx, { role: 'editor' });
    await ctx.database.db
      .update(users)
      .set({ avatarUrl: '/media/avatars/maya.webp' })
      .where(eq(users.id, curator.user._id));
    const josie = await createJosie(ctx, curator, { title: 'Rooftop' });
    await approveJosie(ctx, editor, josie._id);
    listener = await createUser(ctx, { name: 'Lior' });
    expect((await onboard(listener)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it("writes each first read's answer, exactly as the API answers it, for the session's user", async () => {
    const res = await home(listener);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('Accept-Language, Cookie');
    for (const path of Object.values(HOME_FEED_READS)) {
      const api = await ctx.app.inject({ url: path, headers: listener.auth });
      expect(block(res.body, path), path).toEqual({ user: listener.user._id, json: api.json() });
    }
    expect(res.body).not.toContain(listener.token);
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
    const admin = await createUser(ctx, { role: 'admin' });
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
      expect(body).toContain('<html lang="he" dir="rtl">');
      expect(body).toContain('<h1>he|Lior|');
    } finally {
      await flag('false');
    }
  });

  it('serves the shell unchanged to visitors, to pages other than /, and where / is not the feed', async () => {
    expect((await home(null)).body).toBe(SHELL);
    const other = await ctx.app.inject({
      url: '/saved',
      headers: { cookie: `${SESSION_COOKIE}=${listener.token}` },
    });
    expect(other.body).toBe(SHELL);
    // Not onboarded yet (the app sends them to /onboarding), or an editor (sent to the dashboard).
    expect((await home(await createUser(ctx))).body).toBe(SHELL);
    expect((await home(await createUser(ctx, { role: 'editor' }))).body).toBe(SHELL);
    expect((await home(null)).headers['cache-control']).toBe('no-cache');
  });

  it('treats a cookie whose session ended as none, and clears it', async () => {
    const leaving = await createUser(ctx);
    expect((await onboard(leaving)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: leaving.auth })).statusCode,
    ).toBe(200);
    const res = await home(leaving);
    expect(res.body).toBe(SHELL);
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=; Max-Age=0`));
    const forged = await ctx.app.inject({ url: '/', headers: { cookie: `${SESSION_COOKIE}=not-a-token` } });
    expect(forged.body).toBe(SHELL);
  });

  it('still writes the answers when the rendering fails', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'josie-web-'));
    writeFileSync(join(broken, 'index.html'), SHELL);
    writePageRenderers(broken, { homeFeedPage: "throw new Error('broken');" });
    const other = await createTestContext({ WEB_DIST_DIR: broken });
    try {
      const user = await createUser(other);
      await other.app.inject({
        method: 'PUT',
        url: '/api/users/me/onboarding',
        headers: user.auth,
        payload: { completed: true, step: 3 },
      });
      const res = await other.app.inject({
        url: '/',
        headers: { cookie: `${SESSION_COOKIE}=${user.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(block(res.body, HOME_FEED_READS.feed)?.user).toBe(user.user._id);
    } finally {
      await other.close();
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
