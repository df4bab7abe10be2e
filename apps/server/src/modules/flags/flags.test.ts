import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('feature flags', () => {
  let ctx: TestContext;
  let admin: TestUser;
  let editor: TestUser;
  let listener: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await buildUser(ctx, { role: 'admin' });
    editor = await buildUser(ctx, { role: 'editor' });
    listener = await buildUser(ctx);
  });
  afterAll(() => ctx.close());

  it('answers the flags as strings with their defaults, to anyone', async () => {
    const res = await ctx.app.inject({ url: '/api/config/flags' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      language_select: 'false',
      editor_advanced_mode: 'false',
      audio_input_url_mode: 'true',
      comments: 'true',
      studio: 'true',
    });
  });

  it('lets an admin change one flag, and everyone reads the new string', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/language_select',
      headers: admin.auth,
      payload: { value: 'true' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().language_select).toBe('true');
    expect((await ctx.app.inject({ url: '/api/config/flags' })).json().language_select).toBe('true');
  });

  it('falls back to the default when a flag is stored empty', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/flags/audio_input_url_mode',
      headers: admin.auth,
      payload: { value: '' },
    });
    expect((await ctx.app.inject({ url: '/api/config/flags' })).json().audio_input_url_mode).toBe('true');
  });

  it('refuses visitors (401), listeners and editors (403), unknown keys (400)', async () => {
    const put = (headers: Record<string, string>, key = 'language_select') =>
      ctx.app.inject({ method: 'PUT', url: `/api/admin/flags/${key}`, headers, payload: { value: 'false' } });
    expect((await put({})).statusCode).toBe(401);
    expect((await put(listener.auth)).statusCode).toBe(403);
    expect((await put(editor.auth)).statusCode).toBe(403);
    expect((await put(admin.auth, 'not_a_flag')).statusCode).toBe(400);
  });
});
