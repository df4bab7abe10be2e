import type { Locator, Page } from '@playwright/test';
import { apiLogin, expect, setFlag, shot, test, useSession } from '../support/fixtures.js';

/**
 * The shared layout in a real browser, in English and Hebrew: the header bar and the page under it share
 * one content width (decision 0014), the admin dashboard ends with its footer, the floating "New josie"
 * button never covers the footer's links, and the editor asks before Back discards changes.
 */

const TEXT = {
  en: { privacy: 'Privacy policy', newJosie: 'New josie', back: 'Back', title: 'Title' },
  he: { privacy: 'מדיניות פרטיות', newJosie: 'ג׳וזי חדשה', back: 'חזרה', title: 'כותרת' },
} as const;

const PHONE = { width: 390, height: 800 };
const WIDE = { width: 1280, height: 800 };

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

/** The left and right edges and the height of an element, in CSS pixels. */
async function edges(locator: Locator): Promise<{ left: number; right: number; height: number }> {
  const box = await locator.boundingBox();
  expect(box, `${locator} has no box`).not.toBeNull();
  return { left: box!.x, right: box!.x + box!.width, height: box!.height };
}

/** Opens `path` as a demo account in `lang`, at `viewport`. */
async function open(
  page: Page,
  request: import('@playwright/test').APIRequestContext,
  opts: { email: string; path: string; lang: 'en' | 'he'; viewport: { width: number; height: number } },
): Promise<void> {
  await page.setViewportSize(opts.viewport);
  await useSession(page, await apiLogin(request, opts.email));
  await page.goto(`${opts.path}?lng=${opts.lang}`);
  await expect(page.locator('html')).toHaveAttribute('dir', opts.lang === 'he' ? 'rtl' : 'ltr');
}

/** The header and the page under it share one content width (decision 0014): `page` is on `/my-josies`. */
async function expectLinedUp(page: Page, lang: 'en' | 'he'): Promise<void> {
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  const nav = page.getByRole('banner').getByRole('navigation').first();
  const logo = await edges(nav.getByRole('link').first());
  const menu = await edges(nav.getByRole('button').last());
  const title = await edges(page.getByRole('heading', { level: 1 }));
  const content = await edges(table);
  // The logo starts where the page title starts, the menu button ends where the content ends: on the left
  // and the right in English, mirrored in Hebrew.
  if (lang === 'en') {
    expect(Math.abs(logo.left - title.left)).toBeLessThanOrEqual(1);
    expect(Math.abs(menu.right - content.right)).toBeLessThanOrEqual(1);
  } else {
    expect(Math.abs(logo.right - title.right)).toBeLessThanOrEqual(1);
    expect(Math.abs(menu.left - content.left)).toBeLessThanOrEqual(1);
  }
  // The app's name stays on one line beside the mark (the Hebrew header at 390 px once broke it in two).
  expect(logo.height).toBeLessThanOrEqual(48);
  // And the bar's frame is the page's.
  const bar = await edges(nav);
  const frame = await edges(page.getByRole('contentinfo').locator('> div'));
  expect([bar.left, bar.right]).toEqual([frame.left, frame.right]);
}

/** The floating "New josie" button never covers the footer's links: `page` is on `/my-josies`. */
async function expectFooterFree(page: Page, lang: 'en' | 'he'): Promise<void> {
  await expect(page.getByRole('table')).toBeVisible();
  const privacy = page.getByRole('contentinfo').getByRole('link', { name: TEXT[lang].privacy });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(privacy).toBeInViewport();
  const button = page.getByRole('main').getByRole('link', { name: TEXT[lang].newJosie });
  await expect(button).toBeInViewport();
  const a = (await privacy.boundingBox())!;
  const b = (await button.boundingBox())!;
  const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `New josie ${JSON.stringify(b)} over Privacy ${JSON.stringify(a)}`).toBe(false);
  // While the list scrolls by, the button still floats at the bottom of the screen.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(button).toBeInViewport();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

for (const lang of ['en', 'he'] as const) {
  // One browser context opens the page at each width: a context per width loaded the same page from a
  // cold cache four times (docs/decisions/0039-test-tiers.md).
  test(`header and content line up, and the New josie button leaves the footer's links free (${lang})`, async ({
    page,
    request,
  }) => {
    for (const viewport of [WIDE, { width: 768, height: 800 }, PHONE]) {
      await open(page, request, { email: 'curator1@demo.josie', path: '/my-josies', lang, viewport });
      await test.step(`at ${viewport.width} px`, async () => {
        if (viewport.width !== 768) await expectLinedUp(page, lang);
        if (viewport.width !== WIDE.width) await expectFooterFree(page, lang);
      });
      await shot(page, `layout-my-josies-${lang}-${viewport.width}`);
    }
  });

  test(`the admin dashboard ends with its footer (${lang})`, async ({ page, request }) => {
    await open(page, request, { email: 'admin@demo.josie', path: '/admin/dashboard', lang, viewport: WIDE });
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    // Read again until the page settles: the dashboard's later sections and charts arrive after the first.
    await expect
      .poll(() =>
        page.evaluate(() => {
          // The page's footer (cards and the notifications dropdown have their own, inside main or header).
          const footers = Array.from(document.querySelectorAll('footer'));
          const footer = footers.find((f) => !f.closest('main, header'))!.getBoundingClientRect();
          return Math.abs(footer.bottom + window.scrollY - document.documentElement.scrollHeight);
        }),
      )
      .toBeLessThanOrEqual(1);
    await shot(page, `layout-admin-dashboard-${lang}`);
  });

  test(`the editor asks before Back discards a change (${lang})`, async ({ page, request }) => {
    await open(page, request, { email: 'curator1@demo.josie', path: '/josie/new', lang, viewport: WIDE });
    await page.getByLabel(TEXT[lang].title).fill(lang === 'en' ? 'Half a thought' : 'חצי מחשבה');
    await page.getByRole('link', { name: TEXT[lang].back }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/josie\/new/);
    await shot(page, `layout-editor-leave-${lang}`);
    await dialog.getByRole('button').first().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(TEXT[lang].title)).toHaveValue(/./);
  });
}
