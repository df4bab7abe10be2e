import type { Browser, Page } from '@playwright/test';
import {
  apiLogin,
  apiSignup,
  auth,
  expect,
  expectAccessible,
  openAs,
  readerOfCurator,
  type Session,
  setFlag,
  shot,
  test,
  useSession,
} from '../support/fixtures.js';

/**
 * The curator studio's pages (docs/decisions/0050-curator-studio-counts.md) with the `studio` flag on: a
 * curator with a published josie (and a follower) opens each view in English and Hebrew, at a desktop's
 * 1280 px and a phone's 390 px, and the page shows the API's numbers; a listener naming the curator's studio
 * is refused; an admin opens the curator's studio from their account page and sees the platform's totals.
 * Counting is the server's tests' (`modules/studio/`) and another spec's: the rollup runs every minute and waits
 * for every older transaction on the database server (decision 0050), so a journey cannot bound when new
 * activity shows. The pages are held to the numbers of their own read of the API.
 */

const TEXT = {
  en: {
    heading: 'Studio',
    followersNow: 'Followers now',
    views: /^Views/,
    josiesTab: 'Josies',
    audienceTab: 'Audience',
    table: /^Published josies and their numbers/,
    byService: 'Plays by service',
    overTime: 'Followers over time',
    sevenDays: '7 days',
  },
  he: {
    heading: 'סטודיו',
    followersNow: 'עוקבים כעת',
    views: /^צפיות/,
    josiesTab: 'ג׳וזיז',
    audienceTab: 'קהל',
    table: /^הג׳וזיז שפורסמו והמספרים שלהן/,
    byService: 'השמעות לפי שירות',
    overTime: 'עוקבים לאורך זמן',
    sevenDays: '7 ימים',
  },
} as const;

interface Overview {
  followers: { now: number };
  totals: { views: { current: number } };
}

/**
 * Opens `path` as `session` in a page of its own and answers it with the body of the page's own read of
 * `endpoint`: what the page must show (the rollup may count more at any minute, so a separate read could
 * differ).
 */
async function openReading<T>(
  browser: Browser,
  session: Session,
  path: string,
  endpoint: string,
): Promise<{ page: Page; body: T }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await useSession(page, session);
  const read = page.waitForResponse((res) => new URL(res.url()).pathname === endpoint);
  await page.goto(path);
  const res = await read;
  expect(res.status()).toBe(200);
  return { page, body: (await res.json()) as T };
}

/** Saves `name` at 1280 px and at 390 px, then goes back to 1280 px. */
async function shotBoth(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const lang of ['en', 'he'] as const) {
  test(`a curator reads their studio (${lang})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    await setFlag(request, 'studio', 'true');
    await setFlag(request, 'language_select', 'true');
    const title = lang === 'he' ? `ג׳אז של לילה ${Date.now()}` : `Night jazz ${Date.now()}`;
    const reader = await readerOfCurator(request, 1, () => title);
    const { curator } = reader;
    const number = new Intl.NumberFormat(lang);

    const { page, body: overview } = await openReading<Overview>(
      browser,
      curator,
      `/studio?lng=${lang}`,
      '/api/studio/overview',
    );
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { name: t.heading, level: 1 })).toBeVisible();
    // The page's numbers are the API's.
    await expect(page.getByText(t.followersNow).locator('..')).toContainText(
      number.format(overview.followers.now),
    );
    await expect(page.getByRole('button', { name: t.views })).toContainText(
      number.format(overview.totals.views.current),
    );
    await expectAccessible(page);
    await shotBoth(page, `${lang}-studio-overview`);

    // Another period is asked for and kept in the address.
    await page.getByRole('button', { name: t.sevenDays, exact: true }).click();
    await expect(page).toHaveURL(/[?&]period=7d/);
    await expect(page.getByRole('button', { name: t.sevenDays, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.getByRole('link', { name: t.josiesTab, exact: true }).click();
    const table = page.getByRole('table', { name: t.table });
    await expect(table).toBeVisible();
    await expect(table.getByRole('link', { name: title })).toBeVisible();
    await shotBoth(page, `${lang}-studio-josies`);

    await table.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/studio/josies/${reader.josieIds[0]}\\?period=7d`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('region', { name: t.byService })).toBeVisible();
    await shotBoth(page, `${lang}-studio-josie`);

    await page.getByRole('link', { name: t.audienceTab, exact: true }).click();
    await expect(page.getByRole('region', { name: t.overTime })).toBeVisible();
    await expectAccessible(page);
    await shotBoth(page, `${lang}-studio-audience`);
    await page.context().close();
  });
}

// The demo data's history (the seed's reader events, rolled up at the first start): a curator opening the
// studio on a new install sees their last 90 days, not zeros.
for (const [lang, email] of [
  ['en', 'curator1@demo.josie'],
  ['he', 'curator4@demo.josie'],
] as const) {
  test(`a demo curator's studio shows the demo history (${lang})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    await setFlag(request, 'studio', 'true');
    await setFlag(request, 'language_select', 'true');
    const curator = await apiLogin(request, email);
    // The seed rolls its events up itself; on a database server another run's transaction can hold that
    // back until the next minute's run (decision 0050).
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/studio/overview?period=90d', { headers: auth(curator.token) });
          return ((await res.json()) as Overview).totals.views.current;
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    const { page, body } = await openReading<Overview>(
      browser,
      curator,
      `/studio?period=90d&lng=${lang}`,
      '/api/studio/overview',
    );
    await expect(page.getByRole('button', { name: TEXT[lang].views })).toContainText(
      new Intl.NumberFormat(lang).format(body.totals.views.current),
    );
    await expect(page.locator('.recharts-line, .recharts-area, .recharts-bar').first()).toBeVisible();
    await shotBoth(page, `${lang}-studio-demo-overview`);
    await page.getByRole('link', { name: TEXT[lang].josiesTab, exact: true }).click();
    const table = page.getByRole('table', { name: TEXT[lang].table });
    await table.getByRole('row').nth(1).getByRole('link').first().click();
    await expect(page.getByRole('region', { name: TEXT[lang].byService })).toBeVisible();
    await shotBoth(page, `${lang}-studio-demo-josie`);
    await page.context().close();
  });
}

test("a listener is refused another's studio; an admin opens it and the platform's totals", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await setFlag(request, 'studio', 'true');
  const reader = await readerOfCurator(request, 1, () => `Studio for admins ${Date.now()}`);
  const { curator } = reader;
  const curatorId = curator.user._id;

  // The API refuses the listener (403), and the page says so.
  const listener = await apiSignup(request, { name: 'Curious Listener' });
  expect(
    (
      await request.get(`/api/studio/overview?curatorId=${curatorId}`, { headers: auth(listener.token) })
    ).status(),
  ).toBe(403);
  const refused = await openAs(browser, listener, `/studio?curatorId=${curatorId}`);
  await expect(refused.getByText("You can't see this studio")).toBeVisible();
  await shot(refused, 'en-studio-forbidden');
  await refused.context().close();

  // The admin goes from the curator's account to their studio.
  const admin = await apiLogin(request, 'admin@demo.josie');
  const page = await openAs(browser, admin, `/admin/users/${curatorId}`);
  const read = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/studio/overview');
  await page.getByRole('link', { name: /Open their studio/ }).click();
  const overview = (await (await read).json()) as Overview;
  await expect(page).toHaveURL(new RegExp(`/studio\\?curatorId=${curatorId}$`));
  await expect(page.getByText("You are viewing another curator's studio as an admin.")).toBeVisible();
  await expect(page.getByText('Followers now').locator('..')).toContainText(String(overview.followers.now));
  await shot(page, 'en-studio-admin-curator');

  // The platform's totals, from the same counts.
  const platformRead = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/studio/platform');
  await page.goto('/admin/studio');
  const platform = (await (await platformRead).json()) as { totals: { views: { current: number } } };
  await expect(page.getByRole('heading', { name: 'Platform studio', level: 1 })).toBeVisible();
  await expect(page.getByText('Views', { exact: true }).locator('..')).toContainText(
    new Intl.NumberFormat('en').format(platform.totals.views.current),
  );
  await expectAccessible(page);
  await shot(page, 'en-studio-platform-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'en-studio-platform-390');
  await page.context().close();
});
