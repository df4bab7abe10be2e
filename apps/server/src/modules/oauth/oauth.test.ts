import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { oauthAccounts, users } from '../../db/schema.js';
import { buildUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { GOOGLE_ACCOUNTS, type GoogleStandin, startGoogleStandin } from '../../test/standins/google.js';
import { TEST_TOKEN_ENCRYPTION_KEY } from '../../test/standins/index.js';
import type { StandinAccount } from '../../test/standins/oauth-server.js';
import { SPOTIFY_ACCOUNTS, type SpotifyStandin, startSpotifyStandin } from '../../test/standins/spotify.js';
import { connectWith, consent, cookieJar, returnToCallback, signInDance, signInWith } from './testing.js';

describe('sign-in with a provider, unconfigured', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 503 with a clear message for each provider', async () => {
    const spotify = await ctx.app.inject({ url: '/api/auth/spotify' });
    expect(spotify.statusCode).toBe(503);
    expect(spotify.json()).toEqual({
      message: 'Spotify sign-in is not configured on this server',
      code: 'NOT_CONFIGURED',
    });
    const google = await ctx.app.inject({ url: '/api/auth/google' });
    expect(google.statusCode).toBe(503);
    expect(google.json().message).toBe('YouTube sign-in is not configured on this server');
    expect((await ctx.app.inject({ url: '/api/auth/providers' })).json()).toEqual({
      spotify: false,
      google: false,
    });
  });

  it('sends a stray callback to the error page, and refuses unknown providers', async () => {
    const cb = await ctx.app.inject({ url: '/api/auth/spotify/callback?code=x&state=y' });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe('/auth/callback?error=not_configured');
    expect((await ctx.app.inject({ url: '/api/auth/facebook' })).statusCode).toBe(400);
  });

  it('answers connect 503 when signed in and 401 when not', async () => {
    const u = await buildUser(ctx);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/spotify/connect', headers: u.auth });
    expect(res.statusCode).toBe(503);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/spotify/connect' })).statusCode).toBe(401);
  });
});

/** People at the stand-ins, one per situation. */
const SPOTIFY_PEOPLE: StandinAccount[] = [
  ...SPOTIFY_ACCOUNTS,
  { id: 'spotify-impostor', name: 'Impostor', email: 'owner.spotify@example.test' },
  { id: 'no-mail', name: 'No Mail', email: null },
  { id: 'fresh-spotify', name: 'Fresh', email: 'fresh@example.test' },
  { id: 's-only', name: 'Also Spotify', email: 'also@example.test' },
  { id: 'returning', name: 'Returning', email: 'returning@example.test' },
];
const GOOGLE_PEOPLE: StandinAccount[] = [
  ...GOOGLE_ACCOUNTS,
  { id: 'g-new', name: 'New Person', email: 'new.person@example.test', emailVerified: false },
  { id: 'g-only', name: 'Only Google', email: 'only.google@example.test', emailVerified: true },
  { id: 'g-owner', name: 'Real Owner', email: 'squatted@example.test', emailVerified: true },
];

describe('sign-in with Spotify and Google through the stand-ins', () => {
  let ctx: TestContext;
  let spotify: SpotifyStandin;
  let google: GoogleStandin;
  beforeAll(async () => {
    [spotify, google] = await Promise.all([
      startSpotifyStandin({ accounts: SPOTIFY_PEOPLE }),
      startGoogleStandin({ accounts: GOOGLE_PEOPLE }),
    ]);
    ctx = await createTestContext({
      ...spotify.env,
      ...google.env,
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
    });
  });
  afterAll(async () => {
    await ctx.close();
    await Promise.all([spotify.close(), google.close()]);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const accountRow = async (userId: string, provider: 'spotify' | 'google') => {
    const [row] = await ctx.database.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, userId));
    return row?.provider === provider ? row : undefined;
  };

  it('says both providers are configured', async () => {
    expect((await ctx.app.inject({ url: '/api/auth/providers' })).json()).toEqual({
      spotify: true,
      google: true,
    });
  });

  it('starts with state, PKCE (S256), scopes and a signed HTTP-only flow cookie', async () => {
    const res = await ctx.app.inject({ url: '/api/auth/spotify?returnTo=/join/abc' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${spotify.url}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: spotify.clientId,
      redirect_uri: 'http://localhost:3000/api/auth/spotify/callback',
      code_challenge_method: 'S256',
      scope: 'user-read-email user-read-private',
    });
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = (res.cookies as Array<Record<string, unknown>>).find((c) => c.name === 'josie_oauth');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    // The verifier never appears in a URL.
    expect(res.headers.location).not.toContain('code_verifier');
  });

  it('refuses a returnTo that leaves the site', async () => {
    for (const bad of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const res = await ctx.app.inject({ url: `/api/auth/spotify?returnTo=${encodeURIComponent(bad)}` });
      expect(res.statusCode).toBe(400);
    }
  });

  // Dot segments collapse when the redirect is written (`/..//evil.example` becomes `//evil.example`, another
  // host to a browser), so a returnTo is judged after normalisation, for sign-in and for connections.
  const OFF_SITE_AFTER_NORMALISATION = [
    '/..//evil.example',
    '/.//evil.example',
    '/a/../..//evil.example/x',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
  ];

  it('refuses a returnTo that leaves the site once its dot segments are resolved', async () => {
    const u = await buildUser(ctx);
    for (const bad of OFF_SITE_AFTER_NORMALISATION) {
      const start = await ctx.app.inject({ url: `/api/auth/spotify?returnTo=${encodeURIComponent(bad)}` });
      expect(start.statusCode, bad).toBe(400);
      expect(start.json(), bad).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(start.json().message, bad).toContain('Must be a path on this site');
      const connect = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/spotify/connect',
        headers: u.auth,
        payload: { returnTo: bad },
      });
      expect(connect.statusCode, bad).toBe(400);
    }
    // A path whose dot segments stay on the site is still fine, and the redirect stays on the site.
    const dance = await connectWith(ctx, u, 'spotify', { account: 'returning', returnTo: '/a/../account' });
    expect(dance.callback.headers.location).toMatch(/^\/(?![/\\])/);
    expect(dance.landing.pathname).toBe('/account');
  });

  it('creates an account from a first Spotify sign-in, tokens encrypted, and exchanges the code once', async () => {
    const { dance, code, exchange } = await signInWith(ctx, 'spotify', { returnTo: '/join/abc' });
    expect(dance.landing.pathname).toBe('/auth/callback');
    expect(exchange.statusCode).toBe(200);
    const body = exchange.json();
    expect(body).toMatchObject({
      returnTo: '/join/abc',
      isNewUser: true,
      user: {
        name: 'Noa Spotify',
        email: 'noa.spotify@example.test',
        role: 'listener',
        activeProvider: 'spotify',
        spotifyId: 'spotify-user-1',
        avatar: 'https://i.scdn.co/image/noa',
      },
    });
    const me = await ctx.app.inject({
      url: '/api/users/me',
      headers: { authorization: `Bearer ${body.token}` },
    });
    expect(me.statusCode).toBe(200);

    const row = await accountRow(body.user._id, 'spotify');
    expect(row?.providerUserId).toBe('spotify-user-1');
    const issued = [...spotify.auth.accessTokens.keys()];
    const refresh = [...spotify.auth.refreshTokens.keys()];
    expect(row?.accessTokenEnc).toMatch(/^v1\./);
    expect(row?.refreshTokenEnc).toMatch(/^v1\./);
    for (const t of [...issued, ...refresh]) {
      expect(row?.accessTokenEnc).not.toContain(t);
      expect(JSON.stringify(body)).not.toContain(t);
    }
    expect(row?.profile).toMatchObject({ id: 'spotify-user-1', email: 'noa.spotify@example.test' });
    expect(row?.accessTokenExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 3500_000);

    // The token exchange sent the PKCE verifier (the stand-in checks it against the challenge).
    const tokenRequest = spotify.requests.find(
      (r) =>
        r.path === '/api/token' && (r.body as Record<string, string>).grant_type === 'authorization_code',
    );
    expect((tokenRequest?.body as Record<string, string> | undefined)?.code_verifier).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
    expect(tokenRequest?.headers.authorization).toMatch(/^Basic /);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { code },
      cookies: cookieJar(dance.callback),
    });
    expect(again.statusCode).toBe(401);
  });

  it('signs a returning Spotify account in to the same user, renewing its tokens', async () => {
    const firstSignIn = await signInWith(ctx, 'spotify', { account: 'spotify-user-2' });
    const first = firstSignIn.exchange.json();
    // The exchange starts a session: it also sets the session cookie (decision 0008), to a page token.
    expect(String(firstSignIn.exchange.headers['set-cookie'])).toMatch(
      /josie_session=[\w-]+\.[\w-]+\.[\w-]+;/,
    );
    const before = await accountRow(first.user._id, 'spotify');
    const second = (await signInWith(ctx, 'spotify', { account: 'spotify-user-2' })).exchange.json();
    expect(second.user._id).toBe(first.user._id);
    expect(second.isNewUser).toBe(false);
    expect(second.returnTo).toBe('/');
    const after = await accountRow(first.user._id, 'spotify');
    expect(after?.accessTokenEnc).not.toBe(before?.accessTokenEnc);
  });

  it('binds the code to the browser that finished the flow and to 60 seconds', async () => {
    const dance = await signInDance(ctx, 'spotify');
    const code = dance.landing.searchParams.get('data')!;
    const withoutCookie = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { code },
    });
    expect(withoutCookie.statusCode).toBe(401);
    expect(withoutCookie.json().message).toBe('This sign-in link has expired. Please sign in again.');

    const late = await signInDance(ctx, 'spotify');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const expired = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { code: late.landing.searchParams.get('data') },
      cookies: cookieJar(late.callback),
    });
    expect(expired.statusCode).toBe(401);
    vi.useRealTimers();

    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/exchange',
      payload: { code: 'not-a-code' },
      cookies: cookieJar(late.callback),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a Spotify sign-in whose (unverified) email belongs to an existing account', async () => {
    const owner = await buildUser(ctx, { email: 'owner.spotify@example.test' });
    const dance = await signInDance(ctx, 'spotify', { account: 'spotify-impostor' });
    expect(dance.landing.toString()).toBe('http://app.invalid/auth/callback?error=email_in_use');
    expect(await accountRow(owner.user._id, 'spotify')).toBeUndefined();
  });

  it('links a Google sign-in with a verified email to the existing account', async () => {
    const owner = await buildUser(ctx, { email: 'dana.google@example.test' });
    const { exchange } = await signInWith(ctx, 'google');
    const body = exchange.json();
    expect(body.user._id).toBe(owner.user._id);
    expect(body.isNewUser).toBe(false);
    expect(body.user.activeProvider).toBe('google');
    // Google issues a refresh token for offline access, which the start asked for.
    const start = google.requests.find((r) => r.path === '/o/oauth2/v2/auth');
    expect(start?.query).toMatchObject({ access_type: 'offline', scope: 'openid email profile' });
    expect((await accountRow(owner.user._id, 'google'))?.refreshTokenEnc).toMatch(/^v1\./);
  });

  it('takes an unverified account back from a squatter: no password, no sessions, then verified', async () => {
    const squatter = await buildUser(ctx, {
      email: 'squatted@example.test',
      password: 'squatter-password-1',
      verified: false,
    });
    const { exchange } = await signInWith(ctx, 'google', { account: 'g-owner' });
    expect(exchange.json().user).toMatchObject({ _id: squatter.user._id, emailVerified: true });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: squatter.auth });
    expect(me.statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'squatted@example.test', password: 'squatter-password-1' },
    });
    expect(login.statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, squatter.user._id));
    expect(row?.passwordHash).toBeNull();
  });

  it('does not link an unverified Google email; creates an account when the email is free', async () => {
    await buildUser(ctx, { email: 'eli.google@example.test' });
    const refused = await signInDance(ctx, 'google', { account: '1098765432101234567891' });
    expect(refused.landing.searchParams.get('error')).toBe('email_in_use');
    const created = (await signInWith(ctx, 'google', { account: 'g-new' })).exchange.json();
    expect(created).toMatchObject({
      isNewUser: true,
      user: { email: 'new.person@example.test', activeProvider: 'google' },
    });
  });

  it('refuses a sign-in without an email', async () => {
    expect(
      (await signInDance(ctx, 'spotify', { account: 'no-mail' })).landing.searchParams.get('error'),
    ).toBe('no_email');
  });

  it('reports a cancelled consent as access_denied', async () => {
    const dance = await signInDance(ctx, 'spotify', { decision: 'deny' });
    expect(dance.landing.pathname).toBe('/auth/callback');
    expect(dance.landing.searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a callback without the flow cookie, with another state, or for another provider', async () => {
    const start = await ctx.app.inject({ url: '/api/auth/spotify' });
    const { callbackUrl } = await consent(start.headers.location as string);
    const noCookie = await returnToCallback(ctx, callbackUrl, {});
    expect(noCookie.landing.searchParams.get('error')).toBe('invalid_state');

    const start2 = await ctx.app.inject({ url: '/api/auth/spotify' });
    const second = await consent(start2.headers.location as string);
    const tampered = new URL(second.callbackUrl);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expect((await returnToCallback(ctx, tampered, cookieJar(start2))).landing.searchParams.get('error')).toBe(
      'invalid_state',
    );
    // The same code with the right state still works once: the failed attempt used nothing up.
    const ok = await returnToCallback(ctx, second.callbackUrl, cookieJar(start2));
    expect(ok.landing.searchParams.get('data')).toBeTruthy();

    const start3 = await ctx.app.inject({ url: '/api/auth/spotify' });
    const third = await consent(start3.headers.location as string);
    const crossed = new URL(`http://localhost/api/auth/google/callback${third.callbackUrl.search}`);
    expect((await returnToCallback(ctx, crossed, cookieJar(start3))).landing.searchParams.get('error')).toBe(
      'invalid_state',
    );

    const forged = { josie_oauth: 'e30.forged-signature' };
    expect((await returnToCallback(ctx, third.callbackUrl, forged)).landing.searchParams.get('error')).toBe(
      'invalid_state',
    );
  });

  it('turns provider failures (token endpoint, profile) into provider_error', async () => {
    spotify.failNext('/api/token', { status: 500, body: { error: 'server_error' } });
    expect((await signInDance(ctx, 'spotify')).landing.searchParams.get('error')).toBe('provider_error');
    spotify.failNext('/v1/me', {
      status: 429,
      body: { error: { status: 429, message: 'API rate limit exceeded' } },
    });
    expect((await signInDance(ctx, 'spotify')).landing.searchParams.get('error')).toBe('provider_error');
    google.failNext('/v1/userinfo', {
      status: 401,
      body: { error: { code: 401, message: 'Invalid Credentials' } },
    });
    expect((await signInDance(ctx, 'google')).landing.searchParams.get('error')).toBe('provider_error');
  });

  describe('connections of a signed-in account', () => {
    it('lists, connects (POST connect -> consent -> returnTo?connected=) and disconnects', async () => {
      const u = await buildUser(ctx);
      const list = await ctx.app.inject({ url: '/api/users/me/providers', headers: u.auth });
      expect(list.json()).toEqual({ connectedProviders: { spotify: false, google: false } });

      // spotify-user-1 signs in to its own account: it cannot be connected to this one too.
      await signInWith(ctx, 'spotify', { account: 'spotify-user-1' });
      const dance = await connectWith(ctx, u, 'spotify', {
        account: 'spotify-user-1',
        returnTo: '/account?tab=connections',
      });
      expect(dance.landing.pathname).toBe('/account');
      expect(Object.fromEntries(dance.landing.searchParams)).toEqual({
        tab: 'connections',
        connectError: 'provider_account_in_use',
        provider: 'spotify',
      });

      const member = await buildUser(ctx, { role: 'curator' });
      const connected = await connectWith(ctx, member, 'spotify', {
        account: 'fresh-spotify',
        returnTo: '/account?tab=connections',
      });
      expect(`${connected.landing.pathname}${connected.landing.search}`).toBe(
        '/account?tab=connections&connected=spotify',
      );
      const after = await ctx.app.inject({ url: '/api/users/me/providers', headers: member.auth });
      expect(after.json()).toEqual({ connectedProviders: { spotify: true, google: false } });
      const me = await ctx.app.inject({ url: '/api/users/me', headers: member.auth });
      expect(me.json()).toMatchObject({
        activeProvider: 'spotify',
        spotifyId: 'fresh-spotify',
        email: member.user.email,
      });

      // Signing in with that Spotify account now opens the same account.
      const signIn = (await signInWith(ctx, 'spotify', { account: 'fresh-spotify' })).exchange.json();
      expect(signIn.user._id).toBe(member.user._id);

      const off = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me/providers/spotify',
        headers: member.auth,
      });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ connectedProviders: { spotify: false, google: false } });
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me/providers/spotify',
        headers: member.auth,
      });
      expect(again.statusCode).toBe(404);
    });

    it('goes back to the default returnTo, and refuses when the session ended meanwhile', async () => {
      const u = await buildUser(ctx);
      const start = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/google/connect',
        headers: u.auth,
      });
      expect(start.statusCode).toBe(200);
      expect(start.json().url).toContain(`${google.url}/o/oauth2/v2/auth?`);
      const result = await consent(start.json().url, { account: '1098765432101234567891' });
      await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth });
      const back = await returnToCallback(ctx, result.callbackUrl, cookieJar(start));
      expect(`${back.landing.pathname}${back.landing.search}`).toBe(
        '/account?connectError=account_unavailable&provider=google',
      );
    });

    it('refuses to disconnect the last way to sign in (409), allows it with another provider', async () => {
      const g = (await signInWith(ctx, 'google', { account: 'g-only' })).exchange.json();
      const gAuth = { authorization: `Bearer ${g.token}` };
      const refused = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me/providers/google',
        headers: gAuth,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message:
          'YouTube is the only way to sign in to this account. Set a password (Security tab) or connect another provider before disconnecting YouTube.',
        code: 'LAST_SIGN_IN_METHOD',
      });
      const connected = await connectWith(ctx, { auth: gAuth }, 'spotify', { account: 's-only' });
      expect(connected.landing.searchParams.get('connected')).toBe('spotify');
      const [row] = await ctx.database.db.select().from(users).where(eq(users.id, g.user._id));
      expect(row?.activeProvider).toBe('spotify');
      const ok = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me/providers/google',
        headers: gAuth,
      });
      expect(ok.json()).toEqual({ connectedProviders: { spotify: true, google: false } });
      const lastOne = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me/providers/spotify',
        headers: gAuth,
      });
      expect(lastOne.statusCode).toBe(409);
    });

    it('requires a session for the connection routes', async () => {
      expect((await ctx.app.inject({ url: '/api/users/me/providers' })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: '/api/users/me/providers/spotify' })).statusCode,
      ).toBe(401);
      const u = await buildUser(ctx);
      const bad = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/users/me/providers/myspace',
        headers: u.auth,
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
