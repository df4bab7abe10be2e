import type { Browser } from '@playwright/test';
import { apiLogin, auth, expect, expectAccessible, setFlag, shot, test } from '../support/fixtures.js';

/**
 * Two tabs editing one josie (docs/decisions/0041-edits-carry-their-version.md): the tab that saves second
 * is refused, and its editor offers to reload the saved josie or to overwrite it, in English and Hebrew.
 */

const CURATOR = 'curator2@demo.josie';

const TEXT = {
  en: {
    title: 'Title',
    content: 'Content',
    save: 'Save changes',
    dialog: 'This josie was changed elsewhere since you opened it',
    reload: 'Reload (discard your changes)',
    overwrite: 'Overwrite (keep your changes)',
  },
  he: {
    title: 'כותרת',
    content: 'תוכן',
    save: 'שמירת שינויים',
    dialog: 'הג׳וזי הזו שונתה במקום אחר מאז שפתחתם אותה',
    reload: 'טעינה מחדש (ביטול השינויים שלכם)',
    overwrite: 'החלפה (שמירת השינויים שלכם)',
  },
} as const;

interface StoredJosie {
  _id: string;
  title: string;
  text: string;
  version: number;
}

/** Two tabs of one signed-in browser, each on the josie's edit page. */
async function twoTabs(browser: Browser, session: unknown, path: string) {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto('/about');
  await first.evaluate((value) => window.localStorage.setItem('user', value), JSON.stringify(session));
  const second = await context.newPage();
  for (const page of [first, second]) await page.goto(path);
  return { context, first, second };
}

for (const [lang, choice] of [
  ['en', 'reload'],
  ['he', 'overwrite'],
] as const) {
  test(`the second of two tabs to save is refused and offers to ${choice} (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = TEXT[lang];
    await setFlag(request, 'language_select', 'true');
    const session = await apiLogin(request, CURATOR);
    const title = `Two tabs ${lang} ${Date.now()}`;
    const created = await request.post('/api/josies', {
      headers: auth(session.token),
      data: { title, paragraphs: [{ type: 'text', content: 'Opened in two tabs.' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const josie = (await created.json()) as StoredJosie;
    const read = async () =>
      (await (
        await request.get(`/api/josies/${josie._id}`, { headers: auth(session.token) })
      ).json()) as StoredJosie;

    const { context, first, second } = await twoTabs(
      browser,
      session,
      `/josie/edit/${josie._id}?lng=${lang}`,
    );
    for (const page of [first, second]) await expect(page.getByLabel(t.title)).toHaveValue(title);

    // The first tab saves a new title.
    await first.getByLabel(t.title).fill(`${title}, first tab`);
    await first.getByRole('button', { name: t.save }).click();
    await expect(first).toHaveURL(/\/my-josies/);

    // The second tab, still showing the josie as it opened, saves new words: refused, nothing lost.
    await second.getByLabel(t.content).fill('Words from the second tab.');
    await second.getByRole('button', { name: t.save }).click();
    const dialog = second.getByRole('alertdialog', { name: t.dialog });
    await expect(dialog).toBeVisible();
    await expect(second.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await shot(second, `${lang}-josie-edit-conflict`);
    await expectAccessible(second);
    expect(await read()).toMatchObject({
      title: `${title}, first tab`,
      text: 'Opened in two tabs.',
      version: 2,
    });

    // Chosen by keyboard: focus starts on "not now", then reload, then overwrite.
    await second.keyboard.press('Tab');
    if (choice === 'overwrite') await second.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t[choice] })).toBeFocused();
    await second.keyboard.press('Enter');

    if (choice === 'reload') {
      // The saved josie is loaded, the second tab's words discarded; a save now is based on it.
      await expect(dialog).toHaveCount(0);
      await expect(second.getByLabel(t.title)).toHaveValue(`${title}, first tab`);
      await expect(second.getByLabel(t.content)).toHaveValue('Opened in two tabs.');
      await second.getByLabel(t.content).fill('Words after reloading.');
      await second.getByRole('button', { name: t.save }).click();
      await expect(second).toHaveURL(/\/my-josies/);
      expect(await read()).toMatchObject({
        title: `${title}, first tab`,
        text: 'Words after reloading.',
        version: 3,
      });
    } else {
      // The second tab's josie is saved over the first tab's, as asked.
      await expect(second).toHaveURL(/\/my-josies/);
      expect(await read()).toMatchObject({ title, text: 'Words from the second tab.', version: 3 });
    }
    await context.close();
  });
}
