import { BIO_MAX_LENGTH, ProfileUpdateResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

const PROFILE = '/api/users/me/profile';

describe('PUT /api/users/me/profile', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '10000' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  const put = (payload: unknown, user?: TestUser) =>
    ctx.app.inject({
      method: 'PUT',
      url: PROFILE,
      payload: payload as object,
      ...(user ? { headers: user.auth } : {}),
    });
  const storedUser = async (id: string) =>
    (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('saves the trimmed bio, shown on the public profile, and answers the user', async () => {
    const user = await buildUser(ctx, { name: 'Dana' });
    const res = await put({ bio: '  Late-night synth lists.\nTel Aviv.  ' }, user);
    expect(res.statusCode).toBe(200);
    const { user: answered } = ProfileUpdateResponse.parse(res.json());
    expect(answered).toMatchObject({
      _id: user.user._id,
      name: 'Dana',
      bio: 'Late-night synth lists.\nTel Aviv.',
    });

    const viewer = await buildUser(ctx);
    const profile = await ctx.app.inject({ url: `/api/users/${user.user._id}`, headers: viewer.auth });
    expect(profile.json()).toMatchObject({ name: 'Dana', bio: 'Late-night synth lists.\nTel Aviv.' });
    const me = await ctx.app.inject({ url: '/api/users/me', headers: user.auth });
    expect(me.json().bio).toBe('Late-night synth lists.\nTel Aviv.');

    const cleared = await put({ bio: '   ' }, user);
    expect(cleared.json().user.bio).toBe('');
    expect((await storedUser(user.user._id)).bio).toBe('');
  });

  it('renames when a name is given and keeps the name otherwise', async () => {
    const user = await buildUser(ctx, { name: 'Old Name' });
    const renamed = await put({ bio: 'Hi', name: '  New Name ' }, user);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user).toMatchObject({ name: 'New Name', bio: 'Hi' });
    const kept = await put({ bio: 'Hello' }, user);
    expect(kept.json().user).toMatchObject({ name: 'New Name', bio: 'Hello' });
  });

  it(`accepts ${BIO_MAX_LENGTH} characters after trimming and refuses more`, async () => {
    const user = await buildUser(ctx);
    const longest = 'a'.repeat(BIO_MAX_LENGTH);
    const ok = await put({ bio: `  ${longest}\n` }, user);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.bio).toBe(longest);

    const res = await put({ bio: `${longest}b` }, user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: `Invalid body.bio: Bio must be at most ${BIO_MAX_LENGTH} characters`,
      code: 'VALIDATION_ERROR',
    });
    expect((await storedUser(user.user._id)).bio).toBe(longest);
  });

  it('refuses invalid bodies with 400 and changes nothing', async () => {
    const user = await buildUser(ctx, { name: 'Stays' });
    const cases: Array<[string, unknown, string]> = [
      ['no bio', { name: 'X' }, 'body.bio'],
      ['a bio that is not text', { bio: 42 }, 'body.bio'],
      ['a blank name', { bio: 'ok', name: '   ' }, 'body.name'],
      ['a name over 100 characters', { bio: 'ok', name: 'n'.repeat(101) }, 'body.name'],
      ['a name that is not text', { bio: 'ok', name: null }, 'body.name'],
    ];
    for (const [label, payload, path] of cases) {
      const res = await put(payload, user);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().code, label).toBe('VALIDATION_ERROR');
      expect(res.json().issues[0].path, label).toBe(path);
    }
    expect((await put({ bio: 'ok', name: '   ' }, user)).json().message).toBe(
      'Invalid body.name: Name is required',
    );
    const row = await storedUser(user.user._id);
    expect([row.name, row.bio]).toEqual(['Stays', '']);
  });

  it('ignores fields it does not own (no role or email change through the profile)', async () => {
    const user = await buildUser(ctx);
    const res = await put(
      { bio: 'mine', role: 'admin', email: 'taken@example.test', avatar: '/media/x.webp' },
      user,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      role: 'listener',
      email: user.user.email,
      avatar: null,
      bio: 'mine',
    });
  });

  it('only changes the signed-in user and refuses visitors with 401', async () => {
    const a = await buildUser(ctx);
    const b = await buildUser(ctx);
    await put({ bio: 'A here' }, a);
    expect((await storedUser(b.user._id)).bio).toBe('');
    const visitor = await put({ bio: 'anyone?' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({
      message: 'No authentication credentials provided',
      code: 'UNAUTHENTICATED',
    });
  });
});
