import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXPORT_TTL_DAYS } from '@josie/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer, MailMessage } from '../../adapters/mailer.js';
import { createStorage, type Storage } from '../../adapters/storage.js';
import type { Db } from '../../db/client.js';
import {
  accountExports,
  blocks,
  comments,
  emailLinks,
  follows,
  invites,
  inviteUses,
  josieLikes,
  josieSaves,
  josies,
  media,
  mutes,
  notificationActors,
  notifications,
  oauthAccounts,
  passwordResets,
  pushSubscriptions,
  reports,
  securityEvents,
  sessions,
  users,
} from '../../db/schema.js';
import {
  buildComment,
  buildFollow,
  buildInvite,
  buildJosie,
  buildLike,
  buildMedia,
  buildSave,
  buildUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../../test/harness.js';

const PUBLIC_URL = 'https://josie.example.test';
const EXPORT = '/api/users/me/export';
const DOWNLOAD = '/api/users/me/export/download';

let address = 0;
/** A fresh client address per request, so that the per-address limits stay out of these tests. */
const ip = () => `198.51.100.${(address++ % 250) + 1}`;

describe('your account, your data: export and deletion', () => {
  let ctx: TestContext;
  let db: Db;
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
    },
  };
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL }, { mailer });
    db = ctx.database.db;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who?: TestUser, payload?: object) =>
    ctx.app.inject({ method, url, remoteAddress: ip(), ...(who ? { headers: who.auth } : {}), payload });
  /** Writes a file into the media storage, as an upload would have. */
  const putMedia = (key: string, bytes: string) => {
    const path = join(ctx.dataDir, 'media', key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    return path;
  };
  const mediaUrl = (key: string) => `/media/${key}`;
  /** The export zips of `userId` in the private storage. */
  const zipsOf = (userId: string) => {
    const dir = join(ctx.dataDir, 'private', 'exports', userId);
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  /** The media row an upload of `key` by `ownerId` would have left. */
  const knowMedia = (key: string, ownerId: string) =>
    db.insert(media).values({ ownerId, kind: 'josie-image', storageKey: key, bytes: 1, width: 1, height: 1 });
  const eventsOf = (userId: string | null, kind: string) =>
    db
      .select()
      .from(securityEvents)
      .where(
        and(
          userId ? eq(securityEvents.userId, userId) : isNull(securityEvents.userId),
          eq(securityEvents.kind, kind),
        ),
      );

  describe('export', () => {
    it('builds a zip of everything the account holds, mails its owner and serves it to them only', async () => {
      const curator = await buildUser(ctx, { role: 'curator', name: 'Cleo' });
      const id = curator.user._id;
      const other = await buildUser(ctx, { role: 'curator', name: 'Dana' });
      const fan = await buildUser(ctx, { name: 'Fan' });
      putMedia(`avatars/${id}.webp`, 'avatar bytes');
      putMedia(`josies/${id}-1.webp`, 'josie image bytes');
      await knowMedia(`avatars/${id}.webp`, id);
      await knowMedia(`josies/${id}-1.webp`, id);
      await db
        .update(users)
        .set({ avatarUrl: mediaUrl(`avatars/${id}.webp`), bio: 'I collect slow songs' })
        .where(eq(users.id, id));
      const published = await buildJosie(ctx, {
        creator: curator,
        paragraphs: [
          { type: 'text', content: 'Morning' },
          { type: 'image', content: mediaUrl(`josies/${id}-1.webp`) },
          // A lost file is left out, not a failure.
          { type: 'image', content: mediaUrl(`josies/${id}-lost.webp`) },
        ],
      });
      await buildJosie(ctx, { creator: curator, status: 'pending' });
      await buildJosie(ctx, { creator: curator, status: 'rejected', rejectionReason: 'No audio' });
      const liked = await buildJosie(ctx, { creator: other });
      await buildLike(ctx, { josie: liked, user: curator });
      await buildSave(ctx, { josie: liked, user: curator });
      await buildLike(ctx, { josie: published, user: fan });
      await buildFollow(ctx, { follower: curator, curator: other });
      await buildFollow(ctx, { follower: fan, curator });
      const invite = await buildInvite(ctx, { creator: curator, usedBy: [fan], visits: 3 });
      // Comments (decision 0049): the shown ones with their josie, a reply's thread; not a removed one, nor
      // anyone else's.
      const said = await buildComment(ctx, { josie: liked, author: curator, text: 'Slow and right' });
      const answered = await buildComment(ctx, { josie: liked, author: other, text: 'Not mine' });
      const replied = await buildComment(ctx, {
        josie: liked,
        author: curator,
        parent: answered.id,
        text: 'Yes',
      });
      const removed = await buildComment(ctx, { josie: published, author: curator, text: 'Taken back' });
      await db.update(comments).set({ removedAt: new Date(), body: null }).where(eq(comments.id, removed.id));
      // The curator's own report is theirs to export; the fan's report of the curator is not
      // (docs/decisions/0047-reports-and-moderation.md).
      await db.insert(reports).values([
        { reporterId: id, targetType: 'josie', targetId: liked.id, reason: 'other', text: 'Stolen cover' },
        { reporterId: fan.user._id, targetType: 'account', targetId: id, reason: 'spam' },
      ]);
      // Whom the user blocked and muted are theirs; who blocked or muted them is not (decision 0048).
      const troll = await buildUser(ctx, { name: 'Troll' });
      await db.insert(blocks).values([
        { blockerId: id, blockedId: troll.user._id },
        { blockerId: fan.user._id, blockedId: id },
      ]);
      await db.insert(mutes).values([
        { muterId: id, mutedId: fan.user._id },
        { muterId: other.user._id, mutedId: id },
      ]);
      const [note] = await db
        .insert(notifications)
        .values({ userId: id, kind: 'follower', groupKey: 'follower:1' })
        .returning();
      await db.insert(notificationActors).values({ notificationId: note!.id, actorId: fan.user._id });
      // The fan's like is told by a read of the likes (docs/decisions/0034-a-like-in-one-statement.md):
      // read now, not whenever the cron's next read falls inside this test.
      await ctx.app.jobs.enqueue('notify.likes-since', {});
      await ctx.app.jobs.idle();
      await db.insert(oauthAccounts).values({
        userId: id,
        provider: 'spotify',
        providerUserId: 'spotify-cleo',
        accessTokenEnc: 'SECRET-ACCESS-TOKEN',
        refreshTokenEnc: 'SECRET-REFRESH-TOKEN',
      });

      expect((await call('GET', EXPORT, curator)).json()).toEqual({ export: null });
      const started = await call('POST', EXPORT, curator);
      expect(started.statusCode).toBe(202);
      expect(started.json()).toEqual({
        export: { status: 'pending', url: null, createdAt: expect.any(String), expiresAt: null },
      });
      expect((await call('GET', EXPORT, curator)).json().export.status).toBe('pending');

      await ctx.app.jobs.idle();
      const ready = (await call('GET', EXPORT, curator)).json().export;
      expect(ready).toMatchObject({ status: 'ready', url: DOWNLOAD });
      const ttl = Date.parse(ready.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan((EXPORT_TTL_DAYS * 24 - 1) * 3_600_000);
      expect(ttl).toBeLessThanOrEqual(EXPORT_TTL_DAYS * 24 * 3_600_000);

      const mail = mails.find((m) => m.to === curator.user.email);
      expect(mail?.subject).toBe('Your Josie export is ready');
      expect(mail?.text).toContain(`${PUBLIC_URL}/account?tab=data`);

      // Only the owner's session reaches the file: another account has none, a visitor is refused.
      expect((await call('GET', DOWNLOAD, other)).statusCode).toBe(404);
      expect((await call('GET', EXPORT, other)).json()).toEqual({ export: null });
      expect((await call('GET', DOWNLOAD)).statusCode).toBe(401);

      const res = await call('GET', DOWNLOAD, curator);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="josie-export-\d{4}-\d\d-\d\d\.zip"$/,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      const files = unzipSync(new Uint8Array(res.rawPayload));
      const json = (name: string) => JSON.parse(strFromU8(files[name]!));
      expect(Object.keys(files).sort()).toEqual([
        'account.json',
        'blocks.json',
        'comments.json',
        'follows.json',
        'invites.json',
        'josies.json',
        'likes.json',
        `media/avatars/${id}.webp`,
        `media/josies/${id}-1.webp`,
        'notifications.json',
        'reports.json',
        'saves.json',
      ]);
      expect(strFromU8(files[`media/josies/${id}-1.webp`]!)).toBe('josie image bytes');
      expect(strFromU8(files[`media/avatars/${id}.webp`]!)).toBe('avatar bytes');

      const account = json('account.json');
      expect(account.profile).toMatchObject({
        id,
        name: 'Cleo',
        email: curator.user.email,
        role: 'curator',
        bio: 'I collect slow songs',
        avatarFile: `media/avatars/${id}.webp`,
        createdAt: expect.any(String),
      });
      expect(account.preferences).toBeDefined();
      expect(account.notificationSettings).toMatchObject({ allowEmails: true });
      expect(account.signIn).toEqual({
        password: true,
        providers: [{ provider: 'spotify', connectedAt: expect.any(String) }],
      });
      // Never a secret: no password hash, no provider token.
      const [stored] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
      const everything = Object.values(files)
        .map((f) => strFromU8(f))
        .join('\n');
      expect(everything).not.toContain(stored!.hash!);
      expect(everything).not.toContain('SECRET-');
      expect(everything).not.toMatch(/passwordHash|argon2/);

      const exported = json('josies.json');
      expect(exported.map((j: { status: string }) => j.status)).toEqual(['published', 'pending', 'rejected']);
      expect(exported[0]).toMatchObject({
        id: published.id,
        title: published.title,
        likeCount: 1,
        mediaFiles: [`media/josies/${id}-1.webp`],
      });
      expect(exported[0].paragraphs).toHaveLength(3);
      expect(exported[2]).toMatchObject({ rejectionReason: 'No audio', mediaFiles: [] });
      expect(json('likes.json')).toEqual([
        {
          josieId: liked.id,
          title: liked.title,
          curatorId: other.user._id,
          curatorName: 'Dana',
          at: expect.any(String),
        },
      ]);
      expect(json('saves.json')).toHaveLength(1);
      expect(json('comments.json')).toEqual([
        {
          id: said.id,
          josieId: liked.id,
          josieTitle: liked.title,
          parentId: null,
          text: 'Slow and right',
          createdAt: expect.any(String),
          editedAt: null,
        },
        expect.objectContaining({ id: replied.id, parentId: answered.id, text: 'Yes' }),
      ]);
      expect(JSON.stringify(json('comments.json'))).not.toMatch(/Not mine|Taken back/);
      expect(json('follows.json')).toEqual({
        following: [{ id: other.user._id, name: 'Dana', since: expect.any(String) }],
        followers: [{ id: fan.user._id, name: 'Fan', since: expect.any(String) }],
      });
      expect(json('blocks.json')).toEqual({
        blocked: [{ id: troll.user._id, name: 'Troll', since: expect.any(String) }],
        muted: [{ id: fan.user._id, name: 'Fan', since: expect.any(String) }],
      });
      expect(json('invites.json')).toEqual([
        expect.objectContaining({ id: invite.id, code: invite.code, isActive: true, uses: 1, visits: 3 }),
      ]);
      expect(json('notifications.json')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'follower', actors: [{ id: fan.user._id, name: 'Fan' }] }),
          expect.objectContaining({
            kind: 'likes',
            subjectId: published.id,
            actors: [{ id: fan.user._id, name: 'Fan' }],
          }),
        ]),
      );
      expect(json('notifications.json')).toHaveLength(2);
      expect(json('reports.json')).toEqual([
        {
          _id: expect.any(String),
          targetType: 'josie',
          targetId: liked.id,
          reason: 'other',
          text: 'Stolen cover',
          createdAt: expect.any(String),
          resolvedAt: null,
        },
      ]);

      // The zip lives in the private storage, which no public route serves.
      const [row] = await db.select().from(accountExports).where(eq(accountExports.userId, id));
      expect(row!.storageKey).toMatch(new RegExp(`^exports/${id}/${row!.id}-[0-9a-f-]{36}\\.zip$`));
      expect(existsSync(join(ctx.dataDir, 'private', row!.storageKey!))).toBe(true);
      expect(existsSync(join(ctx.dataDir, 'media', row!.storageKey!))).toBe(false);
      for (const url of [`/media/${row!.storageKey}`, `/media/../private/${row!.storageKey}`]) {
        // With a web build present the app's page answers unknown paths (200, HTML): never the zip.
        const direct = await ctx.app.inject({ url });
        expect(direct.headers['content-type']).not.toBe('application/zip');
        expect(direct.rawPayload.subarray(0, 2).toString('latin1')).not.toBe('PK');
      }

      // The security log has both events, with the request's origin and nothing else.
      const requested = await eventsOf(id, 'export-requested');
      expect(requested).toHaveLength(1);
      expect(await eventsOf(id, 'export-downloaded')).toHaveLength(1);
      expect(requested[0]!.ip).toMatch(/^198\.51\.100\./);
    });

    it('allows one export a day (429 RATE_LIMITED), answers null and 410 after expiry, and purges it', async () => {
      const user = await buildUser(ctx);
      const id = user.user._id;
      expect((await call('POST', EXPORT, user)).statusCode).toBe(202);
      const again = await call('POST', EXPORT, user);
      expect(again.statusCode).toBe(429);
      expect(again.json().code).toBe('RATE_LIMITED');
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(86_000);
      await ctx.app.jobs.idle();
      expect(await db.$count(accountExports, eq(accountExports.userId, id))).toBe(1);

      // A day later another may be asked for.
      const [first] = await db.select().from(accountExports).where(eq(accountExports.userId, id));
      await db
        .update(accountExports)
        .set({ createdAt: new Date(Date.now() - 86_400_000 - 1000) })
        .where(eq(accountExports.id, first!.id));
      expect((await call('POST', EXPORT, user)).statusCode).toBe(202);
      await ctx.app.jobs.idle();

      // Past its expiry the latest export is gone from the page, and its download refused.
      const rows = await db.select().from(accountExports).where(eq(accountExports.userId, id));
      expect(rows.map((r) => r.status)).toEqual(['ready', 'ready']);
      await db
        .update(accountExports)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountExports.userId, id));
      expect((await call('GET', EXPORT, user)).json()).toEqual({ export: null });
      const expired = await call('GET', DOWNLOAD, user);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('GONE');

      // The daily purge removes the files, then the rows.
      const paths = rows.map((r) => join(ctx.dataDir, 'private', r.storageKey!));
      expect(paths.every((p) => existsSync(p))).toBe(true);
      const services = createTestServices(ctx, { mailer });
      expect(await services.accountExports.purge()).toBeGreaterThanOrEqual(2);
      expect(paths.some((p) => existsSync(p))).toBe(false);
      expect(await db.$count(accountExports, eq(accountExports.userId, id))).toBe(0);
      expect((await call('GET', DOWNLOAD, user)).statusCode).toBe(404);
    });

    it("marks the export failed at the build's last attempt; a failed export does not count", async () => {
      const curator = await buildUser(ctx, { role: 'curator' });
      const id = curator.user._id;
      await buildJosie(ctx, {
        creator: curator,
        paragraphs: [{ type: 'image', content: mediaUrl(`josies/${id}-x.webp`) }],
      });
      await knowMedia(`josies/${id}-x.webp`, id);
      const broken: Storage = {
        ...createStorage(ctx.config),
        open: async () => {
          throw new Error('storage unreachable');
        },
      };
      const services = createTestServices(ctx, { storage: broken, mailer });
      // The row alone, without its job: the build is called here as the job's attempts call it, and the
      // app's own worker must not build it meanwhile.
      const [row] = await db.insert(accountExports).values({ userId: id }).returning();
      await expect(services.accountExports.build(row!.id, { last: false })).rejects.toThrow(
        'storage unreachable',
      );
      await expect(services.accountExports.build(row!.id, { last: true })).rejects.toThrow(
        'storage unreachable',
      );
      const [failed] = await db.select().from(accountExports).where(eq(accountExports.id, row!.id));
      expect(failed).toMatchObject({ status: 'failed', error: 'storage unreachable', storageKey: null });
      await ctx.app.jobs.idle();
      expect((await call('GET', EXPORT, curator)).json().export).toMatchObject({
        status: 'failed',
        url: null,
      });
      expect((await call('GET', DOWNLOAD, curator)).statusCode).toBe(404);
      expect((await call('POST', EXPORT, curator)).statusCode).toBe(202);
      await ctx.app.jobs.idle();
    });
    it('copies only known uploads: never a private file or a path out of the media folder', async () => {
      const victim = await buildUser(ctx);
      const secret = join(ctx.dataDir, 'private', 'exports', victim.user._id, 'stolen.zip');
      mkdirSync(dirname(secret), { recursive: true });
      writeFileSync(secret, 'victim export');
      const attacker = await buildUser(ctx, { role: 'curator' });
      const id = attacker.user._id;
      putMedia(`josies/${id}-unknown.webp`, 'no media row');
      putMedia(`private/exports/${victim.user._id}/s3.zip`, 'victim export on s3');
      await knowMedia(`private/exports/${victim.user._id}/s3.zip`, id);
      await buildJosie(ctx, {
        creator: attacker,
        paragraphs: [
          { type: 'image', content: mediaUrl(`../private/exports/${victim.user._id}/stolen.zip`) },
          { type: 'image', content: mediaUrl(`private/exports/${victim.user._id}/s3.zip`) },
          { type: 'image', content: mediaUrl(`josies/${id}-unknown.webp`) },
        ],
      });
      const services = createTestServices(ctx, { mailer });
      const [row] = await db.insert(accountExports).values({ userId: id }).returning();
      await services.accountExports.build(row!.id, { last: true });
      const res = await call('GET', DOWNLOAD, attacker);
      expect(res.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(res.rawPayload));
      expect(Object.keys(files).filter((f) => f.startsWith('media/'))).toEqual([]);
      for (const bytes of Object.values(files)) expect(strFromU8(bytes)).not.toContain('victim export');
    });

    it('keeps the ready zip when a duplicate build of the same export loses the race', async () => {
      const user = await buildUser(ctx);
      const id = user.user._id;
      putMedia(`avatars/${id}-dup.webp`, 'a');
      await knowMedia(`avatars/${id}-dup.webp`, id);
      await db
        .update(users)
        .set({ avatarUrl: mediaUrl(`avatars/${id}-dup.webp`) })
        .where(eq(users.id, id));
      const real = createStorage(ctx.config);
      let opened = 0;
      let release!: () => void;
      const bothIn = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Both runs read the export as pending before either marks it ready.
      const slow: Storage = {
        ...real,
        async open(key) {
          if (++opened === 2) release();
          await bothIn;
          return real.open(key);
        },
      };
      const services = createTestServices(ctx, { storage: slow, mailer });
      const [row] = await db.insert(accountExports).values({ userId: id }).returning();
      await Promise.all([
        services.accountExports.build(row!.id, { last: true }),
        services.accountExports.build(row!.id, { last: true }),
      ]);
      expect(zipsOf(id)).toHaveLength(1);
      const res = await call('GET', DOWNLOAD, user);
      expect(res.statusCode).toBe(200);
    });

    it('removes the zip of a build that fails after storing it', async () => {
      const user = await buildUser(ctx);
      const id = user.user._id;
      const [row] = await db.insert(accountExports).values({ userId: id }).returning();
      await db.execute(
        sql.raw(`create or replace function refuse_ready() returns trigger as $$
        begin raise exception 'database went away'; end $$ language plpgsql`),
      );
      await db.execute(
        sql.raw(`create trigger refuse_ready_${row!.id.replaceAll('-', '_')} before update on account_exports
          for each row when (new.id = '${row!.id}' and new.status = 'ready') execute function refuse_ready()`),
      );
      const services = createTestServices(ctx, { mailer });
      await expect(services.accountExports.build(row!.id, { last: true })).rejects.toThrow();
      expect(zipsOf(id)).toEqual([]);
      const [failed] = await db.select().from(accountExports).where(eq(accountExports.id, row!.id));
      expect(failed?.status).toBe('failed');
    });

    it('serves the latest ready zip even behind a newer pending or failed export', async () => {
      const user = await buildUser(ctx);
      const id = user.user._id;
      const services = createTestServices(ctx, { mailer });
      const [row] = await db.insert(accountExports).values({ userId: id }).returning();
      await services.accountExports.build(row!.id, { last: true });
      await db.insert(accountExports).values({ userId: id, status: 'failed', error: 'x' });
      expect((await call('GET', DOWNLOAD, user)).statusCode).toBe(200);
      await db.insert(accountExports).values({ userId: id });
      expect((await call('GET', DOWNLOAD, user)).statusCode).toBe(200);
    });

    it('removes the zip it just built when the account was deleted meanwhile', async () => {
      const user = await buildUser(ctx);
      const id = user.user._id;
      putMedia(`avatars/${id}-race.webp`, 'a');
      await knowMedia(`avatars/${id}-race.webp`, id);
      await db
        .update(users)
        .set({ avatarUrl: mediaUrl(`avatars/${id}-race.webp`) })
        .where(eq(users.id, id));
      const real = createStorage(ctx.config);
      const deleting: Storage = {
        ...real,
        // The account goes while its media are being read into the zip.
        async open(key) {
          await db.delete(users).where(eq(users.id, id));
          return real.open(key);
        },
      };
      const services = createTestServices(ctx, { storage: deleting, mailer });
      const [row] = await db.insert(accountExports).values({ userId: id }).returning();
      await services.accountExports.build(row!.id, { last: true });
      expect(await db.$count(accountExports, eq(accountExports.id, row!.id))).toBe(0);
      expect(zipsOf(id)).toEqual([]);
      expect(mails.some((m) => m.to === user.user.email)).toBe(false);
    });
  });

  describe('deleting one’s account', () => {
    const del = (who: TestUser, payload: object) => call('DELETE', '/api/users/me', who, payload);

    it('leaves nothing behind: rows of every table and files, even a file another account shows', async () => {
      const curator = await buildUser(ctx, { role: 'curator', name: 'Gone' });
      const id = curator.user._id;
      const other = await buildUser(ctx, { role: 'curator' });
      const fan = await buildUser(ctx);
      const second = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: curator.user.email, password: curator.password },
      });
      const secondSession = { authorization: `Bearer ${second.json().token}` };

      const avatar = putMedia(`avatars/${id}.webp`, 'a');
      const own = putMedia(`josies/${id}-own.webp`, 'b');
      const shared = putMedia(`josies/${id}-shared.webp`, 'c');
      await buildMedia(ctx, { owner: curator, storageKey: `avatars/${id}.webp` });
      await buildMedia(ctx, { owner: curator, storageKey: `josies/${id}-own.webp`, kind: 'josie-image' });
      await buildMedia(ctx, { owner: curator, storageKey: `josies/${id}-shared.webp`, kind: 'josie-image' });
      await db
        .update(users)
        .set({ avatarUrl: mediaUrl(`avatars/${id}.webp`) })
        .where(eq(users.id, id));
      const mine = await buildJosie(ctx, {
        creator: curator,
        paragraphs: [{ type: 'image', content: mediaUrl(`josies/${id}-own.webp`) }],
      });
      // Another account's josie (written before decision 0036) shows one of the deleted account's uploads:
      // that file goes too.
      const othersJosie = await buildJosie(ctx, {
        creator: other,
        paragraphs: [{ type: 'image', content: mediaUrl(`josies/${id}-shared.webp`) }],
      });
      await buildLike(ctx, { josie: mine, user: fan });
      await buildLike(ctx, { josie: othersJosie, user: curator });
      await buildSave(ctx, { josie: othersJosie, user: curator });
      await buildFollow(ctx, { follower: curator, curator: other });
      await buildFollow(ctx, { follower: fan, curator });
      await buildInvite(ctx, { creator: curator, usedBy: [fan], visits: 2 });
      await buildInvite(ctx, { creator: other, usedBy: [curator] });
      const [note] = await db
        .insert(notifications)
        .values({ userId: id, kind: 'follower', groupKey: 'g' })
        .returning();
      await db.insert(notificationActors).values({ notificationId: note!.id, actorId: fan.user._id });
      const [fansNote] = await db
        .insert(notifications)
        .values({ userId: other.user._id, kind: 'follower', groupKey: 'g' })
        .returning();
      await db.insert(notificationActors).values({ notificationId: fansNote!.id, actorId: id });
      await db.insert(oauthAccounts).values({ userId: id, provider: 'google', providerUserId: `g-${id}` });
      await db
        .insert(pushSubscriptions)
        .values({ userId: id, endpoint: `https://push.test/${id}`, p256dh: 'k', auth: 'a' });
      await db
        .insert(passwordResets)
        .values({ userId: id, tokenHash: `h-${id}`, expiresAt: new Date(Date.now() + 60_000) });
      await db.insert(emailLinks).values({
        userId: id,
        purpose: 'verify-email',
        tokenHash: `e-${id}`,
        expiresAt: new Date(Date.now() + 60_000),
      });
      expect((await call('POST', EXPORT, curator)).statusCode).toBe(202);
      await ctx.app.jobs.idle();
      const [exportRow] = await db.select().from(accountExports).where(eq(accountExports.userId, id));
      const zip = join(ctx.dataDir, 'private', exportRow!.storageKey!);
      expect(existsSync(zip)).toBe(true);

      const rows = async () => ({
        users: await db.$count(users, eq(users.id, id)),
        sessions: await db.$count(sessions, eq(sessions.userId, id)),
        josies: await db.$count(josies, eq(josies.creatorId, id)),
        likes: await db.$count(josieLikes, or(eq(josieLikes.userId, id), eq(josieLikes.josieId, mine.id))),
        saves: await db.$count(josieSaves, eq(josieSaves.userId, id)),
        follows: await db.$count(follows, or(eq(follows.followerId, id), eq(follows.curatorId, id))),
        invites: await db.$count(invites, eq(invites.creatorId, id)),
        inviteUses: await db.$count(inviteUses, eq(inviteUses.userId, id)),
        ownedMedia: await db.$count(media, eq(media.ownerId, id)),
        notifications: await db.$count(notifications, eq(notifications.userId, id)),
        actorOf: await db.$count(notificationActors, eq(notificationActors.actorId, id)),
        oauth: await db.$count(oauthAccounts, eq(oauthAccounts.userId, id)),
        push: await db.$count(pushSubscriptions, eq(pushSubscriptions.userId, id)),
        resets: await db.$count(passwordResets, eq(passwordResets.userId, id)),
        emailLinks: await db.$count(emailLinks, eq(emailLinks.userId, id)),
        exports: await db.$count(accountExports, eq(accountExports.userId, id)),
        events: await db.$count(securityEvents, eq(securityEvents.userId, id)),
      });
      const before = await rows();
      expect(Object.values(before).every((n) => n > 0)).toBe(true);

      // A wrong password (400, never 401: the web would sign out) changes nothing.
      const wrong = await del(curator, { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(400);
      // The same answer as the other checks of the current password (account/security.service.ts).
      expect(wrong.json()).toEqual({
        code: 'WRONG_PASSWORD',
        message: 'The current password is not correct',
      });
      expect(await rows()).toEqual(before);
      expect((await del(curator, {})).statusCode).toBe(400);

      const done = await del(curator, { password: curator.password });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ success: true });
      expect(String(done.headers['set-cookie'])).toMatch(/Max-Age=0/i);

      expect(await rows()).toEqual(Object.fromEntries(Object.keys(before).map((k) => [k, 0])));
      // Both sessions are gone, on this instance's cache too.
      expect((await ctx.app.inject({ url: '/api/users/me', headers: curator.auth })).statusCode).toBe(401);
      expect((await ctx.app.inject({ url: '/api/users/me', headers: secondSession })).statusCode).toBe(401);
      // The security log keeps the deletion, with no user.
      const deleted = await eventsOf(null, 'account-deleted');
      expect(deleted.length).toBeGreaterThanOrEqual(1);
      expect(JSON.stringify(deleted)).not.toContain(curator.password);

      // Files: every upload of the account is removed with its row (decision 0036).
      expect(existsSync(avatar)).toBe(false);
      expect(existsSync(own)).toBe(false);
      expect(existsSync(zip)).toBe(false);
      expect(existsSync(shared)).toBe(false);
      expect(await db.$count(media, eq(media.storageKey, `josies/${id}-shared.webp`))).toBe(0);
      const exportDir = join(ctx.dataDir, 'private', 'exports', id);
      expect(existsSync(exportDir) ? readdirSync(exportDir) : []).toEqual([]);
      // Others' counts follow: the josie the account liked lost its like.
      const [liked] = await db.select().from(josies).where(eq(josies.id, othersJosie.id));
      expect(liked!.likeCount).toBe(0);

      // The address can sign up again.
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: 'Back again', email: curator.user.email, password: 'a-new-password-9' },
      });
      expect(again.statusCode).toBe(201);
      const back = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: curator.user.email, password: 'a-new-password-9' },
      });
      expect(back.statusCode).toBe(200);
      expect(back.json().user._id).not.toBe(id);
    });

    it('refuses the last admin (409 LAST_ADMIN); an admin with another admin may leave', async () => {
      const first = await buildUser(ctx, { role: 'admin' });
      const last = await del(first, { password: first.password });
      expect(last.statusCode).toBe(409);
      expect(last.json().code).toBe('LAST_ADMIN');
      expect(await db.$count(users, eq(users.id, first.user._id))).toBe(1);

      const second = await buildUser(ctx, { role: 'admin' });
      expect((await del(first, { password: first.password })).statusCode).toBe(200);
      // Now the second is the last.
      expect((await del(second, { password: second.password })).json().code).toBe('LAST_ADMIN');
      expect(await db.$count(users, eq(users.id, second.user._id))).toBe(1);
    });

    it('confirms an account without a password by a mailed single-use link', async () => {
      const provider = await buildUser(ctx, { name: 'Only Google' });
      const id = provider.user._id;
      await db.update(users).set({ passwordHash: null }).where(eq(users.id, id));
      const withPassword = await buildUser(ctx);

      // A password is refused when there is none; a password account is asked for its password instead.
      expect((await del(provider, { password: 'anything' })).json().code).toBe('NO_PASSWORD');
      const refused = await call('POST', '/api/users/me/delete-link', withPassword);
      expect(refused.statusCode).toBe(400);
      expect(mails.some((m) => m.to === withPassword.user.email)).toBe(false);

      const sent = await call('POST', '/api/users/me/delete-link', provider);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ success: true });
      const mail = mails.find((m) => m.to === provider.user.email);
      expect(mail?.subject).toBe('Confirm deleting your Josie account');
      const link = mail?.text.match(/https:\/\/\S+\/account\/delete\?token=\S+/)?.[0];
      expect(link).toBeDefined();
      const token = new URL(link!).searchParams.get('token')!;
      expect(await eventsOf(id, 'deletion-requested')).toHaveLength(1);
      expect(JSON.stringify(await db.select().from(securityEvents))).not.toContain(token);

      // Another account cannot spend it, nor does its refusal spend it; a wrong token is refused.
      const stolen = await del(withPassword, { token });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().code).toBe('INVALID_EMAIL_LINK');
      expect(await db.$count(users, eq(users.id, withPassword.user._id))).toBe(1);
      expect((await del(provider, { token: 'not-the-token' })).json().code).toBe('INVALID_EMAIL_LINK');

      expect((await del(provider, { token })).statusCode).toBe(200);
      expect(await db.$count(users, eq(users.id, id))).toBe(0);

      // The link is spent: the address signs up again, and the old link deletes nothing.
      const back = await buildUser(ctx, { email: provider.user.email });
      const reuse = await del(back, { token });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().code).toBe('INVALID_EMAIL_LINK');
      expect(await db.$count(users, eq(users.id, back.user._id))).toBe(1);
    });

    it('limits password guesses per account across addresses, and counts delete links as account mails', async () => {
      const user = await buildUser(ctx);
      // Every call comes from a new address: only the per-account limit (RATE_LIMIT_AUTH_MAX, 20) holds.
      for (let i = 0; i < 20; i++) {
        expect((await del(user, { password: `wrong-guess-${i}` })).json().code).toBe('WRONG_PASSWORD');
      }
      const limited = await del(user, { password: user.password });
      expect(limited.statusCode).toBe(429);
      expect(await db.$count(users, eq(users.id, user.user._id))).toBe(1);

      const provider = await buildUser(ctx);
      await db.update(users).set({ passwordHash: null }).where(eq(users.id, provider.user._id));
      // RATE_LIMIT_VERIFICATION_MAX (5) mails per account, whatever the address.
      for (let i = 0; i < 5; i++) {
        expect((await call('POST', '/api/users/me/delete-link', provider)).statusCode).toBe(200);
      }
      expect((await call('POST', '/api/users/me/delete-link', provider)).statusCode).toBe(429);
    });

    it('answers 401 to a visitor and 400 to a body with neither or both confirmations', async () => {
      const user = await buildUser(ctx);
      expect((await call('DELETE', '/api/users/me', undefined, { password: 'x' })).statusCode).toBe(401);
      expect((await del(user, { password: user.password, token: 'x' })).statusCode).toBe(400);
      expect(await db.$count(users, eq(users.id, user.user._id))).toBe(1);
    });
  });
});
