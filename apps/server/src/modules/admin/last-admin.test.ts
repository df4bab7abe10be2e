/**
 * The last admin is never demoted (docs/product/routes-and-roles.md#roles): the rule judged with every
 * admin row locked, so that two admins demoting each other at the same moment leave one.
 */
import { ERROR_CODES } from '@josie/contract';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Services } from '../../composition.js';
import { users } from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';

describe('the last admin', () => {
  let ctx: TestContext;
  let services: Services;
  let a: TestUser;
  let b: TestUser;
  const actor = (u: TestUser): AuthUser => ({
    id: u.user._id,
    role: 'admin',
    sessionId: crypto.randomUUID(),
    email: u.user.email,
    name: u.user.name,
  });
  const liveAdmins = async () =>
    (
      await ctx.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    ).map((r) => r.id);

  beforeAll(async () => {
    ctx = await createTestContext();
    services = createTestServices(ctx);
    a = await buildUser(ctx, { role: 'admin' });
    b = await buildUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    // Exactly two admins, A and B (the seeded first admin, if any, is made a listener).
    const ids = [a.user._id, b.user._id];
    await ctx.database.db.update(users).set({ role: 'listener' }).where(notInArray(users.id, ids));
    for (const id of ids) await ctx.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
  });

  it('refuses to demote the only other admin once the first demotion left one (409 LAST_ADMIN)', async () => {
    const first = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${b.user._id}`,
      headers: a.auth,
      payload: { role: 'listener' },
    });
    expect(first.statusCode).toBe(200);
    // B's sessions ended with the demotion; B acting with a session from before is judged by the rule.
    await expect(services.admin.changeRole(actor(b), a.user._id, 'curator')).rejects.toMatchObject({
      statusCode: 409,
      code: ERROR_CODES.LAST_ADMIN,
      message: 'This is the last admin: make someone else an admin first',
    });
    expect(await liveAdmins()).toEqual([a.user._id]);
  });

  // PGlite is one connection: its transactions never overlap, so only PostgreSQL can race these two.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'leaves one admin when two demote each other at once (PostgreSQL only: PGlite runs one transaction at a time)',
    async () => {
      for (let round = 0; round < 5; round++) {
        await ctx.database.db
          .update(users)
          .set({ role: 'admin' })
          .where(inArray(users.id, [a.user._id, b.user._id]));
        const results = await Promise.allSettled([
          services.admin.changeRole(actor(a), b.user._id, 'listener'),
          services.admin.changeRole(actor(b), a.user._id, 'listener'),
        ]);
        const refused = results.filter((r) => r.status === 'rejected');
        expect(
          results.filter((r) => r.status === 'fulfilled'),
          `round ${round}`,
        ).toHaveLength(1);
        expect(refused).toHaveLength(1);
        expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: ERROR_CODES.LAST_ADMIN });
        expect(await liveAdmins(), `round ${round}`).toHaveLength(1);
      }
    },
  );
});
