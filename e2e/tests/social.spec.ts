import type { APIRequestContext } from '@playwright/test';
import { apiLogin, apiSignup, clickUntilShown, expect, setFlag, shot, test } from '../support/fixtures.js';

/** Onboarding, following, the live feed, likes and paging, in English and Hebrew (docs/product/rules-and-limits.md#feed). */

const TEXT = {
  en: {
    name: 'Name',
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    signUp: 'Sign up',
    goToLogin: 'Go to log in',
    logIn: 'Log in',
    genre: 'Jazz',
    interest: 'Concerts',
    next: 'Next',
    follow: (n: string) => `Follow ${n}`,
    finish: 'Finish',
    loadMore: 'Load More',
    like: /^Like \(/,
    openMenu: 'Open menu',
    logout: 'Logout',
  },
  he: {
    name: 'שם',
    email: 'אימייל',
    password: 'סיסמה',
    confirm: 'אימות סיסמה',
    signUp: 'הרשמה',
    goToLogin: 'להתחברות',
    logIn: 'התחברות',
    genre: 'בלוז',
    interest: 'תקלוט',
    next: 'הבא',
    follow: (n: string) => `מעקב אחרי ${n}`,
    finish: 'סיום',
    loadMore: 'טען עוד',
    like: /^לייק \(/,
    openMenu: 'פתיחת התפריט',
    logout: 'התנתקות',
  },
} as const;

const GENRE = { en: 'Jazz', he: 'Blues' } as const;

/** A fresh curator with `count` published josies in `genre`. */
async function bulkCurator(request: APIRequestContext, genre: string, count: number) {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const editor = await apiLogin(request, 'editor@demo.josie');
  const name = `Bulk ${genre} ${Date.now()}`;
  const signup = await apiSignup(request, { name });
  await request.patch(`/api/admin/users/${signup.user._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { role: 'curator' },
  });
  const curator = await apiLogin(request, signup.user.email, signup.password);
  const auth = { authorization: `Bearer ${curator.token}` };
  const prefs = await request.put('/api/users/me/preferences', {
    headers: auth,
    data: { genres: [genre], interests: [], myFont: 'Anton', myColor: 'Blue' },
  });
  expect(prefs.status()).toBe(200);
  for (let i = 1; i <= count; i++) {
    const created = await request.post('/api/josies', {
      headers: auth,
      multipart: {
        title: `${name} #${i}`,
        paragraphs: JSON.stringify([{ type: 'text', content: `Post ${i}` }]),
        // Onboarding recommends by the genres a curator's josies carry (docs/decisions/0023-explore-and-taste.md).
        genres: JSON.stringify([genre]),
      },
    });
    const josie = await created.json();
    await request.put(`/api/josies/${josie._id}/approve`, {
      headers: { authorization: `Bearer ${editor.token}` },
      data: {},
    });
  }
  return { name, curator, auth, editor };
}

for (const lang of ['en', 'he'] as const) {
  test(`onboarding, live feed, likes and Load More (${lang})`, async ({ browser, request }) => {
    test.setTimeout(240_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'language_select', 'true');
    const bulk = await bulkCurator(request, GENRE[lang], 42);

    // A new listener signs up and is sent to onboarding.
    const listenerContext = await browser.newContext();
    const page = await listenerContext.newPage();
    await page.goto(`/signup${q}`);
    const email = `social-${lang}-${Date.now()}@example.test`;
    await page.getByLabel(t.name).fill('Feed Reader');
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('feed-reader-password');
    await page.getByLabel(t.confirm).fill('feed-reader-password');
    await page.getByRole('button', { name: t.signUp }).click();
    // No session at sign-up (decision 0037): "check your email", then sign in.
    await page.getByRole('link', { name: t.goToLogin }).click();
    // Exact: until the sign-in page has replaced it, the "check your email" card is labelled by a title
    // that holds the word too.
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel(t.email, { exact: true }).fill(email);
    await page.getByLabel(t.password, { exact: true }).fill('feed-reader-password');
    await page.getByRole('button', { name: t.logIn, exact: true }).click();
    await expect(page).toHaveURL(/\/onboarding/);

    // Genres, then interests (saving preferences), then a recommended curator to follow.
    await page.getByRole('button', { name: t.next }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    await page.getByRole('button', { name: t.genre, exact: true }).click();
    await page.getByRole('button', { name: t.next }).click();
    await page.getByRole('button', { name: t.interest, exact: true }).click();
    await page.getByRole('button', { name: t.next }).click();
    await page.getByRole('button', { name: t.follow(bulk.name) }).click();
    await shot(page, `${lang}-onboarding-curators`);
    // After at least one action the step offers Finish
    // (docs/product/rules-and-limits.md#follows-and-recommendations: the rest may stay unactioned).
    await page.getByRole('button', { name: t.finish, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/(\\${q})?$`));
    await expect(page.getByRole('article').first()).toBeVisible();
    await shot(page, `${lang}-home-feed`);

    // The server renders the home feed for the session cookie the sign-up set (docs/performance.md, decision
    // 0008): it reads without JavaScript, in the page's language.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await listenerContext.storageState(),
      locale: lang === 'he' ? 'he-IL' : 'en-US',
    });
    const bare = await noScript.newPage();
    await bare.goto(`/${q}`);
    await expect(bare.getByRole('heading', { level: 1 })).toContainText('Feed Reader');
    await expect(bare.getByRole('link', { name: bulk.name }).first()).toBeVisible();
    await expect(bare.getByRole('article').first()).toBeVisible();
    await expect(bare.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await shot(bare, `${lang}-home-feed-without-javascript`);
    await noScript.close();
    // With JavaScript, the app starts from the answers the server wrote into the page: it asks for none
    // of them. Once its live socket has joined the feed's rooms, the join's acknowledgement says that
    // nothing was published since the page was written, so the first page is not read again either.
    const events: string[] = [];
    const recordRead = (request: { url(): string }) => events.push(new URL(request.url()).pathname);
    let joined: () => void = () => {};
    const acknowledged = new Promise<void>((resolve) => {
      joined = resolve;
    });
    const recordSocket = (socket: import('@playwright/test').WebSocket) => {
      events.push('socket');
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"latest"')) joined();
      });
    };
    page.on('request', recordRead);
    page.on('websocket', recordSocket);
    await page.goto(`/${q}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('link', { name: bulk.name }).first()).toBeVisible();
    await acknowledged;
    // Past the feed's 300 ms request debounce: nothing more.
    await page.waitForTimeout(500);
    page.off('request', recordRead);
    page.off('websocket', recordSocket);
    const firstReads = [
      '/api/josies/feed',
      '/api/users/curators/feed',
      '/api/users/me/preferences',
      '/api/users/me',
    ];
    const socketAt = events.indexOf('socket');
    expect(socketAt).toBeGreaterThanOrEqual(0);
    expect(events.slice(0, socketAt).filter((path) => firstReads.includes(path))).toEqual([]);
    expect(events.slice(socketAt).filter((path) => firstReads.includes(path))).toEqual([]);

    // Load More pages through more than 40 josies without a duplicate.
    const loadMore = page.getByRole('button', { name: t.loadMore });
    await loadMore.click();
    await expect(page.getByRole('article')).toHaveCount(40);
    await loadMore.click();
    await expect(page.getByRole('article')).toHaveCount(42);
    const titles = await page
      .getByRole('article')
      .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? c.textContent));
    expect(new Set(titles).size).toBe(titles.length);
    await expect(loadMore).toHaveCount(0);

    // A new josie approved by the editor in another context appears at the top without a reload.
    const liveTitle = `Live drop ${lang} ${Date.now()}`;
    const created = await (
      await request.post('/api/josies', {
        headers: bulk.auth,
        multipart: { title: liveTitle, paragraphs: JSON.stringify([{ type: 'text', content: 'Fresh!' }]) },
      })
    ).json();
    const editorContext = await browser.newContext();
    const editorPage = await editorContext.newPage();
    await editorPage.goto(`/about${q}`);
    await editorPage.evaluate(
      (value) => window.localStorage.setItem('user', value),
      JSON.stringify(bulk.editor),
    );
    await editorPage.goto(`/josie/${created._id}${q}`);
    await editorPage.getByRole('button', { name: lang === 'he' ? 'אישור' : 'Approve', exact: true }).click();
    await expect(page.getByRole('article').first()).toContainText(liveTitle, { timeout: 15_000 });

    // The like count survives a reload.
    const card = page.getByRole('article').filter({ hasText: liveTitle });
    await card.getByRole('button', { name: t.like }).click();
    await expect(card.getByRole('button', { name: t.like })).toHaveAttribute('aria-pressed', 'true');
    // A reload (the `?lng` query chose the language; only the toggle stores a choice).
    await page.goto(`/${q}`);
    const again = page.getByRole('article').filter({ hasText: liveTitle });
    await expect(again.getByRole('button', { name: t.like })).toHaveAttribute('aria-pressed', 'true');
    await expect(again.getByRole('button', { name: t.like })).toContainText('1');
    await shot(page, `${lang}-feed-liked`);

    // Signing out leaves nothing on this device from which the server would render the reader's page,
    // even when the logout request never reaches the server (decision 0008).
    await page.route('**/api/auth/logout', (route) => route.abort());
    // The reload shows the server's first paint until the app renders over it: the menu opens once it has.
    const logout = page.getByRole('button', { name: t.logout });
    await clickUntilShown(page.getByRole('button', { name: t.openMenu }), logout);
    await logout.click();
    await expect(page).toHaveURL(/\/login/);
    const after = await (await page.request.get('/')).text();
    expect(after).not.toContain('josie-first-paint');
    expect(after).not.toContain('data-user=');

    await editorContext.close();
    await listenerContext.close();
  });
}
