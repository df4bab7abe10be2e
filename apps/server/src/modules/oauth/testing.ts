/**
 * Test helpers of the sign-in flow (imported by `*.test.ts` only): drive the whole OAuth dance through the
 * app and a provider stand-in, the way a browser does: start, follow the redirect to the stand-in's consent
 * page, submit it, come back to the callback with the flow cookie, and exchange the one-time code.
 */
import type { Provider } from '@josie/contract';
import type { LightMyRequestResponse } from 'fastify';
import type { TestUser } from '../../test/factories.js';
import type { TestContext } from '../../test/harness.js';

/** Cookies as light-my-request reports them, turned into what to send back. */
export function cookieJar(res: LightMyRequestResponse): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const c of res.cookies as Array<{ name: string; value: string }>) jar[c.name] = c.value;
  return jar;
}

/** The hidden fields of the stand-in's consent form. */
function consentFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

/** What happened at the provider: where it sent the browser back to. */
export interface ConsentResult {
  /** The authorization URL the app redirected to. */
  authorizeUrl: URL;
  /** The consent page's HTML. */
  page: string;
  /** Our callback URL with `code` and `state` (or `error`). */
  callbackUrl: URL;
}

/** Opens the consent page at `authorizeUrl` and submits it (Agree or Cancel) as `account`. */
export async function consent(
  authorizeUrl: string,
  opts: { account?: string; decision?: 'allow' | 'deny' } = {},
): Promise<ConsentResult> {
  const url = new URL(authorizeUrl);
  const pageRes = await fetch(url);
  const page = await pageRes.text();
  if (pageRes.status !== 200) throw new Error(`consent page answered ${pageRes.status}: ${page}`);
  const fields = consentFields(page);
  const form = new URLSearchParams({ ...fields, decision: opts.decision ?? 'allow' });
  if (opts.account) form.set('account', opts.account);
  const decision = await fetch(new URL('decision', url), { method: 'POST', body: form, redirect: 'manual' });
  const location = decision.headers.get('location');
  if (decision.status !== 302 || !location) throw new Error(`consent answered ${decision.status}`);
  return { authorizeUrl: url, page, callbackUrl: new URL(location) };
}

/** The result of a completed dance. */
export interface DanceResult {
  start: LightMyRequestResponse;
  consent: ConsentResult;
  callback: LightMyRequestResponse;
  /** Where the callback redirected (`/auth/callback?data=...`, `?error=...`, or the connect `returnTo`). */
  landing: URL;
}

/** Returns to the app's callback with the browser's cookies, as the provider's redirect does. */
export async function returnToCallback(
  ctx: TestContext,
  callbackUrl: URL,
  cookies: Record<string, string>,
): Promise<{ callback: LightMyRequestResponse; landing: URL }> {
  const callback = await ctx.app.inject({ url: `${callbackUrl.pathname}${callbackUrl.search}`, cookies });
  if (callback.statusCode !== 302)
    throw new Error(`callback answered ${callback.statusCode}: ${callback.body}`);
  return { callback, landing: new URL(callback.headers.location as string, 'http://app.invalid') };
}

/** Starts a sign-in at `GET /api/auth/{provider}`, consents and returns to the callback. */
export async function signInDance(
  ctx: TestContext,
  provider: Provider,
  opts: { account?: string; decision?: 'allow' | 'deny'; returnTo?: string } = {},
): Promise<DanceResult> {
  const qs = opts.returnTo ? `?returnTo=${encodeURIComponent(opts.returnTo)}` : '';
  const start = await ctx.app.inject({ url: `/api/auth/${provider}${qs}` });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const result = await consent(start.headers.location as string, opts);
  return { start, consent: result, ...(await returnToCallback(ctx, result.callbackUrl, cookieJar(start))) };
}

/**
 * The full sign-in: the dance, then `POST /api/auth/exchange` with the code and the browser's exchange
 * cookie. Answers the exchange response (`{token, user, returnTo, isNewUser}` when it worked).
 */
export async function signInWith(
  ctx: TestContext,
  provider: Provider,
  opts: { account?: string; returnTo?: string } = {},
) {
  const dance = await signInDance(ctx, provider, opts);
  const code = dance.landing.searchParams.get('data');
  if (!code) throw new Error(`sign-in failed: ${dance.landing.toString()}`);
  const exchange = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/exchange',
    payload: { code },
    cookies: cookieJar(dance.callback),
  });
  return { dance, code, exchange };
}

/** Connects `provider` to a signed-in user through `POST /api/auth/{provider}/connect` and the dance. */
export async function connectWith(
  ctx: TestContext,
  user: Pick<TestUser, 'auth'>,
  provider: Provider,
  opts: { account?: string; returnTo?: string } = {},
): Promise<DanceResult> {
  const start = await ctx.app.inject({
    method: 'POST',
    url: `/api/auth/${provider}/connect`,
    headers: user.auth,
    payload: opts.returnTo ? { returnTo: opts.returnTo } : {},
  });
  if (start.statusCode !== 200) throw new Error(`connect answered ${start.statusCode}: ${start.body}`);
  const result = await consent(start.json().url, opts);
  return { start, consent: result, ...(await returnToCallback(ctx, result.callbackUrl, cookieJar(start))) };
}
