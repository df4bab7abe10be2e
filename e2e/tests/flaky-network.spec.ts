/**
 * Pages that survive a flaky network (decision 0012): a lazy page whose script fails to download is
 * fetched again on its own; one whose script is gone shows the translated error screen inside the layout,
 * reloads once for a new build, reports to the server, and loads with "Try again" once the script is back;
 * the signed-in home shows its spinner while its code loads. In English and in Hebrew.
 *
 * Service workers are blocked: this is a first visit, before the worker precached the app, so every chunk
 * request reaches the network (and `page.route`).
 */
import { DEMO_PASSWORD, expect, setFlag, shot, test } from '../support/fixtures';

/** The about page's script (a lazy page), with or without the retry's query. */
const ABOUT_SCRIPT = /\/assets\/AboutPage-[\w-]+\.js(\?.*)?$/;
/** The signed-in home's script. */
const HOME_FEED_SCRIPT = /\/assets\/HomeFeedPage-[\w-]+\.js(\?.*)?$/;

const TEXT = {
  en: {
    about: 'About Josie',
    pageLoad: "This page didn't load",
    retry: 'Try again',
    home: 'Back to home',
    nav: 'Main navigation',
    email: 'Email',
    password: 'Password',
    logIn: 'Log in',
    greeting: /^Hi, /,
    loading: 'Loading…',
    terms: 'Terms of service',
    offline: "You're offline",
  },
  he: {
    about: 'אודות Josie',
    pageLoad: 'הדף לא נטען',
    retry: 'לנסות שוב',
    home: 'חזרה לדף הבית',
    nav: 'ניווט ראשי',
    email: 'אימייל',
    password: 'סיסמה',
    logIn: 'התחברות',
    greeting: /^היי, /,
    loading: 'טוען…',
    terms: 'תנאי שימוש',
    offline: 'אין חיבור לאינטרנט',
  },
} as const;

test.beforeEach(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

for (const lang of ['en', 'he'] as const) {
  const t = TEXT[lang];

  test(`a lazy page whose script fails once loads on its own (${lang})`, async ({ page }) => {
    let requests = 0;
    await page.route(ABOUT_SCRIPT, (route) => {
      requests += 1;
      return requests === 1 ? route.abort('connectionreset') : route.continue();
    });
    await page.goto(`/about?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: t.about })).toBeVisible();
    expect(requests).toBeGreaterThan(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test(`a lazy page whose script cannot be reached for 5 s loads on its own (${lang})`, async ({ page }) => {
    let until = Number.POSITIVE_INFINITY;
    await page.route(ABOUT_SCRIPT, (route) =>
      Date.now() < until ? route.abort('internetdisconnected') : route.continue(),
    );
    until = Date.now() + 5_000;
    await page.goto(`/about?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: t.about })).toBeVisible({ timeout: 20_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(until);
  });

  test(`a lazy page whose script is gone shows the translated error screen, and "Try again" loads it (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    let gone = true;
    await page.route(ABOUT_SCRIPT, (route) =>
      gone ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'gone' }) : route.continue(),
    );
    const reports: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) reports.push(request.postDataJSON());
    });

    await page.goto(`/about?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: t.pageLoad })).toBeVisible({ timeout: 30_000 });
    // Inside the layout: the header stays, in the page's language and direction.
    await expect(page.getByRole('navigation', { name: t.nav })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(page.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
    // A chunk gone from the server is what a deployment does: the page reloaded once, on the same URL.
    expect(await page.evaluate(() => sessionStorage.getItem('josie:new-build-reload'))).not.toBeNull();
    expect(new URL(page.url()).pathname).toBe('/about');
    await expect
      .poll(() => reports)
      .toContainEqual(expect.objectContaining({ kind: 'chunk', route: '/about' }));
    await shot(page, `${lang}-page-error`);

    // The script is back: "Try again" loads the page without reloading the document.
    gone = false;
    await page.evaluate(() => {
      (window as Window & { stillHere?: boolean }).stillHere = true;
    });
    await page.getByRole('button', { name: t.retry }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.about })).toBeVisible();
    expect(await page.evaluate(() => (window as Window & { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test(`the signed-in home shows its spinner while its code loads (${lang})`, async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(HOME_FEED_SCRIPT, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/login?lng=${lang}`);
    await page.getByLabel(t.email).fill('listener1@demo.josie');
    await page.getByLabel(t.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t.logIn, exact: true }).click();
    // While the feed's code is held back, the page shows a spinner under the header, never an empty area.
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: t.loading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: t.nav })).toBeVisible();
    await shot(page, `${lang}-home-loading`);
    release();
    await expect(page.getByRole('heading', { level: 1, name: t.greeting })).toBeVisible();
  });

  test(`offline, a page that cannot load says so and opens by itself when the network is back (${lang})`, async ({
    page,
  }) => {
    await page.goto(`/login?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: t.logIn })).toBeVisible();
    await page.context().setOffline(true);
    await page.getByRole('link', { name: t.terms }).click();
    await expect(page.getByRole('heading', { level: 1, name: t.offline })).toBeVisible();
    await expect(page.getByRole('navigation', { name: t.nav })).toBeVisible();
    await shot(page, `${lang}-page-offline`);
    await page.context().setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: t.terms })).toBeVisible();
  });
}

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('offline, the installed app opens a page not seen yet from its cache, and recovers when back online', async ({
    page,
  }) => {
    const t = TEXT.en;
    await page.goto('/login');
    // The worker installs once the page has loaded, precaching every script, then takes the page over.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.context().setOffline(true);
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: t.terms })).toBeVisible();
    await expect(page.getByText(t.offline)).toBeVisible();
    await page.context().setOffline(false);
    await expect(page.getByText(t.offline)).toBeHidden();
    await page.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  });
});
