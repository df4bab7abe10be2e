import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Josie } from '@josie/contract';
import { count, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../adapters/mailer.js';
import { createPrivateStorage, createStorage, type Storage } from '../../adapters/storage.js';
import type { Services } from '../../composition.js';
import type { Db } from '../../db/client.js';
import {
  analyticsEvents,
  contactMessages,
  follows,
  invites,
  inviteUses,
  inviteVisits,
  josieLikes,
  josieReviews,
  josieSaves,
  josies,
  media,
  notifications,
  oauthAccounts,
  passwordResets,
  sessions,
  users,
} from '../../db/schema.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createEventBus, type DomainEvents, type EventBus } from '../../realtime/bus.js';
import {
  buildEvent,
  buildFollow,
  buildInvite,
  buildJosie,
  buildJosieViaApi,
  buildLike,
  buildMedia,
  buildReview,
  buildSave,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';
import { createAccountDeletion } from '../account/index.js';
import { josieForm, pngImage } from '../josies/testing.js';
import { createAdminService } from './service.js';

describe('admin: DELETE /api/admin/users/:id', () => {
  let ctx: TestContext;
  let db: Db;
  let admin: TestUser;
  /**
   * Admin's service over `services` (the root's graph, built by `createTestServices`), its account deletion
   * with `overrides` in place of some of its dependencies: a storage or an owner's service that fails on
   * purpose.
   */
  const adminService = (
    services: Services,
    overrides: Partial<Parameters<typeof createAccountDeletion>[0]>,
  ) => {
    const deps = {
      db,
      storage: createStorage(ctx.config),
      files: createPrivateStorage(ctx.config),
      bus: createEventBus((err) => {
        throw err;
      }),
      log: { warn: () => {} },
      mailer: createMailer(ctx.config, ctx.app.log),
      publicUrl: ctx.config.publicUrl,
      sessions: services.auth,
      users: services.users,
      josies: services.josies,
      likes: services.likes,
      comments: services.comments,
      reports: services.reports,
      follows: services.follows,
      invites: services.invites,
      media: services.media,
      site: services.site,
      notifications: services.notifications,
      securityLog: services.securityLog,
      ...overrides,
    };
    return createAdminService({
      db,
      bus: deps.bus as EventBus,
      sessions: services.auth,
      users: services.users,
      preferences: services.preferences,
      accounts: createAccountDeletion(deps),
    });
  };
  const del = (id: string, who: TestUser = admin) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: who.auth });
  const likeCount = async (id: string) =>
    (await db.select({ n: josies.likeCount }).from(josies).where(eq(josies.id, id)))[0]?.n;
  const stats = async () => (await ctx.app.inject({ url: '/api/admin/stats', headers: admin.auth })).json();
  const detail = async (id: string) =>
    (await ctx.app.inject({ url: `/api/admin/users/${id}`, headers: admin.auth })).json();
  const putFile = (key: string) => {
    const path = join(ctx.dataDir, 'media', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'image bytes');
    return path;
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    admin = await buildUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('removes a curator with josies, likes, follows, invites and media, keeping every count right', async () => {
    const cleo = await buildUser(ctx, { role: 'curator', name: 'Cleo' });
    const dana = await buildUser(ctx, { role: 'curator', name: 'Dana' });
    const lior = await buildUser(ctx, { name: 'Lior' });
    const fans = [await buildUser(ctx), await buildUser(ctx)];
    const editor = await buildUser(ctx, { role: 'editor' });

    // Cleo's own josies, one of them liked and saved by others and reviewed.
    const cleoPublished = await buildJosie(ctx, { creator: cleo, title: 'Cleo live' });
    await buildJosie(ctx, { creator: cleo, status: 'pending' });
    await buildLike(ctx, { josie: cleoPublished, user: lior });
    await buildSave(ctx, { josie: cleoPublished, user: lior });
    await buildReview(ctx, { josie: cleoPublished, action: 'approved', reviewedBy: editor });
    // Dana's josies, liked by Cleo (and one by Lior too) and saved by Cleo.
    const danaA = await buildJosie(ctx, { creator: dana });
    const danaB = await buildJosie(ctx, { creator: dana });
    await buildLike(ctx, { josie: danaA, user: cleo });
    await buildLike(ctx, { josie: danaA, user: lior });
    await buildLike(ctx, { josie: danaB, user: cleo });
    await buildSave(ctx, { josie: danaA, user: cleo });
    // Follows both ways: Cleo is the most followed curator until she goes.
    for (const u of [lior, ...fans]) await buildFollow(ctx, { follower: u, curator: cleo });
    await buildFollow(ctx, { follower: lior, curator: dana });
    await buildFollow(ctx, { follower: cleo, curator: dana });
    // Her invite (used by Lior, visited twice), an invite she used, her account data and media.
    const cleoInvite = await buildInvite(ctx, {
      creator: cleo,
      usedBy: [lior],
      visits: 2,
    });
    const danaInvite = await buildInvite(ctx, { creator: dana, usedBy: [cleo] });
    await db.insert(passwordResets).values({
      userId: cleo.user._id,
      tokenHash: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(oauthAccounts).values({
      userId: cleo.user._id,
      provider: 'spotify',
      providerUserId: 'cleo-spotify',
      accessTokenEnc: 'ciphertext',
      refreshTokenEnc: 'ciphertext',
    });
    await buildMedia(ctx, { owner: cleo, storageKey: 'avatars/cleo.webp' });
    await buildMedia(ctx, { owner: cleo, storageKey: 'josies/cleo-1.webp', kind: 'josie-image' });
    await buildMedia(ctx, { owner: dana, storageKey: 'avatars/dana.webp' });
    const cleoFiles = [putFile('avatars/cleo.webp'), putFile('josies/cleo-1.webp')];
    const danaFile = putFile('avatars/dana.webp');
    await db.insert(contactMessages).values({
      name: 'Cleo',
      email: cleo.user.email,
      message: 'Hello',
      userId: cleo.user._id,
    });
    await db.insert(contactMessages).values({ name: 'C.', email: cleo.user.email, message: 'Hi again' });
    // Lior hears that Cleo follows them: a notification grouped under Cleo's id.
    await db
      .insert(notifications)
      .values({ userId: lior.user._id, kind: 'follower', groupKey: cleo.user._id });
    await buildEvent(ctx, { user: cleo });

    const before = await stats();
    expect(before.popularCurator).toEqual({ name: 'Cleo', count: 3 });
    expect(await likeCount(danaA.id)).toBe(2);
    expect((await detail(dana.user._id)).counts.followers).toBe(2);
    expect((await detail(lior.user._id)).counts.following).toBe(2);

    const res = await del(cleo.user._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    // The user and everything she owned are gone.
    expect(
      (await ctx.app.inject({ url: `/api/admin/users/${cleo.user._id}`, headers: admin.auth })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ url: '/api/users/me', headers: cleo.auth })).statusCode).toBe(401);
    const id = cleo.user._id;
    const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n;
    expect(await countOf(db.select({ n: count() }).from(users).where(eq(users.id, id)))).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(josies).where(eq(josies.creatorId, id)))).toBe(0);
    expect(
      await countOf(
        db.select({ n: count() }).from(josieLikes).where(eq(josieLikes.josieId, cleoPublished.id)),
      ),
    ).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(josieLikes).where(eq(josieLikes.userId, id)))).toBe(
      0,
    );
    expect(
      await countOf(
        db
          .select({ n: count() })
          .from(josieSaves)
          .where(or(eq(josieSaves.userId, id), eq(josieSaves.josieId, cleoPublished.id))),
      ),
    ).toBe(0);
    expect(
      await countOf(
        db.select({ n: count() }).from(josieReviews).where(eq(josieReviews.josieId, cleoPublished.id)),
      ),
    ).toBe(0);
    expect(
      await countOf(
        db
          .select({ n: count() })
          .from(follows)
          .where(or(eq(follows.followerId, id), eq(follows.curatorId, id))),
      ),
    ).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(invites).where(eq(invites.creatorId, id)))).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(inviteUses).where(eq(inviteUses.userId, id)))).toBe(
      0,
    );
    expect(
      await countOf(db.select({ n: count() }).from(inviteUses).where(eq(inviteUses.inviteId, cleoInvite.id))),
    ).toBe(0);
    expect(
      await countOf(
        db.select({ n: count() }).from(inviteVisits).where(eq(inviteVisits.inviteId, cleoInvite.id)),
      ),
    ).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(sessions).where(eq(sessions.userId, id)))).toBe(0);
    expect(
      await countOf(db.select({ n: count() }).from(passwordResets).where(eq(passwordResets.userId, id))),
    ).toBe(0);
    expect(
      await countOf(db.select({ n: count() }).from(oauthAccounts).where(eq(oauthAccounts.userId, id))),
    ).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(media).where(eq(media.ownerId, id)))).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(media))).toBe(1);
    // Dana's invite stays (only Cleo's use of it went).
    expect(await countOf(db.select({ n: count() }).from(invites).where(eq(invites.id, danaInvite.id)))).toBe(
      1,
    );

    // Files of the deleted user are removed from storage; others' stay.
    for (const path of cleoFiles) expect(existsSync(path)).toBe(false);
    expect(existsSync(danaFile)).toBe(true);

    // Messages keep their text for the admins, but neither the account nor its name and email (the one
    // sent signed out from Cleo's address too); analytics keep their rows, no longer tied to the account.
    const messages = await db
      .select()
      .from(contactMessages)
      .where(or(eq(contactMessages.message, 'Hello'), eq(contactMessages.message, 'Hi again')));
    expect(messages.map(({ name, email, userId }) => ({ name, email, userId }))).toEqual([
      { name: '', email: '', userId: null },
      { name: '', email: '', userId: null },
    ]);
    // Lior's notification that Cleo followed them is gone: none keeps Cleo's id.
    expect(
      await countOf(
        db.select({ n: count() }).from(notifications).where(eq(notifications.groupKey, cleo.user._id)),
      ),
    ).toBe(0);
    expect(await countOf(db.select({ n: count() }).from(analyticsEvents))).toBe(1);
    expect((await db.select().from(analyticsEvents))[0]?.userId).toBeNull();

    // Like counts of others' josies, follower and following counts, and the dashboard are right.
    expect(await likeCount(danaA.id)).toBe(1);
    expect(await likeCount(danaB.id)).toBe(0);
    expect((await detail(dana.user._id)).counts).toMatchObject({ followers: 1, likesGiven: 0 });
    expect((await detail(lior.user._id)).counts).toMatchObject({ following: 1, likesGiven: 1 });
    const after = await stats();
    expect(after.totalCurators).toBe(before.totalCurators - 1);
    expect(after.totalListeners).toBe(before.totalListeners);
    expect(after.popularCurator).toEqual({ name: 'Dana', count: 1 });
    const today = after.series.days.length - 1;
    expect(after.series.signups[today]).toBe(before.series.signups[today] - 1);
    expect(after.series.josiesPublished[today]).toBe(before.series.josiesPublished[today] - 1);
    expect(after.series.approvals[today]).toBe(before.series.approvals[today] - 1);
    expect(after.series.pageViews[today]).toBe(before.series.pageViews[today]);
  });

  it("gives an editor's upload to the curator whose josie shows it; it goes with the curator", async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const josie = await buildJosieViaApi(ctx, curator, { title: 'Cover needed' });
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${josie._id}`,
      headers: editor.auth,
      payload: josieForm(
        { title: 'Cover added', paragraphs: [], baseVersion: josie.version },
        { bytes: await pngImage() },
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const image = (edited.json() as Josie).paragraphs[0]!.content as string;
    const key = image.replace('/media/', '');
    // The josie's image is its creator's (docs/decisions/0036-media-limits-and-provenance.md).
    expect((await db.select().from(media).where(eq(media.storageKey, key)))[0]?.ownerId).toBe(
      curator.user._id,
    );
    // An upload of the editor that nothing shows (an image search result never saved into a josie).
    await buildMedia(ctx, { owner: editor, storageKey: 'josies/stray.webp', kind: 'josie-image' });
    const stray = putFile('josies/stray.webp');

    expect((await del(editor.user._id)).statusCode).toBe(200);
    // The curator's josie still shows its image.
    const served = await ctx.app.inject({ url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    // Every upload of the editor goes with the account.
    expect(existsSync(stray)).toBe(false);
    expect(await db.select().from(media).where(eq(media.storageKey, 'josies/stray.webp'))).toEqual([]);

    // Deleting the curator deletes the josie and the curator's uploads.
    expect((await del(curator.user._id)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(404);
    expect(await db.select().from(media).where(eq(media.storageKey, key))).toEqual([]);
  });

  it("removes a deleted user's upload even where an older josie of another user shows it", async () => {
    const author = await buildUser(ctx, { role: 'curator' });
    const other = await buildUser(ctx, { role: 'curator' });
    await buildMedia(ctx, {
      owner: author,
      storageKey: 'josies/shared.webp',
      kind: 'josie-image',
    });
    const file = putFile('josies/shared.webp');
    // Written before a josie could show only its creator's uploads (decision 0036).
    await buildJosie(ctx, {
      creator: other,
      paragraphs: [{ type: 'image', content: '/media/josies/shared.webp' }],
    });
    expect((await del(author.user._id)).statusCode).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await ctx.app.inject({ url: '/media/josies/shared.webp' })).statusCode).toBe(404);
  });

  it('keeps the review history of a deleted editor, without the reviewer', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const josie = await buildJosie(ctx, { creator: curator });
    await buildReview(ctx, { josie, action: 'approved', reviewedBy: editor });
    expect((await del(editor.user._id)).statusCode).toBe(200);
    const reviews = await db.select().from(josieReviews).where(eq(josieReviews.josieId, josie.id));
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.reviewedBy).toBeNull();
  });

  it('refuses to delete an admin (403), including oneself, and changes nothing', async () => {
    const other = await buildUser(ctx, { role: 'admin' });
    for (const target of [other, admin]) {
      const res = await del(target.user._id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Admin users cannot be deleted', code: 'FORBIDDEN' });
    }
    expect((await ctx.app.inject({ url: '/api/users/me', headers: other.auth })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown, malformed or already deleted user', async () => {
    const once = await buildUser(ctx);
    expect((await del(once.user._id)).statusCode).toBe(200);
    for (const id of [once.user._id, crypto.randomUUID(), 'nope']) {
      const res = await del(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'User not found', code: 'NOT_FOUND' });
    }
  });

  it('announces each published josie as unpublished and removes files only after the commit', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const published = [
      await buildJosie(ctx, { creator: curator }),
      await buildJosie(ctx, { creator: curator }),
    ];
    await buildJosie(ctx, { creator: curator, status: 'pending' });
    await buildJosie(ctx, { creator: curator, status: 'rejected' });
    await buildMedia(ctx, { owner: curator, storageKey: 'headers/c.webp', kind: 'header' });

    const events: DomainEvents['josie.unpublished'][] = [];
    const bus = createEventBus((err) => {
      throw err;
    });
    bus.subscribe('josie.unpublished', (payload) => {
      events.push(payload);
    });
    const removed: { key: string; userRowsLeft: number }[] = [];
    const storage: Storage = {
      put: async () => {},
      open: async () => {
        throw new Error('not read here');
      },
      publicUrl: (key) => `/media/${key}`,
      async remove(key) {
        const [row] = await db.select({ n: count() }).from(users).where(eq(users.id, curator.user._id));
        removed.push({ key, userRowsLeft: row?.n ?? -1 });
        throw new Error('disk is read-only');
      },
    };
    const warnings: unknown[] = [];
    const services = createTestServices(ctx, { storage, bus });
    const service = adminService(services, {
      storage,
      bus,
      log: { warn: (obj: unknown) => warnings.push(obj) },
    });
    const actor: AuthUser = { ...admin.user, id: admin.user._id, role: 'admin', sessionId: 'test' };

    await service.deleteUser(actor, curator.user._id);
    await new Promise((resolve) => setImmediate(resolve));

    // The file is removed once the user is already gone for good; a storage failure is logged, not thrown.
    expect(removed).toEqual([{ key: 'headers/c.webp', userRowsLeft: 0 }]);
    expect(warnings).toHaveLength(1);
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining(published.map((j) => ({ josieId: j.id, creatorId: curator.user._id }))),
    );

    // A refused deletion touches neither storage nor the bus.
    await expect(service.deleteUser(actor, admin.user._id)).rejects.toMatchObject({ statusCode: 403 });
    expect(removed).toHaveLength(1);
    expect(events).toHaveLength(2);
  });

  it('leaves the account whole when a step fails midway: the deletion is one transaction', async () => {
    const curator = await buildUser(ctx, { role: 'curator' });
    const other = await buildUser(ctx, { role: 'curator' });
    const fan = await buildUser(ctx);
    const own = await buildJosie(ctx, { creator: curator });
    await buildLike(ctx, { josie: own, user: fan });
    const liked = await buildJosie(ctx, { creator: other });
    await buildLike(ctx, { josie: liked, user: curator });
    await buildSave(ctx, { josie: liked, user: curator });
    await buildFollow(ctx, { follower: fan, curator });
    await buildFollow(ctx, { follower: curator, curator: other });
    await buildInvite(ctx, { creator: curator, usedBy: [fan] });
    await buildMedia(ctx, { owner: curator, storageKey: 'avatars/midway.webp' });
    const id = curator.user._id;
    const rows = async () => ({
      user: await db.$count(users, eq(users.id, id)),
      josies: await db.$count(josies, eq(josies.creatorId, id)),
      likes: await db.$count(josieLikes, or(eq(josieLikes.userId, id), eq(josieLikes.josieId, own.id))),
      saves: await db.$count(josieSaves, eq(josieSaves.userId, id)),
      likeCount: await likeCount(liked.id),
      follows: await db.$count(follows, or(eq(follows.followerId, id), eq(follows.curatorId, id))),
      invites: await db.$count(invites, eq(invites.creatorId, id)),
      media: await db.$count(media, eq(media.ownerId, id)),
    });
    const before = await rows();
    expect(before).toEqual({
      user: 1,
      josies: 1,
      likes: 2,
      saves: 1,
      likeCount: 1,
      follows: 2,
      invites: 1,
      media: 1,
    });

    // The user row is the last owner's write: likes, josies, follows and invites are already gone in the
    // transaction when it fails.
    const services = createTestServices(ctx);
    const service = adminService(services, {
      users: {
        ...services.users,
        deleteUser: async () => {
          throw new Error('connection lost');
        },
      },
    });
    const actor: AuthUser = { ...admin.user, id: admin.user._id, role: 'admin', sessionId: 'test' };

    await expect(service.deleteUser(actor, id)).rejects.toThrow('connection lost');
    expect(await rows()).toEqual(before);
  });
});
