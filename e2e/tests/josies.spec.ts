import type { Browser, Page } from '@playwright/test';
import { apiLogin, expect, expectAccessible, setFlag, shot, test } from '../support/fixtures.js';

/** Author, review and read a josie, in English and Hebrew (docs/product/rules-and-limits.md#josies). */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABACAIAAABqVuVZAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAvklEQVR4nO3ZwQnDQADEQLeb/tTf5R+IPyGsHwNXgdDKZ/s6r5zzHcKFzrlVBKAA6peVMCiAYlD/e9SYWADFoEys1YVWgwIoBmViaVDP/K4g0gEUgzKxNKh5j0U6gGJQJta8Oy6KARSDMrHmAfKyGkAxKBNLg5rHWKQDKAZlYs2j46IYQDEoE+shx5/VAIpBmVga1LzHIh1AMSgTa94dF8UAikGZWPMAeVkNoBiUiaVBzWMs0gEUgzKx5tH5OG9/WqLvM50hbQAAAABJRU5ErkJggg==',
  'base64',
);

const TEXT = {
  en: {
    title: 'Title',
    content: 'Content',
    addImage: 'Add image',
    addVideo: 'Add video',
    addAudio: 'Add audio',
    useImage: 'Use this image',
    youtubeLink: 'YouTube link',
    audioLink: 'Spotify or YouTube link',
    publish: 'Publish',
    save: 'Save changes',
    pending: 'Pending review',
    published: 'Published',
    reject: 'Reject',
    confirmReject: 'Confirm reject',
    reason: 'Rejection reason',
    approve: 'Approve',
    songs: '1 song',
  },
  he: {
    title: 'כותרת',
    content: 'תוכן',
    addImage: 'הוספת תמונה',
    addVideo: 'הוספת סרטון',
    addAudio: 'הוספת אודיו',
    useImage: 'שימוש בתמונה הזו',
    youtubeLink: 'קישור ל־YouTube',
    audioLink: 'קישור ל־Spotify או ל־YouTube',
    publish: 'פרסום',
    save: 'שמירת שינויים',
    pending: /ממתין|ממתינה/,
    published: /פורסם|פורסמה/,
    reject: 'דחייה',
    confirmReject: 'אישור הדחייה',
    reason: 'סיבת הדחייה',
    approve: 'אישור',
    songs: 'שיר אחד',
  },
} as const;

async function sessionPage(
  browser: Browser,
  email: string,
  q: string,
  request: import('@playwright/test').APIRequestContext,
) {
  const session = await apiLogin(request, email);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/about${q}`);
  await page.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(session));
  return { page, session };
}

async function dialogAdd(page: Page, open: string | RegExp, field: string | RegExp, value: string) {
  await page.getByRole('button', { name: open, exact: typeof open === 'string' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(field).fill(value);
  await dialog.getByRole('button', { name: open, exact: typeof open === 'string' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

for (const lang of ['en', 'he'] as const) {
  test(`author, reject, resubmit, approve and read a josie (${lang})`, async ({ browser, request }) => {
    test.setTimeout(150_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'language_select', 'true');
    const title = `Night drive ${lang} ${Date.now()}`;
    const body =
      lang === 'he'
        ? 'שירים לנסיעה לילית <script>alert(1)</script>'
        : 'Songs for a night drive <script>alert(1)</script>';

    // The curator writes a josie with text, an uploaded image, a YouTube video and a Spotify track.
    const { page: curator } = await sessionPage(browser, 'curator3@demo.josie', q, request);
    await curator.goto(`/josie/new${q}`);
    await curator.getByLabel(t.title).fill(title);
    await curator.getByLabel(t.content).fill(body);
    await curator.getByRole('button', { name: t.addImage }).click();
    // The upload tab's file input (the dialog has other tabs with image fields too).
    await curator
      .getByRole('dialog')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await curator.getByRole('dialog').getByRole('button', { name: t.useImage }).click();
    await expect(curator.getByRole('button', { name: t.addImage })).toHaveCount(0);
    await dialogAdd(curator, t.addVideo, t.youtubeLink, 'https://youtu.be/FTQbiNvZqaY?si=abc&t=42');
    await expect(curator.getByRole('button', { name: t.addVideo, exact: true })).toHaveCount(0);
    await dialogAdd(
      curator,
      t.addAudio,
      t.audioLink,
      'https://open.spotify.com/intl-he/track/2WfaOiMkCvy7F5fcp2zZ8L?si=xyz',
    );
    await shot(curator, `${lang}-josie-editor`);
    await curator.getByRole('button', { name: t.publish }).click();
    await expect(curator).toHaveURL(/\/my-josies/);
    await expect(curator.getByText(title)).toBeVisible();

    const mine = await (
      await request.get('/api/josies/my-josies', {
        headers: { authorization: `Bearer ${(await apiLogin(request, 'curator3@demo.josie')).token}` },
      })
    ).json();
    const josie = (
      mine.data.posts as Array<{
        _id: string;
        title: string;
        status: string;
        paragraphs: Array<{ type: string }>;
      }>
    ).find((p) => p.title === title)!;
    expect(josie.status).toBe('pending');
    expect(josie.paragraphs.map((p) => p.type).sort()).toEqual(['audioItem', 'image', 'text', 'video']);

    // A visitor cannot see it while pending.
    expect((await request.get(`/api/josies/${josie._id}`)).status()).toBe(404);

    // The editor rejects it with a reason (two presses; an empty reason is refused).
    const { page: editor } = await sessionPage(browser, 'editor@demo.josie', q, request);
    await editor.goto(`/josie/${josie._id}${q}`);
    await editor.getByRole('button', { name: t.reject, exact: true }).click();
    await editor.getByRole('button', { name: t.confirmReject }).click();
    await expect(editor.getByLabel(t.reason)).toBeVisible();
    const reason = lang === 'he' ? 'נא להוסיף עוד מילים על השירים' : 'Please tell us more about the songs';
    await editor.getByLabel(t.reason).fill(`  ${reason}  `);
    await editor.getByRole('button', { name: t.confirmReject }).click();
    await expect(editor.getByRole('button', { name: t.approve, exact: true })).toHaveCount(0);

    // The curator sees the reason, edits and resubmits.
    await curator.goto(`/josie/edit/${josie._id}${q}`);
    await expect(curator.getByText(reason)).toBeVisible();
    await curator.getByLabel(t.content).fill(`${body} — with liner notes.`);
    await curator.getByRole('button', { name: t.save }).click();
    await expect(curator).toHaveURL(/\/my-josies/);

    // The editor approves it from the dashboard.
    await editor.goto(`/editor/dashboard${q}`);
    const row = editor.getByRole('row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await shot(editor, `${lang}-editor-dashboard`);
    await row.getByRole('button', { name: t.approve, exact: true }).click();
    await expect(editor.getByRole('row').filter({ hasText: title })).toHaveCount(0);

    // A signed-out visitor reads it: title, text as plain text, image, both embeds and the song count.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    let alerted = false;
    visitor.on('dialog', async (d) => {
      alerted = true;
      await d.dismiss();
    });
    await visitor.goto(`/josie/${josie._id}${q}`);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
    await expect(visitor.getByText(t.songs)).toBeVisible();
    // The YouTube player (its API cannot load here: integrations.spec.ts follows it to 'Open in YouTube').
    await expect(visitor.locator('[data-video-embed="youtube"]').first()).toBeAttached();
    await expect(
      visitor.locator('iframe[src*="open.spotify.com/embed/track/2WfaOiMkCvy7F5fcp2zZ8L"]'),
    ).toBeAttached();
    await expect(visitor.locator('img[src^="/media/josies/"]').first()).toBeVisible();
    expect(alerted).toBe(false);
    await expect(visitor.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await shot(visitor, `${lang}-josie-view`);
    await expectAccessible(visitor);

    // The shared link previews: the server fills Open Graph tags.
    const html = await (await request.get(`/josie/${josie._id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${title}"`);

    // The server renders the josie itself (docs/performance.md): it reads without JavaScript, in the page's
    // language.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      locale: lang === 'he' ? 'he-IL' : 'en-US',
    });
    const bare = await noScript.newPage();
    await bare.goto(`/josie/${josie._id}${q}`);
    await expect(bare.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(bare.getByText('<script>alert(1)</script>', { exact: false })).toBeVisible();
    await expect(bare.getByText(t.songs)).toBeVisible();
    await expect(bare.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await shot(bare, `${lang}-josie-view-without-javascript`);
    await noScript.close();

    await visitorContext.close();
    await curator.context().close();
    await editor.context().close();
  });
}
