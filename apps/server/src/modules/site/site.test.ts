import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, contactMessages, newsletterSubscribers } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('contact, newsletter and analytics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('stores a contact message (docs/product/differences.md#placeholders-that-work)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ruth', email: 'ruth@example.test', message: 'Love the app!' },
    });
    expect(res.statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ruth', email: 'ruth@example.test', message: 'Love the app!' });
  });

  it('refuses an empty contact message with 400 and stores nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Ruth', email: 'ruth@example.test', message: '   ' },
    });
    expect(res.statusCode).toBe(400);
    const [row] = await ctx.database.db.select({ n: count() }).from(contactMessages);
    expect(row!.n).toBe(1);
  });

  it('subscribes to the newsletter once per email, case-insensitively', async () => {
    for (const email of ['fan@example.test', 'FAN@example.test']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
      expect(res.statusCode).toBe(200);
    }
    const rows = await ctx.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'fan@example.test'));
    expect(rows).toHaveLength(1);
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
  });

  it('stores analytics events with the signed-in user when there is one', async () => {
    const user = await buildUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      headers: user.auth,
      payload: { name: 'page_view', params: { page_path: '/about', page_title: 'About' } },
    });
    expect(res.statusCode).toBe(202);
    const [row] = await ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, user.user._id));
    expect(row).toMatchObject({ name: 'page_view', params: { page_path: '/about', page_title: 'About' } });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/events',
      payload: { name: 'Bad Name!' },
    });
    expect(bad.statusCode).toBe(400);
  });

  describe('analytics events: only what the app sends, within caps (decision 0010)', () => {
    const send = (payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/api/analytics/events', payload: payload as object });
    const stored = async () => (await ctx.database.db.select({ n: count() }).from(analyticsEvents))[0]!.n;

    it('accepts each event the web app emits', async () => {
      const before = await stored();
      for (const name of ['page_view', 'publish_josie', 'approve_josie', 'reject_josie']) {
        const res = await send({ name, params: { language: 'he', streaming_connected: false } });
        expect(res.statusCode, name).toBe(202);
      }
      expect(await stored()).toBe(before + 4);
    });

    it.each([
      ['an event the app never sends', { name: 'signup_spam', params: {} }, /name/],
      [
        'more than 16 parameters',
        { name: 'page_view', params: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 1])) },
        /at most 16 parameters/,
      ],
      [
        'a parameter name over 40 characters',
        { name: 'page_view', params: { ['k'.repeat(41)]: 1 } },
        /params/,
      ],
      ['a parameter name that is not snake_case', { name: 'page_view', params: { 'Bad Key': 1 } }, /params/],
      [
        'a value over 2000 characters',
        { name: 'page_view', params: { page_title: 'x'.repeat(2001) } },
        /params/,
      ],
    ])('refuses %s with 400 {message, code} and stores nothing', async (_what, payload, message) => {
      const before = await stored();
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(message) });
      expect(await stored()).toBe(before);
    });

    it('refuses a body over 8 KiB with 413, such as the 500 keys of 2 KB that filled the disk', async () => {
      const before = await stored();
      const flood = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'x'.repeat(2000)]));
      const res = await send({ name: 'page_view', params: flood });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      // Within every per-key cap, yet over the body cap as a whole.
      const wide = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'x'.repeat(600)]));
      expect((await send({ name: 'page_view', params: wide })).statusCode).toBe(413);
      expect(await stored()).toBe(before);
    });
  });
});
