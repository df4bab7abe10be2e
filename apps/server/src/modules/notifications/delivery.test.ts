import type { PushNotificationPayload } from '@josie/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../../adapters/smtp-sink.testing.js';
import { pushSubscriptions, users } from '../../db/schema.js';
import {
  approveJosie,
  buildJosieViaApi,
  buildUser,
  rejectJosie,
  type TestUser,
} from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { jobRows } from '../../test/jobs.js';
import {
  type PushServiceStandin,
  STANDIN_CA_FILE,
  type StandinSubscription,
  startPushServiceStandin,
} from '../../test/standins/push-service.js';
import { fullParagraphs } from '../josies/testing.js';

const PUBLIC_URL = 'https://josie.example.test';

let address = 0;
/** A fresh client address per request, so that per-address limits stay out of these tests. */
const ip = () => `203.0.113.${(address++ % 250) + 1}`;

/** The server's environment: SMTP to the sink, push to the stand-in, quick retries. */
function serverEnv(sink: SmtpSink, vapid = webpush.generateVAPIDKeys()) {
  return {
    PUBLIC_URL,
    SMTP_URL: sink.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@josie.example.test',
    PUSH_ALLOWED_ADDRESSES: '127.0.0.1',
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    PUSH_CA_FILE: STANDIN_CA_FILE,
    JOBS_RETRY_BASE_MS: '100',
    RATE_LIMIT_AUTH_MAX: '10000',
  };
}

/** Waits until `check` answers a value (polling), or fails after `timeoutMs`. */
async function until<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The link to unsubscribe in a received email's plain text. */
function unsubscribeLink(mail: ReceivedMail): URL {
  const match = mail.email.text?.match(/https:\/\/\S+\/api\/notifications\/unsubscribe\?token=\S+/);
  if (!match) throw new Error(`no unsubscribe link in: ${mail.email.text}`);
  return new URL(match[0]);
}

const header = (mail: ReceivedMail, name: string) =>
  mail.email.headers.find((h) => h.key === name.toLowerCase())?.value;

describe('notification delivery (docs/product/rules-and-limits.md#notifications-and-install)', () => {
  let ctx: TestContext;
  let sink: SmtpSink;
  let pushService: PushServiceStandin;
  let editor: TestUser;

  /**
   * Waits until the review notification of `josieId` exists and every notification job has finished
   * (retries included), so that "nothing was sent" can be asserted.
   */
  async function settled(josieId: string) {
    await until(async () => {
      // Notification jobs only (`notify.*`, `send.*`), not the analytics purge.
      const rows = (await jobRows(ctx.database, '%')).filter((r) => !r.name.startsWith('analytics.'));
      const notify = rows.filter((r) => (r.payload as { josieId?: string }).josieId === josieId);
      const open = rows.filter((r) => r.state === 'queued' || r.state === 'active');
      return notify.length > 0 && open.length === 0;
    });
  }

  async function curator(opts: { language?: 'en' | 'he'; name?: string } = {}) {
    const user = await buildUser(ctx, { role: 'curator', name: opts.name });
    if (opts.language) {
      await ctx.database.db
        .update(users)
        .set({ preferredLanguage: opts.language })
        .where(eq(users.id, user.user._id));
    }
    return user;
  }

  const setting = (user: TestUser, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers: user.auth,
      payload,
    });

  /** Subscribes the user's (simulated) browser at the push service stand-in through the API. */
  async function subscribe(user: TestUser): Promise<StandinSubscription> {
    const subscription = pushService.subscribe();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/push-subscriptions',
      headers: user.auth,
      payload: subscription.json,
    });
    expect(res.statusCode, res.body).toBe(201);
    return subscription;
  }

  async function follow(follower: TestUser, curatorUser: TestUser) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/follow/${curatorUser.user._id}`,
      headers: follower.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const pushTo = async (subscription: StandinSubscription) => {
    const message = await pushService.waitFor((m) => m.subscriptionId === subscription.id);
    return JSON.parse(message.text) as PushNotificationPayload;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    pushService = await startPushServiceStandin();
    ctx = await createTestContext(serverEnv(sink));
    editor = await buildUser(ctx, { role: 'editor' });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
    await pushService.close();
  });

  describe('email', () => {
    it("emails a Hebrew-preferring curator the editor's rejection in Hebrew, with the reason and an edit link", async () => {
      const author = await curator({ language: 'he', name: 'נועה' });
      const josie = await buildJosieViaApi(ctx, author, { title: 'שירי לילה' });
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${josie._id}/reject`,
        headers: editor.auth,
        payload: { rejectionReason: 'Please add the artist name' },
      });
      expect(res.statusCode).toBe(200);

      const mail = await sink.waitFor((m) => m.recipients.includes(author.user.email));
      expect(mail.email.subject).toBe('הג׳וזי שלכם „\u2068שירי לילה\u2069” צריכה שינויים');
      expect(mail.email.text).toContain('שלום \u2068נועה\u2069,');
      expect(mail.email.text).toContain('„\u2068Please add the artist name\u2069”');
      expect(mail.email.text).toContain(`${PUBLIC_URL}/josie/edit/${josie._id}`);
      expect(mail.email.html).toContain('<html lang="he" dir="rtl">');
      expect(mail.email.html).toContain(`href="${PUBLIC_URL}/josie/edit/${josie._id}"`);
      // One-click unsubscribe: a link in the body and the RFC 2369 / RFC 8058 headers.
      const link = unsubscribeLink(mail);
      expect(mail.email.html).toContain(link.toString().replaceAll('&', '&amp;'));
      expect(header(mail, 'List-Unsubscribe')).toBe(`<${link}>`);
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    });

    it('emails an approval in English with a link to the josie', async () => {
      const author = await curator({ name: 'Dana' });
      const josie = await buildJosieViaApi(ctx, author, { title: 'Night Drive' });
      await approveJosie(ctx, editor, josie._id);
      const mail = await sink.waitFor((m) => m.recipients.includes(author.user.email));
      expect(mail.email.subject).toBe('Your josie "\u2068Night Drive\u2069" is published');
      expect(mail.email.text).toContain('Hi \u2068Dana\u2069,');
      expect(mail.email.text).toContain(`${PUBLIC_URL}/josie/${josie._id}`);
      expect(mail.email.html).toContain('<html lang="en" dir="ltr">');
    });

    it('sends no email to a curator who turned emails off', async () => {
      const author = await curator();
      expect((await setting(author, { allowEmails: false })).statusCode).toBe(200);
      const josie = await buildJosieViaApi(ctx, author);
      await rejectJosie(ctx, editor, josie._id, 'Too short');
      await settled(josie._id);
      expect(sink.messages.filter((m) => m.recipients.includes(author.user.email))).toEqual([]);
    });

    it('emails the curator when someone joins through their invite', async () => {
      const host = await curator({ name: 'Maya' });
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/invites',
        headers: host.auth,
        payload: { inviteText: 'Come listen' },
      });
      expect(created.statusCode).toBe(201);
      const guest = await buildUser(ctx, { name: 'Avi' });
      const joined = await ctx.app.inject({
        method: 'POST',
        url: `/api/invites/code/${created.json().invite.code}/register`,
        headers: guest.auth,
        remoteAddress: ip(),
      });
      expect(joined.statusCode).toBe(200);
      const mail = await sink.waitFor((m) => m.recipients.includes(host.user.email));
      expect(mail.email.subject).toBe('\u2068Avi\u2069 joined Josie through your invite');
      expect(mail.email.text).toContain(`${PUBLIC_URL}/invites`);
      expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    });

    it('changes nothing on GET or HEAD of the link (scanners); its page asks, its form POST unsubscribes', async () => {
      const author = await curator({ language: 'he' });
      const josie = await buildJosieViaApi(ctx, author);
      await rejectJosie(ctx, editor, josie._id, 'Needs a cover');
      const link = unsubscribeLink(await sink.waitFor((m) => m.recipients.includes(author.user.email)));
      const path = `${link.pathname}${link.search}`;
      const allowEmails = async () =>
        (await ctx.app.inject({ url: '/api/users/me', headers: author.auth })).json().notificationSettings
          .allowEmails;

      // A scanner fetching the link, with or without asking for HTML, and a HEAD: emails stay on.
      const page = await ctx.app.inject({ url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<html lang="he" dir="rtl">');
      expect(page.body).toContain('להפסיק את ההתראות בדוא״ל?');
      expect(page.body).not.toContain('ההסרה בוצעה');
      expect((await ctx.app.inject({ url: path })).statusCode).toBe(200);
      const head = await ctx.app.inject({ method: 'HEAD', url: path });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      expect(await allowEmails()).toBe(true);

      // The page's confirm button posts its form: emails go off and the answer is a page, in Hebrew.
      const form = /<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/.exec(page.body);
      expect(form, page.body).not.toBeNull();
      const action = form![1]!.replaceAll('&amp;', '&');
      const fields = new URLSearchParams(
        [...form![2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
          (m) => [m[1]!, m[2]!] as [string, string],
        ),
      );
      expect(form![2]).toMatch(/<button type="submit"[^>]*>הסרה<\/button>/);
      const confirmed = await ctx.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: fields.toString(),
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.headers['content-type']).toContain('text/html');
      expect(confirmed.body).toContain('<html lang="he" dir="rtl">');
      expect(confirmed.body).toContain('ההסרה בוצעה');
      expect(await allowEmails()).toBe(false);

      // Turned back on in the account, then off again by the mail client's one-click POST (RFC 8058).
      await setting(author, { allowEmails: true });
      const oneClick = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.json()).toEqual({ success: true });
      expect(await allowEmails()).toBe(false);
    });

    it('shows an English page with the confirm button to an English-speaking recipient', async () => {
      const author = await curator();
      const josie = await buildJosieViaApi(ctx, author);
      await rejectJosie(ctx, editor, josie._id, 'Needs a cover');
      const link = unsubscribeLink(await sink.waitFor((m) => m.recipients.includes(author.user.email)));
      const page = await ctx.app.inject({
        url: `${link.pathname}${link.search}`,
        headers: { accept: 'text/html' },
      });
      expect(page.body).toContain('<html lang="en" dir="ltr">');
      expect(page.body).toContain('Turn off email notifications?');
      expect(page.body).toMatch(/<button type="submit"[^>]*>Unsubscribe<\/button>/);
    });

    it('refuses a forged or altered unsubscribe token and changes nothing', async () => {
      const victim = await curator();
      const forged = `${victim.user._id}.emails.${'A'.repeat(43)}`;
      const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`;
      const page = await ctx.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(400);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('This link is not valid');
      const api = await ctx.app.inject({ url });
      expect(api.statusCode).toBe(400);
      expect(api.json()).toEqual({
        message: 'This unsubscribe link is not valid',
        code: 'INVALID_UNSUBSCRIBE_TOKEN',
      });
      const post = await ctx.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(post.statusCode).toBe(400);
      expect(post.json().code).toBe('INVALID_UNSUBSCRIBE_TOKEN');
      const head = await ctx.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(400);
      const formPost = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(formPost.statusCode).toBe(400);
      expect(formPost.headers['content-type']).toContain('text/html');
      expect(formPost.body).toContain('This link is not valid');
      const missing = await ctx.app.inject({ url: '/api/notifications/unsubscribe' });
      expect(missing.statusCode).toBe(400);
      const me = await ctx.app.inject({ url: '/api/users/me', headers: victim.auth });
      expect(me.json().notificationSettings.allowEmails).toBe(true);
    });
  });

  describe('web push', () => {
    it("pushes a curator's approved josie to followers who allow push, each in their language", async () => {
      const author = await curator({ name: 'Lior' });
      const [fan, hebrewFan, quietFan] = await Promise.all([buildUser(ctx), buildUser(ctx), buildUser(ctx)]);
      await ctx.database.db
        .update(users)
        .set({ preferredLanguage: 'he' })
        .where(eq(users.id, hebrewFan.user._id));
      for (const f of [fan, hebrewFan, quietFan]) await follow(f, author);
      const [fanBrowser, hebrewBrowser, quietBrowser] = [
        await subscribe(fan),
        await subscribe(hebrewFan),
        await subscribe(quietFan),
      ];
      await setting(quietFan, { allowPushNotifications: false });
      const authorBrowser = await subscribe(author);

      const josie = await buildJosieViaApi(ctx, author, { title: 'Sunset Groove' });
      await approveJosie(ctx, editor, josie._id);

      expect(await pushTo(fanBrowser)).toEqual({
        title: 'New josie from \u2068Lior\u2069',
        body: '\u2068Sunset Groove\u2069',
        url: `/josie/${josie._id}`,
        tag: `josie-${josie._id}`,
        lang: 'en',
        dir: 'ltr',
      });
      expect(await pushTo(hebrewBrowser)).toMatchObject({
        title: 'ג׳וזי חדשה מאת \u2068Lior\u2069',
        body: '\u2068Sunset Groove\u2069',
        lang: 'he',
        dir: 'rtl',
      });
      // The curator is told of the decision, not of their own new josie.
      expect(await pushTo(authorBrowser)).toMatchObject({
        title: 'Your josie is published',
        url: `/josie/${josie._id}`,
      });
      await settled(josie._id);
      expect(pushService.messages.filter((m) => m.subscriptionId === quietBrowser.id)).toEqual([]);
      expect(pushService.messages.filter((m) => m.subscriptionId === authorBrowser.id)).toHaveLength(1);
      const delivered = pushService.messages.find((m) => m.subscriptionId === fanBrowser.id)!;
      expect(delivered.headers['content-encoding']).toBe('aes128gcm');
      expect(delivered.headers.ttl).toBe(String(24 * 60 * 60));
      // What travelled is ciphertext: the title is not readable without the browser's keys.
      expect(delivered.body.includes(Buffer.from('Sunset Groove'))).toBe(false);
    });

    it("pushes the editor's rejection to the curator with the reason, opening the edit page", async () => {
      const author = await curator({ language: 'he' });
      const browser = await subscribe(author);
      const josie = await buildJosieViaApi(ctx, author, { title: 'Blue' });
      await rejectJosie(ctx, editor, josie._id, 'Add a video');
      expect(await pushTo(browser)).toEqual({
        title: 'הג׳וזי שלכם צריכה שינויים',
        body: '„\u2068Blue\u2069”: \u2068Add a video\u2069',
        url: `/josie/edit/${josie._id}`,
        tag: `review-${josie._id}`,
        lang: 'he',
        dir: 'rtl',
      });
    });

    it('retries a push the push service failed once, and delivers it', async () => {
      const author = await curator();
      const fan = await buildUser(ctx);
      await follow(fan, author);
      const browser = await subscribe(fan);
      pushService.failNext(browser.id, { status: 503, body: 'try later' });

      const josie = await buildJosieViaApi(ctx, author, { title: 'Second Try' });
      const started = Date.now();
      await approveJosie(ctx, editor, josie._id);
      expect((await pushTo(browser)).body).toBe('\u2068Second Try\u2069');
      expect(
        pushService.requests.filter((r) => r.subscriptionId === browser.id).map((r) => r.status),
      ).toEqual([503, 201]);
      // The retry waited for its back-off (at least half the 100 ms base).
      expect(Date.now() - started).toBeGreaterThanOrEqual(50);
      const [stored] = await ctx.database.db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, browser.json.endpoint));
      const sends = await until(async () => {
        const rows = (
          await jobRows(ctx.database, 'send.push', { field: 'subscriptionId', value: stored!.id })
        ).map(({ attempts, state, lastError }) => ({ attempts, state, lastError }));
        return rows.every((r) => r.state !== 'active') && rows;
      });
      expect(sends).toEqual([{ attempts: 2, state: 'completed', lastError: null }]);
    });

    it('removes a subscription the push service answers 410 Gone for', async () => {
      const author = await curator();
      const fan = await buildUser(ctx);
      await follow(fan, author);
      const gone = await subscribe(fan);
      const alive = await subscribe(fan);
      pushService.expire(gone.id);

      const josie = await buildJosieViaApi(ctx, author);
      await approveJosie(ctx, editor, josie._id);
      await pushTo(alive);
      await settled(josie._id);
      const left = await ctx.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.endpoint, [gone.json.endpoint, alive.json.endpoint]));
      expect(left).toEqual([{ endpoint: alive.json.endpoint }]);
      expect(pushService.requests.filter((r) => r.subscriptionId === gone.id).map((r) => r.status)).toEqual([
        410,
      ]);
    });

    it('does not push followers again when an edited josie is approved again', async () => {
      const author = await curator();
      const fan = await buildUser(ctx);
      await follow(fan, author);
      const browser = await subscribe(fan);
      const josie = await buildJosieViaApi(ctx, author, { title: 'Once' });
      await approveJosie(ctx, editor, josie._id);
      await pushTo(browser);
      const edited = await ctx.app.inject({
        method: 'PUT',
        url: `/api/josies/${josie._id}`,
        headers: author.auth,
        payload: { title: 'Once, edited', paragraphs: fullParagraphs(), baseVersion: josie.version },
      });
      expect(edited.statusCode).toBe(200);
      await approveJosie(ctx, editor, josie._id);
      await until(async () => {
        const rows = await jobRows(ctx.database, 'notify.josie-reviewed', {
          field: 'josieId',
          value: josie._id,
        });
        return rows.length === 2;
      });
      await settled(josie._id);
      expect(pushService.messages.filter((m) => m.subscriptionId === browser.id)).toHaveLength(1);
    });
  });
});

describe('notifications centre delivery (docs/decisions/0024-notifications-centre.md)', () => {
  let ctx: TestContext;
  let sink: SmtpSink;
  let pushService: PushServiceStandin;
  let editor: TestUser;

  const setting = (user: TestUser, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me/notification-settings',
      headers: user.auth,
      payload,
    });
  const follow = (follower: TestUser, curatorUser: TestUser) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/users/follow/${curatorUser.user._id}`,
      headers: follower.auth,
    });
  async function subscribe(user: TestUser): Promise<StandinSubscription> {
    const subscription = pushService.subscribe();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/me/push-subscriptions',
      headers: user.auth,
      payload: subscription.json,
    });
    expect(res.statusCode, res.body).toBe(201);
    return subscription;
  }
  const language = (user: TestUser, preferredLanguage: 'en' | 'he') =>
    ctx.database.db.update(users).set({ preferredLanguage }).where(eq(users.id, user.user._id));

  beforeAll(async () => {
    sink = await startSmtpSink();
    pushService = await startPushServiceStandin();
    ctx = await createTestContext(serverEnv(sink));
    editor = await buildUser(ctx, { role: 'editor' });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
    await pushService.close();
  });

  it('a kind’s email switch turned off stops the review mail the defaults send; in-app stays', async () => {
    const author = await buildUser(ctx, { role: 'curator' });
    const res = await setting(author, { kinds: { 'josie-approved': { email: false } } });
    expect(res.statusCode).toBe(200);
    const josie = await buildJosieViaApi(ctx, author, { title: 'Quiet' });
    await approveJosie(ctx, editor, josie._id);
    await ctx.app.jobs.idle();
    expect(sink.messages.filter((m) => m.recipients.includes(author.user.email))).toEqual([]);
    const list = await ctx.app.inject({ url: '/api/notifications', headers: author.auth });
    expect(list.json().data.notifications).toMatchObject([{ kind: 'josie-approved' }]);
  });

  it('emails and pushes a new follower in Hebrew when the curator turned both on', async () => {
    const host = await buildUser(ctx, { role: 'curator', name: 'נועה' });
    await language(host, 'he');
    const browser = await subscribe(host);
    expect((await setting(host, { kinds: { follower: { email: true, push: true } } })).statusCode).toBe(200);
    const fan = await buildUser(ctx, { name: 'דן' });
    expect((await follow(fan, host)).statusCode).toBe(200);
    const mail = await sink.waitFor((m) => m.recipients.includes(host.user.email));
    expect(mail.email.subject).toBe('\u2068דן\u2069 עוקב/ת אחריכם ב-Josie');
    expect(mail.email.html).toContain('<html lang="he" dir="rtl">');
    expect(mail.email.text).toContain(`${PUBLIC_URL}/profile/${fan.user._id}`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const message = await pushService.waitFor((m) => m.subscriptionId === browser.id);
    expect(JSON.parse(message.text)).toMatchObject({
      title: 'עוקב/ת חדש/ה',
      url: `/profile/${fan.user._id}`,
      lang: 'he',
      dir: 'rtl',
    });
  });

  it('mails a curator once for a follower who follows, unfollows and follows again', async () => {
    const host = await buildUser(ctx, { role: 'curator' });
    expect((await setting(host, { kinds: { follower: { email: true } } })).statusCode).toBe(200);
    const fan = await buildUser(ctx, { name: 'Toggler' });
    const unfollow = () =>
      ctx.app.inject({ method: 'POST', url: `/api/users/unfollow/${host.user._id}`, headers: fan.auth });
    expect((await follow(fan, host)).statusCode).toBe(200);
    await ctx.app.jobs.idle();
    expect((await unfollow()).statusCode).toBe(200);
    expect((await follow(fan, host)).statusCode).toBe(200);
    await ctx.app.jobs.idle();
    expect((await unfollow()).statusCode).toBe(200);
    expect((await follow(fan, host)).statusCode).toBe(200);
    await ctx.app.jobs.idle();
    await sink.waitFor((m) => m.recipients.includes(host.user.email));
    expect(sink.messages.filter((m) => m.recipients.includes(host.user.email))).toHaveLength(1);
  });

  it('keeps the review-waiting mail of a reviewer whose entry was written before the job failed', async () => {
    const first = await buildUser(ctx, { role: 'editor' });
    const second = await buildUser(ctx, { role: 'editor' });
    for (const reviewer of [first, second]) {
      expect((await setting(reviewer, { kinds: { 'review-waiting': { email: true } } })).statusCode).toBe(
        200,
      );
    }
    const curator = await buildUser(ctx, { role: 'curator' });
    // The second of the two the job reaches fails once (a sequence is not rolled back with the insert), so
    // the first one's entry is committed by then; the retry writes both.
    const run = (text: string) => ctx.database.sql.executeSql(text);
    await run('create sequence fail_once_seq');
    await run(`create function fail_once() returns trigger language plpgsql as $$
      begin
        if new.user_id in ('${first.user._id}', '${second.user._id}') and nextval('fail_once_seq') = 2 then
          raise exception 'injected failure';
        end if;
        return new;
      end $$`);
    await run(
      'create trigger fail_once before insert on notifications for each row execute function fail_once()',
    );
    try {
      const josie = await buildJosieViaApi(ctx, curator, { title: 'Waiting' });
      const job = await until(async () => {
        const [row] = await jobRows(ctx.database, 'notify.caused', { field: 'josieId', value: josie._id });
        return row?.state === 'completed' && row;
      });
      expect(job).toMatchObject({ attempts: 2 });
      await ctx.app.jobs.idle();
    } finally {
      await run('drop trigger fail_once on notifications');
      await run('drop function fail_once()');
      await run('drop sequence fail_once_seq');
    }
    for (const reviewer of [first, second]) {
      await sink.waitFor((m) => m.recipients.includes(reviewer.user.email));
      expect(sink.messages.filter((m) => m.recipients.includes(reviewer.user.email))).toHaveLength(1);
    }
  });

  it('pushes likes once per josie and day, not once per like', async () => {
    const author = await buildUser(ctx, { role: 'curator' });
    const browser = await subscribe(author);
    expect((await setting(author, { kinds: { likes: { push: true } } })).statusCode).toBe(200);
    const josie = await buildJosieViaApi(ctx, author, { title: 'Liked' });
    await approveJosie(ctx, editor, josie._id);
    for (let i = 0; i < 3; i += 1) {
      const fan = await buildUser(ctx, { name: `Fan ${i}` });
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/josies/${josie._id}/like`,
        headers: fan.auth,
      });
      expect(res.statusCode).toBe(200);
      await ctx.app.jobs.idle();
    }
    // The approval's own push comes first (josie-approved pushes by default).
    const isLike = (m: { subscriptionId: string; text: string }) =>
      m.subscriptionId === browser.id && (JSON.parse(m.text) as { title: string }).title === 'New like';
    const message = await pushService.waitFor(isLike);
    expect(JSON.parse(message.text)).toMatchObject({
      body: '\u2068Fan 0\u2069 liked "\u2068Liked\u2069"',
      url: `/josie/${josie._id}`,
    });
    await ctx.app.jobs.idle();
    const pushes = pushService.messages.filter(
      (m) =>
        m.subscriptionId === browser.id && (JSON.parse(m.text) as { title: string }).title === 'New like',
    );
    expect(pushes).toHaveLength(1);
  });

  it('mails admins who turned it on a new contact message', async () => {
    const admin = await buildUser(ctx, { role: 'admin', name: 'Ada' });
    expect((await setting(admin, { kinds: { 'contact-message': { email: true } } })).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Visitor Vee', email: 'vee@example.test', message: 'A question about Josie' },
    });
    expect(res.statusCode).toBeLessThan(300);
    const mail = await sink.waitFor((m) => m.recipients.includes(admin.user.email));
    expect(mail.email.subject).toBe('New contact message from \u2068Visitor Vee\u2069');
    expect(mail.email.text).toContain(`${PUBLIC_URL}/admin/dashboard`);
  });

  it('mails the daily digest of followed curators’ new josies, and nothing to a reader with nothing new', async () => {
    const author = await buildUser(ctx, { role: 'curator', name: 'Digest Curator' });
    const reader = await buildUser(ctx, { name: 'Rina' });
    const idle = await buildUser(ctx, { name: 'Idle' });
    const weekly = await buildUser(ctx, { name: 'Weekly' });
    await follow(reader, author);
    await follow(weekly, author);
    for (const [user, digest] of [
      [reader, 'daily'],
      [idle, 'daily'],
      [weekly, 'weekly'],
    ] as const) {
      expect((await setting(user, { digest })).statusCode).toBe(200);
    }
    const josie = await buildJosieViaApi(ctx, author, { title: 'Morning Light' });
    await approveJosie(ctx, editor, josie._id);
    await ctx.app.jobs.idle();
    await ctx.app.jobs.enqueue('notify.digest', { run: 'daily-only' }, { key: `digest-test-${Date.now()}` });
    await ctx.app.jobs.idle();
    const mail = await sink.waitFor((m) => m.recipients.includes(reader.user.email));
    expect(mail.email.subject).toBe('New josies from your curators today (1)');
    expect(mail.email.text).toContain('"\u2068Morning Light\u2069" by \u2068Digest Curator\u2069');
    expect(mail.email.text).toContain(`${PUBLIC_URL}/josie/${josie._id}`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    await ctx.app.jobs.idle();
    expect(sink.messages.filter((m) => m.recipients.includes(idle.user.email))).toEqual([]);
    // The weekly digest is not sent by the daily run.
    expect(sink.messages.filter((m) => m.recipients.includes(weekly.user.email))).toEqual([]);
    await ctx.app.jobs.enqueue(
      'notify.digest',
      { run: 'weekly-only' },
      { key: `digest-weekly-${Date.now()}` },
    );
    const weeklyMail = await sink.waitFor((m) => m.recipients.includes(weekly.user.email));
    expect(weeklyMail.email.subject).toBe('New josies from your curators this week (1)');
  });
});

describe('a failed send never fails the request', () => {
  let ctx: TestContext;
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // Mail goes to a port nobody listens on: every attempt fails.
    ctx = await createTestContext({ ...serverEnv(sink), SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it('answers the rejection, and keeps the email queued for a retry with the error', async () => {
    const author = await buildUser(ctx, { role: 'curator' });
    const editor = await buildUser(ctx, { role: 'editor' });
    const josie = await buildJosieViaApi(ctx, author);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/josies/${josie._id}/reject`,
      headers: editor.auth,
      payload: { rejectionReason: 'Nope' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('rejected');
    const row = await until(async () => {
      const [r] = await jobRows(ctx.database, 'send.email');
      return r?.lastError ? r : undefined;
    });
    expect(row.state).toBe('queued');
    expect(row.attempts).toBeGreaterThanOrEqual(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });
});
