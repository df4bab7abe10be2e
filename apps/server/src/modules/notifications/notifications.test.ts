import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildConfig, resolveVapidKeys } from '../../config.js';
import { pushSubscriptions, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { buildUser, type TestUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createNotificationsService, PUSH_NOT_CONFIGURED } from './service.js';
import { createUnsubscribeTokens } from './tokens.js';

const SUBSCRIPTIONS = '/api/users/me/push-subscriptions';

/** A browser's `PushSubscription.toJSON()` with real key sizes (65-byte P-256 point, 16-byte secret). */
function browserSubscription(endpoint = `https://push.example.test/send/${crypto.randomUUID()}`) {
  const point = Buffer.alloc(65, 7);
  point[0] = 4;
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: point.toString('base64url'), auth: Buffer.alloc(16, 9).toString('base64url') },
  };
}

describe('push subscription API', () => {
  let ctx: TestContext;
  let alice: TestUser;
  let bob: TestUser;
  const vapid = webpush.generateVAPIDKeys();

  const post = (user: TestUser | null, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: SUBSCRIPTIONS, headers: user?.auth, payload: payload as object });
  const remove = (user: TestUser | null, payload: unknown) =>
    ctx.app.inject({ method: 'DELETE', url: SUBSCRIPTIONS, headers: user?.auth, payload: payload as object });
  const stored = (endpoint: string) =>
    ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  beforeAll(async () => {
    ctx = await createTestContext({
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      PUSH_SERVICE_HOSTS: 'push.example.test',
    });
    alice = await buildUser(ctx);
    bob = await buildUser(ctx);
  });
  afterAll(() => ctx.close());

  it('answers the VAPID public key to anyone', async () => {
    const res = await ctx.app.inject({ url: '/api/push/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it("stores this browser's subscription for the signed-in user", async () => {
    const sub = browserSubscription();
    const res = await post(alice, sub);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect(await stored(sub.endpoint)).toMatchObject([
      { userId: alice.user._id, p256dh: sub.keys.p256dh, auth: sub.keys.auth },
    ]);
    // Subscribing again (a page reload) keeps one row.
    expect((await post(alice, sub)).statusCode).toBe(201);
    expect(await stored(sub.endpoint)).toHaveLength(1);
  });

  it('moves a browser to the account that registered it last, with its new keys', async () => {
    const sub = browserSubscription();
    await post(alice, sub);
    const renewed = { ...sub, keys: { ...sub.keys, auth: Buffer.alloc(16, 1).toString('base64url') } };
    expect((await post(bob, renewed)).statusCode).toBe(201);
    expect(await stored(sub.endpoint)).toMatchObject([{ userId: bob.user._id, auth: renewed.keys.auth }]);
  });

  it.each([
    ['an http endpoint', { ...browserSubscription('http://push.example.test/x') }],
    ['no endpoint', { keys: browserSubscription().keys }],
    [
      'a short p256dh key',
      { ...browserSubscription(), keys: { p256dh: 'AAAA', auth: browserSubscription().keys.auth } },
    ],
    [
      'an auth secret that is not base64url',
      { ...browserSubscription(), keys: { ...browserSubscription().keys, auth: 'not base64!' } },
    ],
  ])('refuses %s with 400', async (_what, payload) => {
    const res = await post(alice, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses visitors with 401', async () => {
    expect((await post(null, browserSubscription())).statusCode).toBe(401);
    expect((await remove(null, { endpoint: 'https://push.example.test/x' })).statusCode).toBe(401);
  });

  it("removes the user's own subscription only, and answers the same when there is none", async () => {
    const mine = browserSubscription();
    const theirs = browserSubscription();
    await post(alice, mine);
    await post(bob, theirs);
    expect((await remove(alice, { endpoint: theirs.endpoint })).statusCode).toBe(200);
    expect(await stored(theirs.endpoint)).toHaveLength(1);
    const res = await remove(alice, { endpoint: mine.endpoint });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await stored(mine.endpoint)).toEqual([]);
    expect((await remove(alice, { endpoint: mine.endpoint })).statusCode).toBe(200);
    expect((await remove(alice, {})).statusCode).toBe(400);
  });

  it("deletes a user's subscriptions with the account", async () => {
    const carol = await buildUser(ctx);
    const sub = browserSubscription();
    await post(carol, sub);
    await ctx.database.db.delete(users).where(eq(users.id, carol.user._id));
    expect(await stored(sub.endpoint)).toEqual([]);
  });
});

describe('web push configuration', () => {
  it('says push is not configured (503) when the server has no VAPID keys', async () => {
    const tokens = createUnsubscribeTokens('x'.repeat(32));
    const service = createNotificationsService({
      db: {} as never,
      push: null,
      tokens,
      users: {} as never,
      bus: { publish: () => {} },
      log: { warn: () => {} },
      extraPushServiceHosts: [],
    });
    const refusal = (() => {
      try {
        service.publicKey();
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 503, message: PUSH_NOT_CONFIGURED });
    const subscribe = service.subscribe(
      { id: crypto.randomUUID(), role: 'listener', sessionId: 's', email: 'a@b.c', name: 'A' },
      browserSubscription(),
    );
    await expect(subscribe).rejects.toMatchObject({ statusCode: 503 });
  });

  describe('resolveVapidKeys', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'josie-vapid-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('generates a key pair once into DATA_DIR in embedded mode and reuses it', () => {
      const config = buildConfig({ DATA_DIR: dataDir });
      let generated = 0;
      const generate = () => {
        generated += 1;
        return webpush.generateVAPIDKeys();
      };
      const first = resolveVapidKeys(config, generate);
      const second = resolveVapidKeys(config, generate);
      expect(generated).toBe(1);
      expect(second).toEqual(first);
      const file = join(dataDir, 'vapid-keys.json');
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it('uses the keys of the environment, and none on a real database without them', () => {
      const keys = webpush.generateVAPIDKeys();
      const fromEnv = buildConfig({
        DATA_DIR: dataDir,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
      });
      expect(resolveVapidKeys(fromEnv, webpush.generateVAPIDKeys)).toEqual(keys);
      const otherDir = mkdtempSync(join(tmpdir(), 'josie-vapid-'));
      const server = buildConfig({ DATA_DIR: otherDir, DATABASE_URL: 'postgres://db.example.test/josie' });
      expect(resolveVapidKeys(server, webpush.generateVAPIDKeys)).toBeNull();
      expect(existsSync(join(otherDir, 'vapid-keys.json'))).toBe(false);
      rmSync(otherDir, { recursive: true, force: true });
    });

    it('takes the VAPID subject from the environment, else mails the MAIL_FROM address', () => {
      expect(buildConfig({ MAIL_FROM: 'Josie <hello@josie.example>' }).push.subject).toBe(
        'mailto:hello@josie.example',
      );
      expect(buildConfig({ VAPID_SUBJECT: 'https://josie.example/contact' }).push.subject).toBe(
        'https://josie.example/contact',
      );
      expect(() => buildConfig({ VAPID_SUBJECT: 'josie.example' })).toThrow(/VAPID_SUBJECT/);
    });
  });
});

describe('unsubscribe tokens', () => {
  const tokens = createUnsubscribeTokens('a-jwt-secret-of-at-least-32-characters!');
  const userId = crypto.randomUUID();

  it('verifies what it signed', () => {
    expect(tokens.verify(tokens.sign(userId))).toEqual({ userId, kind: 'emails' });
  });

  it('refuses tokens altered, signed with another secret, or malformed', () => {
    const token = tokens.sign(userId);
    const other = createUnsubscribeTokens('another-secret-of-at-least-32-characters');
    const [, kind, mac] = token.split('.');
    expect(tokens.verify(`${crypto.randomUUID()}.${kind}.${mac}`)).toBeNull();
    expect(tokens.verify(`${userId}.newsletter.${mac}`)).toBeNull();
    expect(tokens.verify(`${token.slice(0, -2)}AA`)).toBeNull();
    expect(tokens.verify(other.sign(userId))).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify(`${userId}.emails`)).toBeNull();
    expect(tokens.verify('not-a-uuid.emails.abc')).toBeNull();
  });
});

describe('push subscriptions: known push services, a cap per account, a rate limit', () => {
  let ctx: TestContext;
  const vapid = webpush.generateVAPIDKeys();
  const fcm = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;
  const storedOf = (userId: string) =>
    ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  beforeAll(async () => {
    // No PUSH_SERVICE_HOSTS: only the known push services.
    ctx = await createTestContext({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
  });
  afterAll(() => ctx.close());

  const post = (user: TestUser, endpoint: string) =>
    ctx.app.inject({
      method: 'POST',
      url: SUBSCRIPTIONS,
      headers: user.auth,
      payload: browserSubscription(endpoint),
    });

  it('refuses an endpoint that is not a known push service with 400, storing nothing, warning once', async () => {
    const user = await buildUser(ctx);
    for (const endpoint of [
      'https://127.0.0.5/push/1',
      'https://push.example.test/send/1',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
    ]) {
      const res = await post(user, endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().code, endpoint).toBe('PUSH_SERVICE_NOT_ALLOWED');
    }
    expect(await storedOf(user.user._id)).toEqual([]);

    const warnings: unknown[] = [];
    const service = createNotificationsService({
      db: ctx.database.db,
      push: { publicKey: vapid.publicKey } as never,
      tokens: createUnsubscribeTokens('x'.repeat(32)),
      users: {} as never,
      bus: { publish: () => {} },
      log: { warn: (...args: unknown[]) => warnings.push(args) },
      extraPushServiceHosts: [],
    });
    await expect(
      service.subscribe(user.user as never, browserSubscription('https://127.0.0.9/push/2')),
    ).rejects.toMatchObject({ statusCode: 400, code: 'PUSH_SERVICE_NOT_ALLOWED' });
    expect(warnings).toHaveLength(1);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])('accepts %s', async (endpoint) => {
    const user = await buildUser(ctx);
    expect((await post(user, endpoint)).statusCode).toBe(201);
  });

  it('keeps the 10 newest subscriptions of an account, dropping the oldest', async () => {
    const user = await buildUser(ctx);
    const service = createNotificationsService({
      db: ctx.database.db,
      push: { publicKey: vapid.publicKey } as never,
      tokens: createUnsubscribeTokens('x'.repeat(32)),
      users: {} as never,
      bus: { publish: () => {} },
      log: { warn: () => {} },
      extraPushServiceHosts: [],
    });
    const endpoints = Array.from({ length: 12 }, fcm);
    for (const endpoint of endpoints) {
      await service.subscribe({ id: user.user._id } as never, browserSubscription(endpoint));
    }
    const kept = (await storedOf(user.user._id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(2).sort());
  });

  it('answers 429 past 10 subscriptions a minute from one account', async () => {
    const user = await buildUser(ctx);
    for (let i = 0; i < 10; i++) expect((await post(user, fcm())).statusCode).toBe(201);
    const over = await post(user, fcm());
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('RATE_LIMITED');
  });
});
