import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiLogin, apiSignup, expect, type Session, setFlag, shot, test } from '../support/fixtures.js';

/**
 * The notifications centre's journey (docs/decisions/0024-notifications-centre.md), in English and Hebrew:
 * a listener follows a curator and likes a josie; the curator's bell counts them live (no reload), the
 * dropdown and `/notifications` list them, and following an entry marks it read so the count falls.
 */

const TEXT = {
  en: {
    bell: /^Notifications/,
    bellZero: 'Notifications',
    bellUnread: (n: number) => `Notifications, ${n} unread`,
    followed: (name: string) => `${name} followed you`,
    liked: (name: string, title: string) => `${name} liked ‘${title}’`,
    seeAll: 'See all notifications',
    heading: 'Notifications',
    markAll: 'Mark all as read',
    kindsTitle: 'What to tell you, and how',
  },
  he: {
    bell: /^התראות/,
    bellZero: 'התראות',
    bellUnread: (n: number) => (n === 1 ? 'התראות, אחת שלא נקראה' : `התראות, ${n} שלא נקראו`),
    followed: (name: string) => `${name} התחיל/ה לעקוב אחריכם`,
    liked: (name: string, title: string) => `${name} אהב/ה את ‘${title}’`,
    seeAll: 'לכל ההתראות',
    heading: 'התראות',
    markAll: 'סימון הכול כנקרא',
    kindsTitle: 'על מה לעדכן אתכם, ואיך',
  },
} as const;

const PHONE = { width: 390, height: 844 };

/** A fresh curator with one approved josie; its own notifications (the approval) already read. */
async function curatorWithJosie(request: APIRequestContext, lang: string) {
  const admin = await apiLogin(request, 'admin@demo.josie');
  const editor = await apiLogin(request, 'editor@demo.josie');
  const name = `Bell Curator ${lang} ${Date.now()}`;
  const signup = await apiSignup(request, { name });
  const promoted = await request.patch(`/api/admin/users/${signup.user._id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { role: 'curator' },
  });
  expect(promoted.status()).toBe(200);
  const curator = await apiLogin(request, signup.user.email, signup.password);
  const auth = { authorization: `Bearer ${curator.token}` };
  const title = `Bell josie ${lang} ${Date.now()}`;
  const created = await request.post('/api/josies', {
    headers: auth,
    multipart: { title, paragraphs: JSON.stringify([{ type: 'text', content: 'Ring ring' }]) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const josie = (await created.json()) as { _id: string };
  const approved = await request.put(`/api/josies/${josie._id}/approve`, {
    headers: { authorization: `Bearer ${editor.token}` },
    data: {},
  });
  expect(approved.status()).toBe(200);
  // The approval is a notification of its own (written by a job): wait for it and read it, so the bell
  // starts at nothing.
  await expect
    .poll(
      async () =>
        (await (await request.get('/api/notifications/unread-count', { headers: auth })).json()).unreadCount,
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(1);
  const read = await request.post('/api/notifications/read', { headers: auth, data: {} });
  expect(read.status()).toBe(200);
  return { curator, auth, title, josieId: josie._id };
}

/** A page signed in as `session`, in `lang`, at `path`, with `viewport`. */
async function signedInPage(browser: Browser, session: Session, path: string, viewport?: typeof PHONE) {
  const context = await browser.newContext(viewport ? { viewport, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  await page.goto('/about');
  await page.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(session));
  // The bell's live socket: the page is ready once it is open (and has joined the user's room, just after).
  const socket = page.waitForEvent('websocket');
  await page.goto(path);
  await socket;
  return page;
}

async function bellOf(page: Page, lang: 'en' | 'he') {
  return page.getByRole('navigation').getByRole('button', { name: TEXT[lang].bell });
}

for (const lang of ['en', 'he'] as const) {
  test(`the curator's bell counts a follow and a like live, and reading one lowers it (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'language_select', 'true');
    const { curator, title, josieId } = await curatorWithJosie(request, lang);
    const listenerName = `Bell Listener ${lang}`;
    const listener = await apiSignup(request, { name: listenerName });
    const listenerAuth = { authorization: `Bearer ${listener.token}` };

    // The curator sits on a page with the header; nothing unread.
    const page = await signedInPage(browser, curator, `/about${q}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    const bell = await bellOf(page, lang);
    await expect(bell).toHaveAccessibleName(t.bellZero);
    // Past the socket's join of the user's room.
    await page.waitForTimeout(1000);

    // The listener follows, then likes: the bell rises without a reload.
    const followed = await request.post(`/api/users/follow/${curator.user._id}`, { headers: listenerAuth });
    expect(followed.status(), await followed.text()).toBe(200);
    await expect(bell).toHaveAccessibleName(t.bellUnread(1), { timeout: 20_000 });
    const liked = await request.post(`/api/josies/${josieId}/like`, { headers: listenerAuth });
    expect(liked.status(), await liked.text()).toBe(200);
    await expect(bell).toHaveAccessibleName(t.bellUnread(2), { timeout: 20_000 });
    await expect(bell.getByText('2', { exact: true })).toBeVisible();
    // The count is announced politely.
    await expect(page.getByRole('status').filter({ hasText: '2' })).toHaveAttribute('aria-live', 'polite');
    await shot(page, `notification-centre-${lang}-desktop-bell`);

    // The dropdown lists both, newest first.
    await bell.click();
    const panel = page.getByRole('region', { name: t.heading });
    await expect(panel.getByRole('link', { name: t.liked(listenerName, title) })).toBeVisible();
    await expect(panel.getByRole('link', { name: t.followed(listenerName) })).toBeVisible();
    await shot(page, `notification-centre-${lang}-desktop-dropdown`);

    // The full list, then following the follower entry: it is marked read and the count falls.
    await panel.getByRole('link', { name: t.seeAll }).click();
    await expect(page).toHaveURL(/\/notifications/);
    await expect(page.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(page.getByRole('button', { name: t.markAll })).toBeVisible();
    await shot(page, `notification-centre-${lang}-desktop-list`);
    await page
      .getByRole('main')
      .getByRole('link', { name: t.followed(listenerName) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/profile/${listener.user._id}`));
    await expect(bell).toHaveAccessibleName(t.bellUnread(1));
    // The server agrees after a reload.
    await page.reload();
    await expect(await bellOf(page, lang)).toHaveAccessibleName(t.bellUnread(1));

    // The settings tab.
    await page.goto(`/account?tab=notifications&lng=${lang}`);
    await expect(page.getByRole('region', { name: t.kindsTitle })).toBeVisible();
    await shot(page, `notification-centre-${lang}-desktop-settings`);
    await page.context().close();

    // On a phone: the bell (44 px), the dropdown, the list and the settings.
    const phone = await signedInPage(browser, curator, `/about${q}`, PHONE);
    const phoneBell = await bellOf(phone, lang);
    await expect(phoneBell).toHaveAccessibleName(t.bellUnread(1));
    const box = await phoneBell.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await shot(phone, `notification-centre-${lang}-phone-bell`);
    await phoneBell.click();
    await expect(
      phone
        .getByRole('region', { name: t.heading })
        .getByRole('link', { name: t.liked(listenerName, title) }),
    ).toBeVisible();
    await shot(phone, `notification-centre-${lang}-phone-dropdown`);
    await phone.goto(`/notifications${q}`);
    await expect(phone.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(
      phone.getByRole('main').getByRole('link', { name: t.liked(listenerName, title) }),
    ).toBeVisible();
    await shot(phone, `notification-centre-${lang}-phone-list`);
    await phone.getByRole('button', { name: t.markAll }).click();
    await expect(phoneBell).toHaveAccessibleName(t.bellZero);
    await phone.goto(`/account?tab=notifications&lng=${lang}`);
    await expect(phone.getByRole('region', { name: t.kindsTitle })).toBeVisible();
    await shot(phone, `notification-centre-${lang}-phone-settings`);
    await phone.context().close();
  });
}
