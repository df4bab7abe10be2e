import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, readerOfCurator, setFlag, shot, test, useSession } from '../support/fixtures.js';

/**
 * The web app on a flaky network and in a reader's hands, in English and Hebrew (decisions 0012 and 0040):
 * every chunk the build loads with `import()`, failing once, leaves the page working; Back returns to the
 * post the reader left with the pages loaded; a title of one 200-character word never widens a page; the
 * header's search works before the scripts have run.
 */

const TEXT = {
  en: {
    loadMore: 'Load More',
    notifications: 'Notifications',
    seeAll: 'See all notifications',
    search: 'Search',
  },
  he: { loadMore: 'טען עוד', notifications: 'התראות', seeAll: 'לכל ההתראות', search: 'חיפוש' },
} as const;

/** The built scripts that some script loads with `import()`: the chunks a download failure can hit. */
function dynamicChunks(): Set<string> {
  const assets = join(dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/assets');
  const names = new Set<string>();
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    for (const match of readFileSync(join(assets, file), 'utf8').matchAll(
      /import\(\s*[`'"]\.\/([\w.-]+\.js)[`'"]/g,
    )) {
      names.add(match[1]!);
    }
  }
  return names;
}

const PHONE = { width: 390, height: 800 };
const WIDE = { width: 1280, height: 800 };

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

for (const lang of ['en', 'he'] as const) {
  const t = TEXT[lang];

  test(`every chunk loaded with import(), failing once, leaves the pages working (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const chunks = dynamicChunks();
    expect(chunks.size).toBeGreaterThan(20);
    const failed = new Set<string>();
    await page.route(/\/assets\/[\w.-]+\.js(\?.*)?$/, (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!;
      if (!chunks.has(name) || failed.has(name)) return route.continue();
      failed.add(name);
      return route.abort('connectionreset');
    });
    const reader = await readerOfCurator(request, 2);
    await useSession(page, reader);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The feed, its header's bell and its dropdown.
    await page.goto(`/?lng=${lang}`);
    await expect(page.getByRole('article')).toHaveCount(2, { timeout: 30_000 });
    const bell = page.getByRole('banner').getByRole('button', { name: t.notifications, exact: true });
    await bell.click();
    await expect(page.getByRole('link', { name: t.seeAll })).toBeVisible();
    // A josie page, a later page and the search.
    await page.goto(`/josie/${reader.josieIds[0]}?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Grid #1' })).toBeVisible();
    await page.goto(`/search?q=Grid&lng=${lang}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.goto(`/about?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Nothing ended on an error screen, and the bell's code was among the chunks that failed once.
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect([...failed].some((name) => name.startsWith('NotificationBell-'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test(`Back returns to the post the reader left, with the pages Load More brought (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const reader = await readerOfCurator(request, 25, (i) => `Scroll #${i}`);
    await useSession(page, reader);
    await page.setViewportSize(WIDE);
    await page.goto(`/?lng=${lang}`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(20, { timeout: 30_000 });
    await page.getByRole('button', { name: t.loadMore }).click();
    await expect(cards).toHaveCount(25);
    // The 22nd post (newest first: Scroll #4), opened from the middle of the screen.
    const card = cards.nth(21);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -200));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // The place is the post and where it sat on the screen, not an offset: cards above it that were not
    // drawn since the page mounted hold a placeholder height (content-visibility).
    const left = (await card.boundingBox())!.y;
    await card.getByRole('link', { name: 'Scroll #4' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Scroll #4' })).toBeVisible();
    await page.goBack();
    await expect(cards).toHaveCount(25);
    await expect.poll(async () => Math.abs((await cards.nth(21).boundingBox())!.y - left)).toBeLessThan(50);
    await expect(cards.nth(21)).toBeInViewport();
    await shot(page, `robust-back-${lang}`);
  });

  test(`a 200-character word in a title never widens a page (${lang})`, async ({ browser, request }) => {
    test.setTimeout(300_000);
    const word = `${'Long'.repeat(49)}End!`;
    const reader = await readerOfCurator(request, 1, () => word);
    // One context per account, each page opened at both widths: a fresh context per page drew the same
    // pages from a cold cache eight times (docs/decisions/0039-test-tiers.md).
    const pages = [
      {
        session: reader,
        paths: ['/', `/josie/${reader.josieIds[0]}`, `/curator/${reader.curator.user._id}`],
      },
      { session: reader.curator, paths: ['/my-josies'] },
    ];
    for (const { session, paths } of pages) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const tab = await context.newPage();
      await useSession(tab, session);
      for (const viewport of [PHONE, WIDE]) {
        await tab.setViewportSize(viewport);
        for (const path of paths) {
          await tab.goto(`${path}?lng=${lang}`);
          await expect(tab.getByText(word).first()).toBeVisible({ timeout: 30_000 });
          const widths = await tab.evaluate(() => ({
            page: document.documentElement.scrollWidth,
            viewport: document.documentElement.clientWidth,
          }));
          expect(widths.page, `${path} at ${viewport.width} px`).toBeLessThanOrEqual(widths.viewport);
        }
      }
      await context.close();
    }
  });

  test(`the header's search works before the scripts have run (${lang})`, async ({ browser, request }) => {
    const reader = await readerOfCurator(request, 1, () => 'Searchable night');
    // A visitor's josie page is rendered by the server (decision 0007): its header is there without scripts.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/josie/${reader.josieIds[0]}?lng=${lang}`);
    const field = page.getByRole('searchbox', { name: t.search });
    await field.fill('night');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=night$/);
    await context.close();
  });
}
