import type { Browser, Page } from '@playwright/test';
import {
  apiCurator,
  apiLogin,
  apiPublishedJosie,
  apiSignup,
  auth,
  expect,
  type Session,
  setFlag,
  shot,
  test,
} from '../support/fixtures.js';

/**
 * Reports and moderation (docs/decisions/0047-reports-and-moderation.md), in English and Hebrew, with the
 * `comments` flag on: a listener reports another listener's comment from the josie page (the dialog, by
 * keyboard), the demo editor removes it in the moderation queue after a confirmation, and the reporter's bell
 * tells the outcome. The queue is looked at on a 390 px phone and at 1280 px.
 */

const TEXT = {
  en: {
    report: /^Report .*'s comment$/,
    dialog: 'Report this comment',
    reason: 'Harassment or bullying',
    send: 'Send report',
    thanks: /Thank you/,
    queue: 'Moderation queue',
    remove: 'Remove comment',
    confirmTitle: 'Remove this comment?',
    empty: 'Nothing reported',
    bell: /^Notifications/,
    outcome: 'Thank you for your report: the comment was removed.',
  },
  he: {
    report: /^דיווח על התגובה של /,
    dialog: 'דיווח על התגובה הזאת',
    reason: 'הטרדה או בריונות',
    send: 'שליחת הדיווח',
    thanks: /תודה/,
    queue: 'תור הפיקוח',
    remove: 'הסרת התגובה',
    confirmTitle: 'להסיר את התגובה?',
    empty: 'אין דיווחים',
    bell: /^התראות/,
    outcome: 'תודה על הדיווח: התגובה הוסרה.',
  },
} as const;

/** A page of its own (another browser) signed in as `session`, at `path`, with `viewport`. */
async function openAs(
  browser: Browser,
  session: Session,
  path: string,
  viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/about');
  await page.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(session));
  await page.goto(path);
  return page;
}

for (const lang of ['en', 'he'] as const) {
  test(`a listener reports a comment, an editor removes it, the reporter hears the outcome (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'comments', 'true');
    await setFlag(request, 'language_select', 'true');
    const editor = await apiLogin(request, 'editor@demo.josie');
    // Start from an empty queue: earlier runs' reports are dismissed.
    for (;;) {
      const open = (await (
        await request.get('/api/moderation/reports', { headers: auth(editor.token) })
      ).json()) as { data: { targets: { targetType: string; targetId: string }[] } };
      if (open.data.targets.length === 0) break;
      for (const target of open.data.targets) {
        await request.post('/api/moderation/actions', {
          headers: auth(editor.token),
          data: { targetType: target.targetType, targetId: target.targetId, action: 'dismiss' },
        });
      }
    }
    const curator = await apiCurator(request, `Mod Curator ${lang}`);
    const josieId = await apiPublishedJosie(request, curator, `Reported ${lang} ${Date.now()}`, []);
    const author = await apiSignup(request, { name: lang === 'he' ? 'טרול' : 'Troll' });
    const rude = lang === 'he' ? 'תגובה גסה במיוחד' : 'A very rude comment';
    const posted = await request.post(`/api/josies/${josieId}/comments`, {
      headers: auth(author.token),
      data: { text: rude },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const reporter = await apiSignup(request, { name: lang === 'he' ? 'נועה' : 'Noa' });

    // The reporter opens the josie and reports the comment with the keyboard.
    const page = await openAs(browser, reporter, `/josie/${josieId}${q}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(page.getByText(rude)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: t.report }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: t.reason }).press('Space');
    await expect(dialog.getByRole('radio', { name: t.reason })).toBeChecked();
    await shot(page, `moderation-report-dialog-${lang}`);
    await dialog.getByRole('button', { name: t.send }).click();
    await expect(dialog.getByRole('status')).toHaveText(t.thanks);
    await page.keyboard.press('Escape');

    // The editor removes it from the moderation queue, after a confirmation.
    const queue = await openAs(browser, editor, `/editor/moderation${q}`);
    await expect(queue.getByRole('heading', { level: 1, name: t.queue })).toBeVisible({ timeout: 20_000 });
    await expect(queue.getByText(rude)).toBeVisible();
    await shot(queue, `moderation-queue-1280-${lang}`);
    const phone = await openAs(browser, editor, `/editor/moderation${q}`, { width: 390, height: 844 });
    await expect(phone.getByText(rude)).toBeVisible({ timeout: 20_000 });
    await shot(phone, `moderation-queue-390-${lang}`);
    await phone.context().close();
    await queue.getByRole('button', { name: t.remove }).click();
    const confirm = queue.getByRole('alertdialog', { name: t.confirmTitle });
    await confirm.getByRole('button', { name: t.remove }).click();
    await expect(queue.getByText(t.empty)).toBeVisible({ timeout: 20_000 });

    // The comment is gone from the josie, and the reporter's bell tells the outcome.
    await page.reload();
    await expect(page.getByText(rude)).toHaveCount(0, { timeout: 20_000 });
    // The josie page's own top bar has no bell: the reporter opens a page with the header's.
    await expect(async () => {
      await page.goto(`/about${q}`);
      await page.getByRole('navigation').getByRole('button', { name: t.bell }).first().click();
      await expect(page.getByText(t.outcome).first()).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 40_000 });
    await shot(page, `moderation-outcome-${lang}`);
    await queue.context().close();
    await page.context().close();
  });
}
