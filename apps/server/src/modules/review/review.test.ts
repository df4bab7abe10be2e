import type { Josie } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { josieReviews, josies } from '../../db/schema.js';
import { createEventBus } from '../../realtime/bus.js';
import {
  approveJosie,
  buildJosieViaApi,
  buildUser,
  rejectJosie,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { countQueries } from '../../test/queries.js';
import { fullParagraphs } from '../josies/testing.js';

type Role = 'visitor' | 'listener' | 'curator' | 'editor' | 'admin';

describe('review queue', () => {
  let ctx: TestContext;
  let users: Record<Exclude<Role, 'visitor'>, TestUser>;
  const published: { josieId: string; creatorId: string }[] = [];
  const headers = (role: Role) => (role === 'visitor' ? {} : users[role].auth);
  const approve = (role: Role, id: string) =>
    ctx.app.inject({ method: 'PUT', url: `/api/josies/${id}/approve`, headers: headers(role) });
  const reject = (role: Role, id: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/josies/${id}/reject`, headers: headers(role), payload });
  const pending = (role: Role) => ctx.app.inject({ url: '/api/josies/pending', headers: headers(role) });

  beforeAll(async () => {
    // The app's bus, substituted so that the test hears the domain events published after commit.
    const bus = createEventBus(() => {});
    ctx = await createTestContext({}, { bus });
    bus.subscribe('josie.published', (payload) => {
      published.push(payload);
    });
    users = {
      listener: await buildUser(ctx),
      curator: await buildUser(ctx, { role: 'curator' }),
      editor: await buildUser(ctx, { role: 'editor' }),
      admin: await buildUser(ctx, { role: 'admin' }),
    };
  });
  afterAll(() => ctx.close());

  describe('GET /api/josies/pending', () => {
    it('lists pending josies only, longest waiting first, as data.posts', async () => {
      const first = await buildJosieViaApi(ctx, users.curator, { title: 'First' });
      const second = await buildJosieViaApi(ctx, users.curator, { title: 'Second' });
      const gone = await buildJosieViaApi(ctx, users.curator, { title: 'Approved' });
      await approveJosie(ctx, users.editor, gone._id);
      const res = await pending('editor');
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data.posts as Josie[]).map((p) => p._id);
      expect(ids).toEqual([first._id, second._id]);
      // An edit moves a josie to the back of the queue (its wait starts again).
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${first._id}`,
        headers: users.curator.auth,
        payload: { title: 'First, edited', paragraphs: fullParagraphs(), baseVersion: first.version },
      });
      const after = (await pending('admin')).json().data.posts as Josie[];
      expect(after.map((p) => p._id)).toEqual([second._id, first._id]);
      for (const p of after) await approveJosie(ctx, users.admin, p._id);
    });

    it.each([
      ['visitor', 401],
      ['listener', 403],
      ['curator', 403],
    ] as const)('refuses a %s with %i', async (role, status) => {
      expect((await pending(role)).statusCode).toBe(status);
    });

    it('uses the same number of queries for 1 pending josie and for 6', async () => {
      // Starts from an empty queue, so a retried attempt counts the same josies as the first.
      for (const p of (await pending('editor')).json().data.posts as Josie[]) {
        await approveJosie(ctx, users.editor, p._id);
      }
      await buildJosieViaApi(ctx, users.curator);
      // Once before counting, so both counts find the editor's session in the session cache.
      await pending('editor');
      const one = await countQueries(ctx, () => pending('editor'));
      for (let i = 0; i < 5; i += 1) await buildJosieViaApi(ctx, users.curator);
      const six = await countQueries(ctx, () => pending('editor'));
      expect((await pending('editor')).json().data.posts).toHaveLength(6);
      // The list, then the presenter's creators, review histories, and the viewer's likes and saves
      // together, whatever the number of josies.
      expect(six).toBe(one);
      expect(one).toBeLessThanOrEqual(5);
      for (const p of (await pending('editor')).json().data.posts as Josie[]) {
        await approveJosie(ctx, users.editor, p._id);
      }
    });
  });

  describe('PUT /api/josies/:id/approve', () => {
    it('publishes, sets published_at, appends an approved review and announces it after commit', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      published.length = 0;
      const before = Date.now();
      const res = await approve('editor', josie._id);
      expect(res.statusCode).toBe(200);
      const body = res.json() as Josie;
      expect(body.status).toBe('published');
      expect(Date.parse(body.publishedAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(body.reviews).toEqual([
        {
          reviewedAt: expect.any(String),
          reviewedBy: users.editor.user._id,
          action: 'approved',
          rejectionReason: null,
        },
      ]);
      await vi.waitFor(() =>
        expect(published).toEqual([{ josieId: josie._id, creatorId: users.curator.user._id }]),
      );
      // Now public, and gone from the queue.
      expect((await ctx.app.inject({ url: `/api/josies/${josie._id}` })).statusCode).toBe(200);
      const queue = (await pending('editor')).json().data.posts as Josie[];
      expect(queue.map((p) => p._id)).not.toContain(josie._id);
    });

    it('keeps the first publication time when an edited josie is approved again', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      const first = await approveJosie(ctx, users.editor, josie._id);
      await ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${josie._id}`,
        headers: users.curator.auth,
        payload: { title: 'Edited', paragraphs: [], baseVersion: josie.version },
      });
      const [row] = await ctx.database.db.select().from(josies).where(eq(josies.id, josie._id));
      expect(row!.status).toBe('pending');
      const again = await approveJosie(ctx, users.admin, josie._id);
      expect(again.publishedAt).toBe(first.publishedAt);
      expect(again.reviews.map((r) => r.action)).toEqual(['approved', 'approved']);
    });

    it('answers 409 for a josie that is not pending, and changes nothing', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      await approveJosie(ctx, users.editor, josie._id);
      const res = await approve('admin', josie._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'Only pending josies can be reviewed; this one is published',
        code: 'CONFLICT',
      });
      const rejected = await buildJosieViaApi(ctx, users.curator);
      await rejectJosie(ctx, users.editor, rejected._id, 'No');
      expect((await approve('editor', rejected._id)).statusCode).toBe(409);
      const reviews = await ctx.database.db
        .select()
        .from(josieReviews)
        .where(eq(josieReviews.josieId, josie._id));
      expect(reviews).toHaveLength(1);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      expect((await approve('editor', crypto.randomUUID())).statusCode).toBe(404);
      expect((await approve('editor', 'abc')).statusCode).toBe(404);
    });

    it.each([
      ['visitor', 401],
      ['listener', 403],
      ['curator', 403],
    ] as const)('refuses a %s with %i', async (role, status) => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      expect((await approve(role, josie._id)).statusCode).toBe(status);
      expect((await reject(role, josie._id, { rejectionReason: 'x' })).statusCode).toBe(status);
      const [row] = await ctx.database.db.select().from(josies).where(eq(josies.id, josie._id));
      expect(row!.status).toBe('pending');
    });
  });

  describe('PUT /api/josies/:id/reject', () => {
    it('rejects with the trimmed reason and appends the review; the creator resubmits', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      const res = await reject('admin', josie._id, {
        rejectionReason: '  Please add a few words about the song.  ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Please add a few words about the song.',
        publishedAt: null,
        reviews: [
          {
            reviewedBy: users.admin.user._id,
            action: 'rejected',
            rejectionReason: 'Please add a few words about the song.',
          },
        ],
      });
      // Hidden from the public, visible to its creator with the reason.
      expect((await ctx.app.inject({ url: `/api/josies/${josie._id}` })).statusCode).toBe(404);
      const own = await ctx.app.inject({ url: `/api/josies/${josie._id}`, headers: users.curator.auth });
      expect(own.json().rejectionReason).toBe('Please add a few words about the song.');

      const resubmitted = await ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${josie._id}`,
        headers: users.curator.auth,
        payload: {
          title: 'Better',
          paragraphs: fullParagraphs('A few words about the song.'),
          baseVersion: josie.version,
        },
      });
      expect(resubmitted.json().status).toBe('pending');
      await reject('editor', josie._id, { rejectionReason: 'Still too short' });
      expect((await approve('editor', josie._id)).statusCode).toBe(409); // rejected again: not pending
      const history = (
        await ctx.app.inject({ url: `/api/josies/${josie._id}`, headers: users.editor.auth })
      ).json();
      expect(history.reviews.map((r: { rejectionReason: string }) => r.rejectionReason)).toEqual([
        'Please add a few words about the song.',
        'Still too short',
      ]);
      expect(history.rejectionReason).toBe('Still too short');
    });

    it('requires a reason after trimming (400) and leaves the josie pending', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      for (const payload of [
        {},
        { rejectionReason: '' },
        { rejectionReason: '   ' },
        { rejectionReason: 5 },
      ]) {
        const res = await reject('editor', josie._id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await reject('editor', josie._id, { rejectionReason: ' ' })).json().message).toMatch(
        /A rejection reason is required/,
      );
      const [row] = await ctx.database.db.select().from(josies).where(eq(josies.id, josie._id));
      expect(row!.status).toBe('pending');
      const reviews = await ctx.database.db
        .select()
        .from(josieReviews)
        .where(eq(josieReviews.josieId, josie._id));
      expect(reviews).toEqual([]);
    });

    it('answers 409 for a published josie and 404 for unknown ids', async () => {
      const josie = await buildJosieViaApi(ctx, users.curator);
      await approveJosie(ctx, users.editor, josie._id);
      expect((await reject('editor', josie._id, { rejectionReason: 'Late' })).statusCode).toBe(409);
      expect((await reject('editor', crypto.randomUUID(), { rejectionReason: 'x' })).statusCode).toBe(404);
      expect((await reject('editor', 'zzz', { rejectionReason: 'x' })).statusCode).toBe(404);
    });
  });
});
