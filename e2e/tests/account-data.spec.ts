import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  apiLogin,
  apiSignup,
  expect,
  mailedToken,
  setFlag,
  shot,
  test,
  useSession,
} from '../support/fixtures.js';

/**
 * Your account, your data (docs/decisions/0025-account-and-data.md), in English and Hebrew: sign up, verify
 * the email from the mailed link, change the password (a session signed in elsewhere ends), export the data
 * and open the zip, delete the account (signing in fails after).
 */

const TEXT = {
  en: {
    banner: 'Email verification',
    verified: /your email is verified/,
    password: 'Password',
    current: 'Current password',
    newPassword: 'New password',
    confirm: 'Confirm new password',
    change: 'Change password',
    changed: 'Your password was changed. Your other sessions were signed out.',
    thisDevice: 'This device',
    exportRegion: 'Export your data',
    exportButton: 'Export my data',
    download: 'Download the zip',
    deleteButton: 'Delete my account',
    dialog: 'Delete your account for good?',
    yourPassword: 'Your password',
    goodbye: /Your account was deleted/,
  },
  he: {
    banner: 'אימות מייל',
    verified: /כתובת המייל שלכם אומתה/,
    password: 'סיסמה',
    current: 'הסיסמה הנוכחית',
    newPassword: 'סיסמה חדשה',
    confirm: 'אישור הסיסמה החדשה',
    change: 'החלפת סיסמה',
    changed: 'הסיסמה הוחלפה. החיבורים האחרים שלכם נותקו.',
    thisDevice: 'המכשיר הזה',
    exportRegion: 'ייצוא הנתונים שלכם',
    exportButton: 'ייצוא הנתונים שלי',
    download: 'הורדת קובץ ה-zip',
    deleteButton: 'מחיקת החשבון שלי',
    dialog: 'למחוק את החשבון לצמיתות?',
    yourPassword: 'הסיסמה שלכם',
    goodbye: /החשבון שלכם נמחק/,
  },
} as const;

/** Shots of the current page on a desktop and on a phone, for people to look at. */
async function shots(page: Page, name: string) {
  await shot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-phone`);
  if (size) await page.setViewportSize(size);
}

for (const lang of ['en', 'he'] as const) {
  test(`verify, change the password, export and delete the account (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'language_select', 'true');

    // Sign up: the session starts unverified, and the banner says so.
    const account = await apiSignup(request, { name: lang === 'he' ? 'נועה' : 'Noa', verify: false });
    const context = await browser.newContext();
    const page = await context.newPage();
    await useSession(page, account);
    await page.goto(`/about${q}`);
    const banner = page.getByRole('complementary', { name: t.banner });
    await expect(banner).toBeVisible();
    await shots(page, `${lang}-account-data-banner`);

    // The mailed link verifies the email; the banner goes.
    const token = await mailedToken(account.user.email, '/verify-email');
    await page.goto(`/verify-email?token=${encodeURIComponent(token)}&lng=${lang}`);
    await expect(page.getByText(t.verified)).toBeVisible();
    await expect(banner).toHaveCount(0);

    // Another device signed in before the change.
    const elsewhere = await apiLogin(request, account.user.email, account.password);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await useSession(other, elsewhere);
    await other.goto(`/account${q}`);
    await expect(other).toHaveURL(/\/account/);

    // The Security tab lists both sessions; the password changes and the other session ends.
    await page.goto(`/account${q}&tab=security`);
    await expect(page.getByText(t.thisDevice)).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(lang === 'he' ? 'ניתוק' : 'Sign out') }).first(),
    ).toBeVisible();
    await shots(page, `${lang}-account-data-security`);
    const form = page.getByRole('region', { name: t.password, exact: true });
    await form.getByLabel(t.current).fill(account.password);
    await form.getByLabel(t.newPassword, { exact: true }).fill('changed-password-2');
    await form.getByLabel(t.confirm).fill('changed-password-2');
    await form.getByRole('button', { name: t.change }).click();
    await expect(page.getByText(t.changed)).toBeVisible();
    await other.reload();
    await expect(other).toHaveURL(/\/login/);
    const old = await request.get('/api/users/me', {
      headers: { authorization: `Bearer ${elsewhere.token}` },
    });
    expect(old.status()).toBe(401);
    await otherContext.close();

    // Export: pending, then ready; the zip downloads with the session and holds the account.
    await page.goto(`/account${q}&tab=data`);
    const exportRegion = page.getByRole('region', { name: t.exportRegion });
    await exportRegion.getByRole('button', { name: t.exportButton }).click();
    const download = exportRegion.getByRole('button', { name: t.download });
    await expect(download).toBeVisible({ timeout: 60_000 });
    await shots(page, `${lang}-account-data-export`);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const dir = mkdtempSync(join(tmpdir(), 'josie-export-'));
    try {
      const zip = join(dir, 'export.zip');
      await file.saveAs(zip);
      const entries = unzipSync(readFileSync(zip));
      const accountJson = JSON.parse(strFromU8(entries['account.json'] ?? new Uint8Array()));
      expect(JSON.stringify(accountJson)).toContain(account.user.email);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    // Delete: the dialog asks for the password; after it the home page says goodbye and sign-in fails.
    await page.getByRole('button', { name: t.deleteButton }).click();
    const dialog = page.getByRole('alertdialog', { name: t.dialog });
    await expect(dialog.getByLabel(t.yourPassword)).toBeFocused();
    await shots(page, `${lang}-account-data-delete-dialog`);
    await dialog.getByLabel(t.yourPassword).fill('changed-password-2');
    await dialog.getByRole('button', { name: t.deleteButton }).click();
    await expect(page.getByText(t.goodbye)).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
    const login = await request.post('/api/auth/login', {
      data: { email: account.user.email, password: 'changed-password-2' },
    });
    expect(login.status()).toBe(401);
    await context.close();
  });
}
