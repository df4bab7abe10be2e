import { NOTIFICATION_DEFAULTS, PreferencesResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genres, users } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('preferences and notification settings', () => {
  let ctx: TestContext;
  let listener: TestUser;
  let curator: TestUser;

  const call = async (method: 'GET' | 'PUT', url: string, user: TestUser | null, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: user ? user.auth : {}, payload });
    return { status: res.statusCode, body: res.json() };
  };
  const putPreferences = (user: TestUser | null, payload: object) =>
    call('PUT', '/api/users/me/preferences', user, payload);

  beforeAll(async () => {
    ctx = await createTestContext();
    listener = await buildUser(ctx);
    curator = await buildUser(ctx, { role: 'curator' });
  });
  afterAll(() => ctx.close());

  it('answers the defaults for a new user', async () => {
    const res = await call('GET', '/api/users/me/preferences', listener);
    expect(PreferencesResponse.parse(res.body)).toEqual({
      success: true,
      preferences: { theme: 'josie', genres: [], interests: [], myFont: '', myColor: '' },
    });
  });

  it('stores genres and interests in the live spelling, keeping what was not sent', async () => {
    await putPreferences(listener, { genres: [], interests: [], theme: 'vibrant' });
    const res = await putPreferences(listener, {
      genres: ['jazz', 'HipHop', 'Jazz'],
      interests: ['concerts', 'DJing'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      preferences: {
        theme: 'vibrant',
        genres: ['Jazz', 'HipHop'],
        interests: ['Concerts', 'DJing'],
        myFont: '',
        myColor: '',
      },
    });
    const me = await ctx.app.inject({ url: '/api/users/me', headers: listener.auth });
    expect(me.json().preferences.genres).toEqual(['Jazz', 'HipHop']);
  });

  it('checks genres and interests against the live lists (400 naming the unknown ones)', async () => {
    const unknown = await putPreferences(listener, { genres: ['Jazz', 'Polka', 'Yodel'], interests: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ message: 'Unknown genres: Polka, Yodel', code: 'UNKNOWN_LIST_ENTRY' });
    const interest = await putPreferences(listener, { genres: [], interests: ['Knitting'] });
    expect(interest.body).toEqual({ message: 'Unknown interest: Knitting', code: 'UNKNOWN_LIST_ENTRY' });
    // A genre an admin removed is no longer accepted.
    await ctx.database.db.delete(genres).where(eq(genres.name, 'Disco'));
    expect((await putPreferences(listener, { genres: ['Disco'], interests: [] })).status).toBe(400);
  });

  it('lets curators choose a catalogue font and colour', async () => {
    const res = await putPreferences(curator, {
      genres: ['Rock'],
      interests: [],
      myFont: 'Permanent Marker',
      myColor: 'Light Blue',
    });
    expect(res.body.preferences).toMatchObject({ myFont: 'Permanent Marker', myColor: 'Light Blue' });
    const cleared = await putPreferences(curator, { genres: ['Rock'], interests: [], myColor: '' });
    expect(cleared.body.preferences).toMatchObject({ myFont: 'Permanent Marker', myColor: '' });
  });

  it('refuses fonts and colours outside the catalogue (400)', async () => {
    const font = await putPreferences(curator, { genres: [], interests: [], myFont: 'Comic Sans MS' });
    expect(font.status).toBe(400);
    expect(font.body.message).toContain('Unknown font: Comic Sans MS');
    const colour = await putPreferences(curator, { genres: [], interests: [], myColor: '#123456' });
    expect(colour.status).toBe(400);
    expect(colour.body.message).toContain('Unknown colour: #123456');
  });

  it('refuses a font or colour change from a non-curator (403), but accepts empty or unchanged ones', async () => {
    for (const role of ['listener', 'editor', 'admin'] as const) {
      const user = role === 'listener' ? listener : await buildUser(ctx, { role });
      const res = await putPreferences(user, { genres: [], interests: [], myFont: 'Anton' });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({
        message: 'Only curators can choose a font and a colour',
        code: 'FORBIDDEN',
      });
    }
    expect(
      (await putPreferences(listener, { genres: [], interests: [], myFont: '', myColor: '' })).status,
    ).toBe(200);
    // A former curator's stored font may be sent back unchanged.
    await ctx.database.db
      .update(users)
      .set({ preferences: { myFont: 'Anton' } })
      .where(eq(users.id, listener.user._id));
    expect((await putPreferences(listener, { genres: [], interests: [], myFont: 'Anton' })).status).toBe(200);
  });

  it('validates the body (400) and refuses visitors (401)', async () => {
    for (const payload of [
      {},
      { genres: ['Jazz'] },
      { genres: 'Jazz', interests: [] },
      { genres: [''], interests: [] },
      { genres: [], interests: [], theme: 'dark' },
    ]) {
      const res = await putPreferences(listener, payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await call('GET', '/api/users/me/preferences', null)).status).toBe(401);
    expect((await putPreferences(null, { genres: [], interests: [] })).status).toBe(401);
  });

  it('changes notification switches one at a time', async () => {
    const user = await buildUser(ctx);
    const url = '/api/users/me/notification-settings';
    expect((await call('PUT', url, user, { allowEmails: false })).body.data).toMatchObject({
      allowPushNotifications: true,
      allowEmails: false,
      digest: 'off',
      kinds: NOTIFICATION_DEFAULTS,
    });
    expect((await call('PUT', url, user, { allowPushNotifications: false })).body.data).toMatchObject({
      allowPushNotifications: false,
      allowEmails: false,
    });
    expect((await call('PUT', url, user, {})).body.data).toMatchObject({
      allowPushNotifications: false,
      allowEmails: false,
    });
    const me = await ctx.app.inject({ url: '/api/users/me', headers: user.auth });
    expect(me.json().notificationSettings).toMatchObject({
      allowPushNotifications: false,
      allowEmails: false,
    });
    // Kinds (docs/decisions/0024-notifications-centre.md): one channel at a time, merged into the stored ones.
    await call('PUT', url, user, { kinds: { likes: { push: true } } });
    const both = await call('PUT', url, user, { kinds: { likes: { inApp: false } }, digest: 'daily' });
    expect(both.body.data.kinds.likes).toEqual({ inApp: false, email: false, push: true });
    expect(both.body.data.digest).toBe('daily');
    expect(both.body.data.allowEmails).toBe(false);
    expect((await call('PUT', url, user, { kinds: { likes: { email: true } } })).status).toBe(400);
    expect((await call('PUT', url, user, { kinds: { 'contact-message': { push: true } } })).status).toBe(400);
    expect((await call('PUT', url, user, { allowEmails: 'no' })).status).toBe(400);
    expect((await call('PUT', url, null, { allowEmails: true })).status).toBe(401);
  });
});

describe('live preference options', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers the seeded genres and interests, sorted, to anyone', async () => {
    const res = await ctx.app.inject({ url: '/api/preferences/options' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.genres).toHaveLength(20);
    expect(body.interests).toHaveLength(12);
    const names = body.genres.map((g: { name: string }) => g.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  it('no longer offers a genre an admin removed', async () => {
    const admin = await buildUser(ctx, { role: 'admin' });
    const [pop] = await ctx.database.db.select().from(genres).where(eq(genres.name, 'Pop'));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/preferences/genres/${pop!.id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    const body = (await ctx.app.inject({ url: '/api/preferences/options' })).json();
    expect(body.genres.map((g: { name: string }) => g.name)).not.toContain('Pop');
  });
});
