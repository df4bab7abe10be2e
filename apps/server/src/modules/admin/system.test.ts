import {
  type AdminPreferenceItem,
  type AdminTemplate,
  GENRES,
  INTERESTS,
  templateVariables,
} from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers, type PreferencesColumn, users } from '../../db/schema.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('admin: templates, genre and interest lists, messages', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin.auth, ...(payload ? { payload } : {}) });
  const names = (items: AdminPreferenceItem[]) => items.map((i) => i.name);

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await buildUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  describe('AI templates', () => {
    it('finds the distinct {{variables}} of a template in order of first use', () => {
      expect(
        templateVariables('A {{style}} cover of {{ prompt }}, {{style}} again; {{ }} and {x} are not'),
      ).toEqual(['style', 'prompt']);
      expect(templateVariables('no variables')).toEqual([]);
    });

    it('lists the seeded templates by name with their variables', async () => {
      const res = await call('GET', '/api/admin/templates');
      expect(res.statusCode).toBe(200);
      const { templates } = res.json() as { templates: AdminTemplate[] };
      expect(templates.map((t) => t.name)).toEqual([
        'Album cover style',
        'Enticing title',
        'Image from text',
        'Image prompt from josie',
      ]);
      expect(templates.find((t) => t.key === 'image-prompt-from-josie')).toMatchObject({
        _id: expect.any(String),
        variables: ['title', 'text'],
      });
      expect(templates.find((t) => t.key === 'album-cover-style')?.variables).toEqual(['style', 'prompt']);
    });

    it('updates name and content (trimmed), ignoring the other fields the page sends back', async () => {
      const { templates } = (await call('GET', '/api/admin/templates')).json() as {
        templates: AdminTemplate[];
      };
      const title = templates.find((t) => t.key === 'enticing-title')!;
      const res = await call('PUT', `/api/admin/templates/${title._id}`, {
        ...title,
        key: 'hijacked',
        version: 99,
        name: '  Catchy title  ',
        content: ' Title for {{text}} in {{language}} ',
        baseVersion: title.version,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        _id: title._id,
        key: 'enticing-title',
        name: 'Catchy title',
        content: 'Title for {{text}} in {{language}}',
        variables: ['text', 'language'],
        version: title.version + 1,
      });
      const again = (await call('GET', '/api/admin/templates')).json() as { templates: AdminTemplate[] };
      expect(again.templates.find((t) => t._id === title._id)?.name).toBe('Catchy title');
    });

    it('refuses a save based on a version another save moved past (409 STALE_VERSION), writing nothing', async () => {
      // Two tabs open the same template (docs/decisions/0041-edits-carry-their-version.md).
      const { templates } = (await call('GET', '/api/admin/templates')).json() as {
        templates: AdminTemplate[];
      };
      const opened = templates.find((t) => t.key === 'image-from-text')!;
      const first = await call('PUT', `/api/admin/templates/${opened._id}`, {
        name: 'First tab',
        content: 'First {{text}}',
        baseVersion: opened.version,
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ name: 'First tab', version: opened.version + 1 });

      const second = await call('PUT', `/api/admin/templates/${opened._id}`, {
        name: 'Second tab',
        content: 'Second {{text}}',
        baseVersion: opened.version,
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({
        message:
          'This template was changed since you opened it: load it again, or save again with its current version',
        code: 'STALE_VERSION',
      });
      const stored = async () =>
        ((await call('GET', '/api/admin/templates')).json() as { templates: AdminTemplate[] }).templates.find(
          (t) => t._id === opened._id,
        );
      expect(await stored()).toMatchObject({
        name: 'First tab',
        content: 'First {{text}}',
        version: opened.version + 1,
      });

      // Overwriting is a save based on the version read again.
      const reread = (await stored())!;
      const overwrite = await call('PUT', `/api/admin/templates/${opened._id}`, {
        name: 'Second tab',
        content: 'Second {{text}}',
        baseVersion: reread.version,
      });
      expect(overwrite.statusCode, overwrite.body).toBe(200);
      expect(await stored()).toMatchObject({ name: 'Second tab', version: opened.version + 2 });
    });

    // PGlite is one connection: its transactions never overlap, so only PostgreSQL can race two saves.
    it.skipIf(!process.env.TEST_DATABASE_URL)(
      'lets exactly one of two concurrent saves from one version win (PostgreSQL only)',
      async () => {
        const { templates } = (await call('GET', '/api/admin/templates')).json() as {
          templates: AdminTemplate[];
        };
        const target = templates.find((t) => t.key === 'album-cover-style')!;
        let base = target.version;
        for (let round = 0; round < 5; round++) {
          const results = await Promise.all(
            ['A', 'B'].map((tab) =>
              call('PUT', `/api/admin/templates/${target._id}`, {
                name: `Round ${round}, tab ${tab}`,
                content: 'A {{style}} cover',
                baseVersion: base,
              }),
            ),
          );
          expect(results.map((r) => r.statusCode).sort(), `round ${round}`).toEqual([200, 409]);
          base += 1;
        }
      },
    );

    it('refuses a blank name or content (400) and answers 404 for unknown or malformed ids', async () => {
      const { templates } = (await call('GET', '/api/admin/templates')).json() as {
        templates: AdminTemplate[];
      };
      const id = templates[0]!._id;
      for (const payload of [
        { name: '   ', content: 'x', baseVersion: 1 },
        { name: 'x', content: '  ', baseVersion: 1 },
        { name: 'x', baseVersion: 1 },
        { name: 'x', content: 'y' },
        { name: 'x', content: 'y', baseVersion: 0 },
      ]) {
        const res = await call('PUT', `/api/admin/templates/${id}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      for (const bad of [crypto.randomUUID(), 'enticing-title']) {
        const res = await call('PUT', `/api/admin/templates/${bad}`, {
          name: 'x',
          content: 'y',
          baseVersion: 1,
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Template not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('genres and interests', () => {
    it('lists both seeded catalogues by name', async () => {
      const res = await call('GET', '/api/admin/preferences');
      expect(res.statusCode).toBe(200);
      const body = res.json() as { genres: AdminPreferenceItem[]; interests: AdminPreferenceItem[] };
      const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());
      expect(names(body.genres)).toEqual([...GENRES].sort(byName));
      expect(names(body.interests)).toEqual([...INTERESTS].sort(byName));
      expect(body.genres[0]).toEqual({ _id: expect.any(String), name: 'Alternative' });
    });

    it('adds a trimmed genre (201, added: true) and ignores a blank one (200, added: false)', async () => {
      const added = await call('POST', '/api/admin/preferences/genres', { name: '  Shoegaze  ' });
      expect(added.statusCode).toBe(201);
      expect(added.json().added).toBe(true);
      expect(names(added.json().genres)).toContain('Shoegaze');
      expect(added.json().genres).toHaveLength(GENRES.length + 1);

      const blank = await call('POST', '/api/admin/preferences/genres', { name: '   ' });
      expect(blank.statusCode).toBe(200);
      expect(blank.json()).toEqual({ genres: added.json().genres, added: false });

      const interest = await call('POST', '/api/admin/preferences/interests', { name: 'Karaoke' });
      expect(interest.statusCode).toBe(201);
      expect(interest.json()).toMatchObject({ added: true });
      expect(names(interest.json().interests)).toContain('Karaoke');
      const blankInterest = await call('POST', '/api/admin/preferences/interests', { name: '' });
      expect(blankInterest.json()).toMatchObject({ added: false });
      expect(blankInterest.json().interests).toHaveLength(INTERESTS.length + 1);
    });

    it('refuses a duplicate, compared case-insensitively, with 409 naming the stored entry', async () => {
      const dup = await call('POST', '/api/admin/preferences/genres', { name: ' pop ' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ message: 'Genre "Pop" already exists', code: 'DUPLICATE_NAME' });
      const dupInterest = await call('POST', '/api/admin/preferences/interests', { name: 'DJING' });
      expect(dupInterest.statusCode).toBe(409);
      expect(dupInterest.json().message).toBe('Interest "DJing" already exists');
      const body = (await call('GET', '/api/admin/preferences')).json();
      expect(body.genres).toHaveLength(GENRES.length + 1);
    });

    it('refuses a missing or overlong name with 400', async () => {
      expect((await call('POST', '/api/admin/preferences/genres', {})).statusCode).toBe(400);
      expect(
        (await call('POST', '/api/admin/preferences/genres', { name: 'x'.repeat(101) })).statusCode,
      ).toBe(400);
    });

    it("removes a genre from the list and from every user's chosen genres, in one go", async () => {
      const db = ctx.database.db;
      const [a, b, c] = [await buildUser(ctx), await buildUser(ctx), await buildUser(ctx)];
      const setPrefs = (u: TestUser, preferences: PreferencesColumn) =>
        db.update(users).set({ preferences }).where(eq(users.id, u.user._id));
      await setPrefs(a, {
        theme: 'classic',
        genres: ['Rock', 'Pop', 'Jazz'],
        interests: ['Pop'],
        myFont: 'Anton',
      });
      await setPrefs(b, { genres: ['POP'] });
      await setPrefs(c, { interests: ['Podcasts'] });
      const prefsOf = async (u: TestUser) =>
        (await db.select({ p: users.preferences }).from(users).where(eq(users.id, u.user._id)))[0]?.p;

      const { genres } = (await call('GET', '/api/admin/preferences')).json();
      const pop = genres.find((g: AdminPreferenceItem) => g.name === 'Pop');
      const res = await call('DELETE', `/api/admin/preferences/genres/${pop._id}`);
      expect(res.statusCode).toBe(200);
      expect(names(res.json().genres)).not.toContain('Pop');
      expect(res.json().genres).toHaveLength(genres.length - 1);

      expect(await prefsOf(a)).toEqual({
        theme: 'classic',
        genres: ['Rock', 'Jazz'],
        interests: ['Pop'],
        myFont: 'Anton',
      });
      expect(await prefsOf(b)).toEqual({ genres: [] });
      expect(await prefsOf(c)).toEqual({ interests: ['Podcasts'] });
      // What the user reads back through the preferences merge.
      expect(
        (await ctx.app.inject({ url: '/api/users/me', headers: a.auth })).json().preferences.genres,
      ).toEqual(['Rock', 'Jazz']);

      const { interests } = (await call('GET', '/api/admin/preferences')).json();
      const podcasts = interests.find((i: AdminPreferenceItem) => i.name === 'Podcasts');
      const removed = await call('DELETE', `/api/admin/preferences/interests/${podcasts._id}`);
      expect(removed.statusCode).toBe(200);
      expect(names(removed.json().interests)).not.toContain('Podcasts');
      expect(await prefsOf(c)).toEqual({ interests: [] });
      expect((await prefsOf(a))?.interests).toEqual(['Pop']);
    });

    it('answers 404 for an unknown or malformed id, and for an id of the other list', async () => {
      const { interests } = (await call('GET', '/api/admin/preferences')).json();
      for (const id of [crypto.randomUUID(), 'Pop', interests[0]._id]) {
        const res = await call('DELETE', `/api/admin/preferences/genres/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Genre not found', code: 'NOT_FOUND' });
      }
      const res = await call('DELETE', `/api/admin/preferences/interests/${crypto.randomUUID()}`);
      expect(res.json()).toEqual({ message: 'Interest not found', code: 'NOT_FOUND' });
    });
  });

  describe('messages', () => {
    it('answers contact messages and newsletter subscribers, newest first', async () => {
      const empty = (await call('GET', '/api/admin/messages')).json();
      expect(empty).toEqual({ contactMessages: [], newsletterSubscribers: [] });

      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: 'Rina', email: 'rina@example.test', message: 'Love the app' },
      });
      expect(sent.statusCode).toBe(201);
      const db = ctx.database.db;
      await db.insert(contactMessages).values({
        name: 'Old',
        email: 'old@example.test',
        message: 'Earlier',
        createdAt: new Date(Date.now() - 86_400_000),
      });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email: 'News@Example.test' },
      });
      await db
        .insert(newsletterSubscribers)
        .values({ email: 'early@example.test', createdAt: new Date(Date.now() - 86_400_000) });

      const res = await call('GET', '/api/admin/messages');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.contactMessages).toHaveLength(2);
      expect(body.contactMessages[0]).toEqual({
        _id: expect.any(String),
        name: 'Rina',
        email: 'rina@example.test',
        message: 'Love the app',
        createdAt: expect.any(String),
      });
      expect(body.contactMessages[1].name).toBe('Old');
      expect(body.newsletterSubscribers.map((s: { email: string }) => s.email)).toEqual([
        'news@example.test',
        'early@example.test',
      ]);
      expect(body.newsletterSubscribers[0]).toEqual({
        _id: expect.any(String),
        email: 'news@example.test',
        createdAt: expect.any(String),
      });
    });
  });
});
