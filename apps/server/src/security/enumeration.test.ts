/**
 * Enumeration (docs/decisions/0005-security-and-reliability-checks.md): josie ids, invite codes, reset tokens
 * and accounts cannot be told apart by their answers, nor by a timing difference worth measuring.
 *
 * Invites answer 404 for an unknown code and 410 for a disabled or expired one, by design
 * (docs/product/routes-and-roles.md#api, docs/product/differences.md#invite-expiry: the landing page says why
 * it cannot be used), always with the same message. Codes are 128 random bits, so the status tells nothing an
 * attacker can use: finding a disabled code is as hard as finding a live one. Decision 0005.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../db/schema.js';
import { insertPasswordReset } from '../modules/account/reset.queries.js';
import { createPasswordResetService, hashResetToken } from '../modules/account/reset.service.js';
import {
  buildAuthHeaders,
  buildOwner,
  buildUserRow,
  FIXTURE_PASSWORD,
  type Owner,
} from '../test/factories.js';
import { createTestContext, createTestServices, type TestContext } from '../test/harness.js';

/** Samples per side of a timing comparison. */
const SAMPLES = 30;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

let address = 0;
/** A fresh client address per request, so per-address rate limits never interfere with a measurement. */
const nextAddress = () => `100.64.${Math.floor(++address / 250)}.${address % 250}`;

/**
 * Times `a(i)` and `b(i)` alternately (so that the busy machine's ups and downs hit both alike) and
 * asserts their medians differ by less than half the larger one (at least 5 ms): a generous bound that
 * still catches a path doing real extra work (an argon2 hash, a write, a network call).
 */
async function expectSimilarTiming(
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
  samples = SAMPLES,
  /** A pause after each call, untimed, for work a call leaves running after its answer. */
  settleMs = 0,
): Promise<{ a: number; b: number }> {
  const settle = () => (settleMs ? new Promise((resolve) => setTimeout(resolve, settleMs)) : undefined);
  const ta: number[] = [];
  const tb: number[] = [];
  // One warm-up of each (first-call costs: prepared statements, lazy hashes).
  await a(-1);
  await b(-1);
  for (let i = 0; i < samples; i++) {
    let t = performance.now();
    await a(i);
    ta.push(performance.now() - t);
    await settle();
    t = performance.now();
    await b(i);
    tb.push(performance.now() - t);
    await settle();
  }
  const ma = median(ta);
  const mb = median(tb);
  expect(Math.abs(ma - mb), `medians ${ma.toFixed(2)} ms vs ${mb.toFixed(2)} ms`).toBeLessThan(
    Math.max(0.5 * Math.max(ma, mb), 5),
  );
  return { a: ma, b: mb };
}

// Timing comparisons run beside other test files on two cores: a neighbour's burst can land on one side's
// samples. A path that really does more work fails every attempt; a burst does not repeat, hence retries.
describe('enumeration', { retry: 2 }, () => {
  let ctx: TestContext;
  let owner: Owner;
  let other: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_AUTH_MAX: '100000' });
    owner = await buildOwner(ctx);
    other = await buildAuthHeaders(ctx, (await buildUserRow(ctx, { role: 'curator' })).id);
  });
  afterAll(() => ctx.close());

  describe('josie ids', () => {
    const get = (id: string, headers = other) => ctx.app.inject({ url: `/api/josies/${id}`, headers });

    it("answers an unknown, a malformed and another curator's pending josie with the same 404", async () => {
      const ids = [crypto.randomUUID(), 'not-a-uuid', '0', encodeURIComponent("1' or '1'='1"), owner.josieId];
      for (const [method, suffix] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['POST', '/like'],
        ['POST', '/save'],
      ] as const) {
        const answers = [];
        for (const id of ids) {
          const res = await ctx.app.inject({
            method,
            url: `/api/josies/${id}${suffix}`,
            headers: other,
            ...(method === 'PUT'
              ? { payload: { title: 'x', paragraphs: [{ type: 'text', content: 'x' }], baseVersion: 1 } }
              : {}),
          });
          answers.push(`${res.statusCode} ${res.body}`);
        }
        expect(new Set(answers), `${method} :id${suffix}: ${answers.join(' | ')}`).toEqual(
          new Set([answers[0]]),
        );
        expect(answers[0]).toMatch(/^404 /);
      }
    });

    it('takes as long for a hidden josie as for an unknown one', async () => {
      await expectSimilarTiming(
        () => get(crypto.randomUUID()),
        () => get(owner.josieId),
      );
    });
  });

  describe('invite codes', () => {
    let disabled: string;
    let expired: string;

    beforeAll(async () => {
      const a = await buildOwner(ctx);
      const b = await buildOwner(ctx);
      await ctx.database.db.update(invites).set({ isActive: false }).where(eq(invites.id, a.inviteId));
      await ctx.database.db
        .update(invites)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invites.id, b.inviteId));
      disabled = a.inviteCode;
      expired = b.inviteCode;
    });

    const landing = (code: string) =>
      ctx.app.inject({ url: `/api/invites/code/${encodeURIComponent(code)}`, remoteAddress: nextAddress() });

    it('answers an unknown, a disabled and an expired code with the same message (404 vs 410 by design)', async () => {
      const unknown = await landing('A'.repeat(22));
      const off = await landing(disabled);
      const old = await landing(expired);
      expect(unknown.statusCode).toBe(404);
      expect(off.statusCode).toBe(410);
      expect(old.statusCode).toBe(410);
      expect(off.json().message).toBe(unknown.json().message);
      expect(old.json()).toEqual(off.json());
      expect(unknown.json().message).toBe('This invite link is invalid or has expired');
    });

    it('takes as long for a disabled code as for an unknown one', async () => {
      await expectSimilarTiming(
        () => landing(`${crypto.randomUUID().replaceAll('-', '').slice(0, 22)}`),
        () => landing(disabled),
      );
    });
  });

  describe('password reset tokens and accounts', () => {
    let account: { id: string; email: string };
    let stranger: { id: string; email: string };
    const complete = (email: string, token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/reset-password/complete',
        remoteAddress: nextAddress(),
        payload: { email, token, newPassword: 'a-new-password-1' },
      });

    beforeAll(async () => {
      account = await buildUserRow(ctx, { role: 'listener' });
      stranger = await buildUserRow(ctx, { role: 'listener' });
      const hour = 3_600_000;
      await insertPasswordReset(
        ctx.database.db,
        account.id,
        hashResetToken('expired-token-expired-token'),
        new Date(Date.now() - 1000),
      );
      await insertPasswordReset(
        ctx.database.db,
        stranger.id,
        hashResetToken('strangers-token-strangers'),
        new Date(Date.now() + hour),
      );
      await insertPasswordReset(
        ctx.database.db,
        account.id,
        hashResetToken('used-token-used-token-used'),
        new Date(Date.now() + hour),
      );
      expect((await complete(account.email, 'used-token-used-token-used')).statusCode).toBe(200);
    });

    it('answers unknown, expired, used and other-account tokens alike', async () => {
      const answers = [
        await complete('nobody@example.test', 'whatever-token-whatever'),
        await complete(account.email, 'guessed-token-guessed-token'),
        await complete(account.email, 'expired-token-expired-token'),
        await complete(account.email, 'used-token-used-token-used'),
        await complete(account.email, 'strangers-token-strangers'),
      ].map((r) => `${r.statusCode} ${r.body}`);
      expect(new Set(answers), answers.join(' | ')).toEqual(new Set([answers[0]]));
      expect(answers[0]).toMatch(/^400 .*INVALID_RESET_TOKEN/);
    });

    it('takes as long for a real account with a wrong token as for an unknown account', async () => {
      await expectSimilarTiming(
        () => complete(`nobody-${crypto.randomUUID()}@example.test`, 'guessed-token-guessed-token'),
        () => complete(account.email, `guessed-${crypto.randomUUID()}`),
      );
    });

    // The token row and the email are written after answering. Sign-up tells whether an address has an
    // account anyway (409, docs/product/routes-and-roles.md#api), but a reset request should not add a
    // quieter way to ask.
    it('answers and times a reset request for an unknown address like one for an account', async () => {
      const initiate = (email: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/users/reset-password/initiate',
          remoteAddress: nextAddress(),
          payload: { email },
        });
      const known = await initiate(stranger.email);
      const unknown = await initiate('no-account@example.test');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      // The email is built and written after each answer: let it finish outside the measured time.
      await expectSimilarTiming(
        () => initiate(`nobody-${crypto.randomUUID()}@example.test`),
        () => initiate(stranger.email),
        SAMPLES,
        50,
      );
    });

    it('writes the token row only after the answer has been produced', async () => {
      const inserts: string[] = [];
      // The real database, recording each insert as it is issued.
      const db = new Proxy(ctx.database.db, {
        get(target, property, receiver) {
          if (property === 'insert') inserts.push('insert');
          return Reflect.get(target, property, receiver);
        },
      });
      const sent: string[] = [];
      const services = createTestServices(ctx);
      const service = createPasswordResetService({
        db,
        mailer: { send: async (mail) => void sent.push(mail.to) },
        publicUrl: 'https://josie.example',
        log: { error: () => {} },
        users: services.users,
        sessions: services.auth,
      });
      await service.initiate({ email: stranger.email });
      // What the route answers is ready; nothing has been written or sent yet.
      expect(inserts).toEqual([]);
      expect(sent).toEqual([]);
      await service.drain();
      expect(inserts).toEqual(['insert']);
      expect(sent).toEqual([stranger.email]);
    });
  });

  describe('sign-in', () => {
    const login = (email: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextAddress(),
        payload: { email, password },
      });

    it('answers and times an unknown email like a wrong password (argon2 runs for both)', async () => {
      // Eight accounts share the wrong guesses, so none reaches the lockout (5 failures).
      const accounts: { id: string; email: string }[] = [];
      for (let i = 0; i < 8; i++) accounts.push(await buildUserRow(ctx, { role: 'listener' }));
      const unknown = await login('nobody-at-all@example.test', 'wrong-password-1');
      const wrong = await login(accounts[0]!.email, 'wrong-password-1');
      expect(unknown.statusCode).toBe(401);
      expect(unknown.body).toBe(wrong.body);
      expect((await login(accounts[1]!.email, FIXTURE_PASSWORD)).statusCode).toBe(200);
      // 16 samples a side: each costs an argon2 verification (tens of ms).
      await expectSimilarTiming(
        () => login(`nobody-${crypto.randomUUID()}@example.test`, 'wrong-password-2'),
        (i) => login(accounts[(i + 8) % 8]!.email, 'wrong-password-2'),
        16,
      );
    });
  });
});
