import type { APIRequestContext, Browser } from '@playwright/test';
import { apiLogin, expect, setFlag, shot, test, verifyEmail, waitForMail } from '../support/fixtures.js';

/** Password reset by email, avatar, curator font and colour, header-image refusal; en and he (docs/product/routes-and-roles.md#account). */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAvklEQVR4nO3ZwQnDQADEQLeb/tTf5R+IPyGsHwNXgdDKZ/s6r5zzHcKFzrlVBKAA6peVMCiAYlD/e9SYWADFoEys1YVWgwIoBmViaVDP/K4g0gEUgzKxNKh5j0U6gGJQJta8Oy6KARSDMrHmAfKyGkAxKBNLg5rHWKQDKAZlYs2j46IYQDEoE+shx5/VAIpBmVga1LzHIh1AMSgTa94dF8UAikGZWPMAeVkNoBiUiaVBzWMs0gEUgzKx5tH5OG9/WqLvM50hbQAAAABJRU5ErkJggg==',
  'base64',
);

const TEXT = {
  en: {
    email: 'Email',
    send: 'Send reset link',
    checkEmail: 'Check your email',
    subject: /Reset your Josie password/,
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    reset: 'Reset password',
    password: 'Password',
    logIn: 'Log in',
    changePhoto: 'Change profile photo',
    savePhoto: 'Save profile photo',
    searchFonts: 'Search fonts',
    yellow: 'Yellow',
    savePreferences: 'Save preferences',
    headerImage: 'Change header image',
  },
  he: {
    email: 'אימייל',
    send: 'שליחת קישור לאיפוס',
    checkEmail: /בדקו את תיבת|בדיקת/,
    subject: /איפוס הסיסמה/,
    newPassword: 'סיסמה חדשה',
    confirmPassword: 'אימות הסיסמה החדשה',
    reset: 'איפוס הסיסמה',
    password: 'סיסמה',
    logIn: 'התחברות',
    changePhoto: 'החלפת תמונת פרופיל',
    savePhoto: 'שמירת תמונת הפרופיל',
    searchFonts: 'חיפוש גופנים',
    yellow: 'צהוב',
    savePreferences: 'שמירת ההעדפות',
    headerImage: 'החלפת תמונת כותרת',
  },
} as const;

async function signup(request: APIRequestContext, lang: 'en' | 'he', tag: string) {
  const email = `${tag}-${lang}-${Date.now()}@example.test`;
  const password = 'first-password-1';
  const res = await request.post('/api/auth/signup', {
    data: { name: `${tag} ${lang}`, email, password, preferredLanguage: lang },
  });
  expect(res.status()).toBe(201);
  // Publishing needs a verified email (docs/decisions/0025-account-and-data.md).
  await verifyEmail(request, email);
  // A sign-up answers no session (decision 0037): the new user signs in.
  return { ...(await apiLogin(request, email, password)), email, password };
}

async function pageAs(browser: Browser, session: object | null, q: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/about${q}`);
  if (session)
    await page.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(session));
  return page;
}

for (const lang of ['en', 'he'] as const) {
  test(`password reset by email ends the old session (${lang})`, async ({ browser, request }) => {
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'language_select', 'true');
    const user = await signup(request, lang, 'reset');
    const page = await pageAs(browser, null, q);
    await page.goto(`/reset-password${q}`);
    await page.getByLabel(t.email).fill(user.email);
    await page.getByRole('button', { name: t.send }).click();
    await expect(page.getByRole('heading', { name: t.checkEmail })).toBeVisible();

    const mail = await waitForMail(user.email, t.subject);
    const link = /https?:\/\/\S+\/reset-password\?[^\s"<>]+/.exec(mail.text ?? '')?.[0];
    expect(link, mail.text).toBeTruthy();
    const target = new URL(link!.replaceAll('&amp;', '&'));
    await page.goto(`${target.pathname}${target.search}&lng=${lang}`);
    await page.getByLabel(t.newPassword, { exact: true }).fill('second-password-2');
    await page.getByLabel(t.confirmPassword).fill('second-password-2');
    await page.getByRole('button', { name: t.reset }).click();
    await expect(page).toHaveURL(/\/login/, { timeout: 10_000 });

    await page.getByLabel(t.email).fill(user.email);
    await page.getByLabel(t.password, { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: t.logIn, exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    const old = await request.get('/api/users/me', { headers: { authorization: `Bearer ${user.token}` } });
    expect(old.status()).toBe(401);
    await page.context().close();
  });

  test(`avatar, curator font and colour, and the header-image rule (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'language_select', 'true');

    // A listener uploads an avatar and sees it in the header at once; a header image is refused.
    const listener = await signup(request, lang, 'avatar');
    const page = await pageAs(browser, { token: listener.token, user: listener.user }, q);
    await page.goto(`/account${q}&tab=profile`);
    await expect(page.getByLabel(t.headerImage)).toHaveCount(0);
    await page
      .getByLabel(t.changePhoto)
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: t.savePhoto }).click();
    await expect(page.locator('header img[src^="/media/avatars/"]').first()).toBeVisible();
    await shot(page, `${lang}-account-profile`);
    const refused = await request.post('/api/users/header-image', {
      headers: { authorization: `Bearer ${listener.token}` },
      multipart: { headerImage: { name: 'h.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(refused.status()).toBe(403);
    await page.context().close();

    // A curator picks Permanent Marker and Yellow; their josie card and profile show them.
    const admin = await apiLogin(request, 'admin@demo.josie');
    const fresh = await signup(request, lang, 'stylist');
    await request.patch(`/api/admin/users/${fresh.user._id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { role: 'curator' },
    });
    const curator = await apiLogin(request, fresh.email, fresh.password);
    const josie = await (
      await request.post('/api/josies', {
        headers: { authorization: `Bearer ${curator.token}` },
        multipart: {
          title: `Styled ${lang}`,
          paragraphs: JSON.stringify([{ type: 'text', content: 'In style' }]),
        },
      })
    ).json();
    const editor = await apiLogin(request, 'editor@demo.josie');
    await request.put(`/api/josies/${josie._id}/approve`, {
      headers: { authorization: `Bearer ${editor.token}` },
      data: {},
    });

    const cpage = await pageAs(browser, curator, q);
    await cpage.goto(`/account${q}&tab=preferences`);
    await cpage.getByRole('searchbox', { name: t.searchFonts }).fill('Permanent');
    const font = cpage.getByRole('radio', { name: 'Permanent Marker' });
    await expect(font).toBeEnabled({ timeout: 10_000 });
    await font.check();
    await cpage.getByRole('radio', { name: t.yellow }).check();
    await cpage.getByRole('button', { name: t.savePreferences }).click();
    await expect(cpage.getByRole('button', { name: t.savePreferences })).toHaveCount(0);
    await shot(cpage, `${lang}-account-preferences`);

    const profile = await (
      await request.get(`/api/users/${curator.user._id}`, {
        headers: { authorization: `Bearer ${curator.token}` },
      })
    ).json();
    expect(profile.preferences).toMatchObject({ myFont: 'Permanent Marker', myColor: '#F4FF5E' });

    await cpage.goto(`/josie/${josie._id}${q}`);
    const name = cpage.getByText(fresh.user.name).first();
    // Retried: hydration may replace the server-rendered node under the locator, and a detached node has
    // no computed style (a one-shot read saw "").
    await expect(name).toHaveCSS('font-family', /Permanent Marker/);
    await cpage.goto(`/curator/${curator.user._id}${q}`);
    const heading = cpage.getByRole('heading', { level: 1, name: fresh.user.name });
    await expect(heading).toHaveCSS('font-family', /Permanent Marker/);
    await shot(cpage, `${lang}-curator-profile`);
    await cpage.context().close();
  });
}
