import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** Every admin route, with a payload an admin could send. */
const routes = (ids: { user: string; template: string; genre: string; interest: string }) =>
  [
    { method: 'GET', url: '/api/admin/stats' },
    { method: 'GET', url: '/api/admin/users?search=a&role=listener&page=1&pageSize=5' },
    { method: 'GET', url: `/api/admin/users/${ids.user}` },
    { method: 'PATCH', url: `/api/admin/users/${ids.user}`, payload: { role: 'curator' } },
    { method: 'DELETE', url: `/api/admin/users/${ids.user}` },
    { method: 'GET', url: '/api/admin/templates' },
    {
      method: 'PUT',
      url: `/api/admin/templates/${ids.template}`,
      payload: { name: 'N', content: 'C {{x}}', baseVersion: 1 },
    },
    { method: 'GET', url: '/api/admin/preferences' },
    { method: 'POST', url: '/api/admin/preferences/genres', payload: { name: 'Shoegaze' } },
    { method: 'DELETE', url: `/api/admin/preferences/genres/${ids.genre}` },
    { method: 'POST', url: '/api/admin/preferences/interests', payload: { name: 'Karaoke' } },
    { method: 'DELETE', url: `/api/admin/preferences/interests/${ids.interest}` },
    { method: 'GET', url: '/api/admin/messages' },
  ] as const;

describe('admin routes: access by role', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const others: Record<'listener' | 'curator' | 'editor', TestUser | undefined> = {
    listener: undefined,
    curator: undefined,
    editor: undefined,
  };
  let list: ReturnType<typeof routes>;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await buildUser(ctx, { role: 'admin' });
    others.listener = await buildUser(ctx, { role: 'listener' });
    others.curator = await buildUser(ctx, { role: 'curator' });
    others.editor = await buildUser(ctx, { role: 'editor' });
    const target = await buildUser(ctx);
    const templates = (await ctx.app.inject({ url: '/api/admin/templates', headers: admin.auth })).json();
    const prefs = (await ctx.app.inject({ url: '/api/admin/preferences', headers: admin.auth })).json();
    list = routes({
      user: target.user._id,
      template: templates.templates[0]._id,
      genre: prefs.genres[0]._id,
      interest: prefs.interests[0]._id,
    });
  });
  afterAll(() => ctx.close());

  it('refuses visitors with 401 on every route', async () => {
    for (const route of list) {
      const res = await ctx.app.inject({ ...route });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
  });

  for (const role of ['listener', 'curator', 'editor'] as const) {
    it(`refuses a ${role} with 403 on every route and changes nothing`, async () => {
      for (const route of list) {
        const res = await ctx.app.inject({ ...route, headers: others[role]!.auth });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'Unauthorized access', code: 'FORBIDDEN' });
      }
      const prefs = (await ctx.app.inject({ url: '/api/admin/preferences', headers: admin.auth })).json();
      expect(prefs.genres.map((g: { name: string }) => g.name)).not.toContain('Shoegaze');
    });
  }

  it('lets an admin through on every route', async () => {
    for (const route of list) {
      const res = await ctx.app.inject({ ...route, headers: admin.auth });
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBeLessThan(300);
    }
  });
});
