import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, contactMessages, newsletterSubscribers } from '../../db/schema.js';
import { createTestContext, createUser, type TestContext } from '../../test/harness.js';

describe('contact, newsletter and analytics', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('stores a contact message (DESIGN §9.3)', async () => {
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
    const user = await createUser(ctx);
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
});
