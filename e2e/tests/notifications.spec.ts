import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import {
  apiLogin,
  DEMO_PASSWORD,
  expect,
  type Session,
  setFlag,
  shot,
  test,
  useSession,
  verifyEmail,
  waitForMail,
} from '../support/fixtures.js';

/**
 * The installable app (docs/product/rules-and-limits.md#notifications-and-install). Manifests and icons,
 * Chromium's installability verdict, the service worker's offline shell, and the Web Share Target opening the
 * editor with a shared Spotify link. Then the review-decision email on the production build: in the curator's
 * language, with the reason, and its unsubscribe link, whose page asks before it turns emails off. (Push
 * delivery, decrypted from a stand-in push service, is tested in the server's suite:
 * `apps/server/src/modules/notifications/delivery.test.ts`.)
 */

// The offline shell and the share target are the service worker's: allowed here, blocked elsewhere.
test.use({ serviceWorkers: 'allow' });

const TRACK = 'https://open.spotify.com/track/4PTG3Z6ehGkBFwjybzWkR8';
/** What the Spotify app shares: a sentence with the link (and its tracking parameter) in `text`. */
const shareUrl = `/josie/new?title=&text=${encodeURIComponent(`Listen to this on Spotify: ${TRACK}?si=2f4a9c`)}`;

/** The width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

test('serves a valid manifest per language, with its icons and the share target', async ({ request }) => {
  for (const [path, lang, dir] of [
    ['/manifest.webmanifest', 'en', 'ltr'],
    ['/manifest.he.webmanifest', 'he', 'rtl'],
  ] as const) {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Josie',
      short_name: 'Josie',
      start_url: '/',
      display: 'standalone',
      lang,
      dir,
      share_target: {
        action: '/josie/new',
        method: 'GET',
        params: { title: 'title', text: 'text', url: 'url' },
      },
    });
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe(icon.type);
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }
  }
});

test('is installable: Chromium reports no installability error and the worker controls the page', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which browser.newContext() is.
  const profile = mkdtempSync(join(tmpdir(), 'josie-e2e-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toMatch(/\/sw\.js$/);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    // The data of Lighthouse's installable-manifest audit (bench/lighthouse.ts prints the same).
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('reloads offline into the app shell and says it is offline', async ({ page, context }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("load when you're back online");
  await shot(page, 'en-offline');

  await context.setOffline(false);
  await expect(notice).toBeHidden();
});

test("the share target opens a curator's new josie with the shared Spotify link as its audio", async ({
  page,
  request,
}) => {
  await useSession(page, await apiLogin(request, 'curator1@demo.josie'));
  await page.goto(shareUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'New josie' })).toBeVisible();
  // Added by itself: the link's card is there and the "Add audio" button is gone.
  await expect(page.getByText('Track on Spotify')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Add audio' })).toHaveCount(0);
  await expect(page.getByText("The shared link was added as your josie's audio")).toBeVisible();
  // The share leaves the address, so a reload does not add it again.
  await expect(page).toHaveURL(/\/josie\/new$/);
  await shot(page, 'en-share-target');

  // Publishing keeps the shared link as the josie's audio item.
  await page.getByLabel('Title').fill('Shared from my phone');
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/josies') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Publish' }).click();
  const josie = await (await created).json();
  expect(josie.paragraphs).toContainEqual(
    expect.objectContaining({
      type: 'audioItem',
      content: expect.objectContaining({ url: TRACK, provider: 'spotify' }),
    }),
  );
});

test('a signed-out share goes through login and comes back to the editor with the link', async ({ page }) => {
  await page.goto(shareUrl);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill('curator2@demo.josie');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Track on Spotify')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/josie\/new$/);
});

/** A new curator who prefers `language`: signed up through the API, promoted by the demo admin. */
async function newCurator(request: APIRequestContext, language: 'en' | 'he'): Promise<Session> {
  const email = `e2e-mail-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = 'e2e-password-1';
  const res = await request.post('/api/auth/signup', {
    data: { name: language === 'he' ? 'נועה' : 'Noa', email, password, preferredLanguage: language },
  });
  expect(res.status(), await res.text()).toBe(201);
  // A sign-up answers no session (decision 0037).
  const { user } = await apiLogin(request, email, password);
  // Publishing needs a verified email (docs/decisions/0025-account-and-data.md).
  await verifyEmail(request, email);
  const admin = await apiLogin(request, 'admin@demo.josie');
  const promoted = await request.patch(`/api/admin/users/${user._id}`, {
    data: { role: 'curator' },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  // The role change ended the sign-up session.
  return apiLogin(request, email, password);
}

/** Creates a pending josie through the API; answers its id. */
async function pendingJosie(request: APIRequestContext, curator: Session, title: string): Promise<string> {
  const res = await request.post('/api/josies', {
    data: { title, paragraphs: [{ type: 'text', content: 'Songs for the night bus home.' }] },
    headers: { authorization: `Bearer ${curator.token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

test("an editor's rejection emails the curator in Hebrew with the reason; the link unsubscribes", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await setFlag(request, 'language_select', 'true');
  const curator = await newCurator(request, 'he');
  const title = `שירי לילה ${Date.now()}`;
  const josieId = await pendingJosie(request, curator, title);

  // The editor rejects it in the Hebrew interface, with a reason.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await useSession(editor, await apiLogin(request, 'editor@demo.josie'));
  await editor.goto(`/josie/${josieId}?lng=he`);
  await editor.getByRole('button', { name: 'דחייה', exact: true }).click();
  const reason = 'נא להוסיף את שם האמן';
  await editor.getByLabel('סיבת הדחייה').fill(reason);
  await editor.getByRole('button', { name: 'אישור הדחייה' }).click();
  await expect(editor.getByRole('button', { name: 'אישור', exact: true })).toHaveCount(0);
  await editorContext.close();

  // The curator's email, in Hebrew, with the reason, a link to edit and a link to unsubscribe.
  const mail = await waitForMail(curator.user.email, /צריכה שינויים/);
  // The title is isolated (U+2068…U+2069, decision 0038) so that a Latin title keeps its place in the Hebrew line.
  expect(mail.subject).toBe(`הג׳וזי שלכם „\u2068${title}\u2069” צריכה שינויים`);
  expect(mail.text).toContain(reason);
  expect(mail.text).toContain(`/josie/edit/${josieId}`);
  expect(mail.html).toContain('dir="rtl"');
  const unsubscribe = /https?:\/\/\S+\/api\/notifications\/unsubscribe\?token=\S+/.exec(mail.text ?? '')?.[0];
  expect(unsubscribe, mail.text).toBeTruthy();

  // Following the link in a browser only asks, in Hebrew (mail scanners follow links too); the confirm
  // button turns that curator's emails off, and says so.
  const context = await browser.newContext();
  const page = await context.newPage();
  const unsubscribeUrl = new URL(unsubscribe!);
  await page.goto(`${unsubscribeUrl.pathname}${unsubscribeUrl.search}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'להפסיק את ההתראות בדוא״ל?' })).toBeVisible();
  await shot(page, 'he-unsubscribe-confirm');
  await page.getByRole('button', { name: 'הסרה', exact: true }).click();
  await expect(page.getByText('ההסרה בוצעה')).toBeVisible();
  await shot(page, 'he-unsubscribed');

  // The account's Notifications tab shows emails off.
  await useSession(page, curator);
  await page.goto('/account?tab=notifications&lng=he');
  await expect(page.getByRole('switch', { name: 'התראות במייל' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'התראות בדפדפן' })).toBeChecked();
  await context.close();

  // A second rejection sends that curator nothing; an English curator's rejection sent after it arrives.
  const second = await pendingJosie(request, curator, `${title} 2`);
  const editorSession = await apiLogin(request, 'editor@demo.josie');
  const reject = (id: string) =>
    request.put(`/api/josies/${id}/reject`, {
      data: { rejectionReason: 'Too short' },
      headers: { authorization: `Bearer ${editorSession.token}` },
    });
  expect((await reject(second)).status()).toBe(200);
  const control = await newCurator(request, 'en');
  expect((await reject(await pendingJosie(request, control, 'Control josie'))).status()).toBe(200);
  const controlMail = await waitForMail(control.user.email, /needs changes/);
  expect(controlMail.subject).toBe('Your josie "\u2068Control josie\u2069" needs changes');
  await expect(waitForMail(curator.user.email, new RegExp(`${title} 2`), 1_000)).rejects.toThrow();
});
