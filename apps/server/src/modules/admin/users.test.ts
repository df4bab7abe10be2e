import type { AdminUserRow, AdminUsersResponse } from '@josie/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import {
  buildFollow,
  buildInvite,
  buildJosie,
  buildLike,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

describe('admin: users', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const get = (url: string, who: TestUser = admin) => ctx.app.inject({ url, headers: who.auth });
  const patchRole = (id: string, role: string, who: TestUser = admin) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, headers: who.auth, payload: { role } });

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await buildUser(ctx, { role: 'admin', name: 'Ada Admin' });
  });
  afterAll(() => ctx.close());

  describe('GET /api/admin/users', () => {
    let marker: string;
    const made: TestUser[] = [];
    beforeAll(async () => {
      marker = `zq${crypto.randomUUID().slice(0, 6)}`;
      made.push(await buildUser(ctx, { name: `Noa ${marker}`, email: `noa.${marker}@example.test` }));
      made.push(
        await buildUser(ctx, {
          name: `Dan ${marker}`,
          email: `dan.${marker}@example.test`,
          role: 'curator',
        }),
      );
      made.push(await buildUser(ctx, { name: `100% ${marker}`, email: `pct.${marker}@example.test` }));
      made.push(await buildUser(ctx, { name: `a_b ${marker}`, email: `under.${marker}@example.test` }));
      made.push(await buildUser(ctx, { name: `Gone ${marker}`, email: `gone.${marker}@example.test` }));
      await ctx.database.db
        .update(users)
        .set({ deletedAt: new Date() })
        .where(eq(users.id, made[4]!.user._id));
    });
    const names = (body: AdminUsersResponse) => body.users.map((u) => u.name);

    it('answers rows of the contract shape, newest first, without deleted users', async () => {
      const res = await get(`/api/admin/users?search=${marker}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as AdminUsersResponse;
      expect(body).toMatchObject({ total: 4, page: 1, pageSize: 20, totalPages: 1 });
      expect(names(body)).toEqual([`a_b ${marker}`, `100% ${marker}`, `Dan ${marker}`, `Noa ${marker}`]);
      const dan = body.users[2]!;
      expect(dan).toEqual({
        _id: made[1]!.user._id,
        id: made[1]!.user._id,
        name: `Dan ${marker}`,
        email: `dan.${marker}@example.test`,
        role: 'curator',
        avatar: null,
        createdAt: made[1]!.user.createdAt,
        lastLogin: expect.any(String),
        suspendedAt: null,
        suspensionReason: null,
      } satisfies AdminUserRow);
    });

    it('searches name or email case-insensitively, with % and _ taken literally', async () => {
      expect(names((await get(`/api/admin/users?search=NOA%20${marker.toUpperCase()}`)).json())).toEqual([
        `Noa ${marker}`,
      ]);
      expect(names((await get(`/api/admin/users?search=DAN.${marker}@EXAMPLE`)).json())).toEqual([
        `Dan ${marker}`,
      ]);
      expect(
        names((await get(`/api/admin/users?search=${encodeURIComponent(`% ${marker}`)}`)).json()),
      ).toEqual([`100% ${marker}`]);
      expect(
        names((await get(`/api/admin/users?search=${encodeURIComponent(`a_b ${marker}`)}`)).json()),
      ).toEqual([`a_b ${marker}`]);
      // `_` would match any one character in a raw LIKE pattern, and so find "Dan" through "an ".
      expect((await get(`/api/admin/users?search=${encodeURIComponent(`_n ${marker}`)}`)).json().total).toBe(
        0,
      );
      expect((await get('/api/admin/users?search=%25')).json().total).toBe(1);
    });

    it('filters by role; an empty role means every role', async () => {
      const curators = (await get(`/api/admin/users?search=${marker}&role=curator`)).json();
      expect(names(curators)).toEqual([`Dan ${marker}`]);
      expect((await get(`/api/admin/users?search=${marker}&role=`)).json().total).toBe(4);
      const admins = (await get('/api/admin/users?role=admin')).json() as AdminUsersResponse;
      expect(admins.users.map((u) => u.role)).toEqual(['admin']);
    });

    it('paginates from page 1 with totalPages, and an empty page past the end', async () => {
      const p2 = (await get(`/api/admin/users?search=${marker}&page=2&pageSize=3`)).json();
      expect(p2).toMatchObject({ total: 4, page: 2, pageSize: 3, totalPages: 2 });
      expect(names(p2)).toEqual([`Noa ${marker}`]);
      const p9 = (await get(`/api/admin/users?search=${marker}&page=9&pageSize=3`)).json();
      expect(p9).toMatchObject({ users: [], total: 4, totalPages: 2 });
      const none = (await get('/api/admin/users?search=nobody-at-all')).json();
      expect(none).toMatchObject({ users: [], total: 0, totalPages: 1 });
    });

    it('refuses a bad page, page size or role with 400', async () => {
      for (const query of ['page=0', 'pageSize=101', 'pageSize=0', 'page=x', 'role=superuser']) {
        const res = await get(`/api/admin/users?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      expect((await get('/api/admin/users?pageSize=100')).statusCode).toBe(200);
    });
  });

  describe('GET /api/admin/users/:id', () => {
    it('answers the profile, live counts and the latest 50 josies', async () => {
      const curator = await buildUser(ctx, { role: 'curator', name: 'Cleo' });
      const fan = await buildUser(ctx);
      const other = await buildUser(ctx, { role: 'curator' });
      await ctx.database.db
        .update(users)
        .set({
          bio: 'Records and radio',
          headerImageUrl: '/media/headers/h.webp',
          avatarUrl: '/media/a.webp',
        })
        .where(eq(users.id, curator.user._id));
      const base = Date.now() - 100 * 60_000;
      for (let i = 0; i < 50; i += 1) {
        await buildJosie(ctx, {
          creator: curator,
          title: `P${i}`,
          updatedAt: new Date(base + i * 60_000),
        });
      }
      const newest = await buildJosie(ctx, {
        creator: curator,
        title: 'Newest',
        status: 'pending',
        updatedAt: new Date(base + 90 * 60_000),
      });
      await buildJosie(ctx, {
        creator: curator,
        title: 'No',
        status: 'rejected',
        updatedAt: new Date(base),
      });
      const theirs = await buildJosie(ctx, { creator: other });
      await buildLike(ctx, { josie: theirs, user: curator });
      await buildFollow(ctx, { follower: fan, curator });
      await buildFollow(ctx, { follower: curator, curator: other });
      await buildInvite(ctx, { creator: curator });
      await buildInvite(ctx, { creator: curator });

      const res = await get(`/api/admin/users/${curator.user._id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({
        _id: curator.user._id,
        id: curator.user._id,
        name: 'Cleo',
        role: 'curator',
        avatar: '/media/a.webp',
        bio: 'Records and radio',
        headerImage: '/media/headers/h.webp',
      });
      expect(body.counts).toEqual({
        josies: 52,
        published: 50,
        pending: 1,
        rejected: 1,
        followers: 1,
        following: 1,
        likesGiven: 1,
        invites: 2,
      });
      expect(body.josies).toHaveLength(50);
      expect(body.josies[0]).toEqual({
        _id: newest.id,
        title: 'Newest',
        status: 'pending',
        updatedAt: newest.updatedAt.toISOString(),
      });
      expect(body.josies[1].title).toBe('P49');
      expect(body.josies.map((j: { title: string }) => j.title)).not.toContain('No');
    });

    it('answers 404 for an unknown id, a malformed id and a deleted user', async () => {
      const gone = await buildUser(ctx);
      await ctx.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user._id));
      for (const id of [crypto.randomUUID(), 'not-a-uuid', gone.user._id]) {
        const res = await get(`/api/admin/users/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
      }
    });
  });

  describe('PATCH /api/admin/users/:id', () => {
    it('promotes a listener to curator, answers the row and revokes the old sessions', async () => {
      const noa = await buildUser(ctx, { name: 'Noa' });
      const res = await patchRole(noa.user._id, 'curator');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: noa.user._id, name: 'Noa', role: 'curator' });
      // The token issued to the listener no longer works...
      expect((await get('/api/users/me', noa)).statusCode).toBe(401);
      // ...and a new sign-in carries the new role.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: noa.user.email, password: noa.password },
      });
      expect(login.json().user.role).toBe('curator');
      const listed = (await get(`/api/admin/users?search=${encodeURIComponent(noa.user.email)}`)).json();
      expect(listed.users[0].role).toBe('curator');
    });

    it('keeps the sessions when the role does not change', async () => {
      const eli = await buildUser(ctx, { role: 'editor' });
      expect((await patchRole(eli.user._id, 'editor')).json().role).toBe('editor');
      expect((await get('/api/users/me', eli)).statusCode).toBe(200);
    });

    it('can demote another admin, but never the admin themselves', async () => {
      const second = await buildUser(ctx, { role: 'admin' });
      expect((await patchRole(second.user._id, 'listener')).json().role).toBe('listener');
      const own = await patchRole(admin.user._id, 'listener');
      expect(own.statusCode).toBe(409);
      expect(own.json()).toEqual({ message: 'You cannot change your own role', code: 'OWN_ROLE' });
      expect((await get('/api/users/me')).json().role).toBe('admin');
    });

    it('answers 404 for unknown or malformed ids and 400 for an unknown role', async () => {
      expect((await patchRole(crypto.randomUUID(), 'curator')).statusCode).toBe(404);
      expect((await patchRole('12', 'curator')).statusCode).toBe(404);
      const someone = await buildUser(ctx);
      const bad = await patchRole(someone.user._id, 'superuser');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    });
  });
});
