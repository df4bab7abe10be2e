import {
  apiCurator,
  apiPublishedJosie,
  apiSignup,
  auth,
  expect,
  openAs,
  setFlag,
  shot,
  test,
} from '../support/fixtures.js';

/**
 * Blocking (docs/decisions/0048-blocking-and-muting.md), in English and Hebrew, with the `comments` flag on:
 * a curator blocks a listener from the listener's comment on the curator's josie (after the confirmation),
 * and the comment leaves the thread; the listener, whose follow of the curator ended, can no longer comment
 * on the josie nor follow the curator, and the page says so; the curator unblocks from the account settings.
 */

const TEXT = {
  en: {
    block: (name: string) => `Block ${name}`,
    confirm: 'Block',
    explains: /won't be able to comment on your josies/,
    box: 'Write a comment',
    post: 'Post',
    cantComment: "You can't comment here.",
    follow: 'Follow',
    cantFollow: "You can't follow this account.",
    tab: 'Blocked',
    blockedList: 'Blocked accounts',
    unblock: (name: string) => `Unblock ${name}`,
    none: "You haven't blocked anyone.",
    listener: 'Lior Listener',
    comment: 'Long comment that the curator will not want to read again.',
  },
  he: {
    block: (name: string) => `לחסום את ${name}`,
    confirm: 'לחסום',
    explains: /לא יהיה אפשר להגיב לג׳וזיז שלכם/,
    box: 'כתבו תגובה',
    post: 'פרסום',
    cantComment: 'אי אפשר להגיב כאן.',
    follow: 'מעקב',
    cantFollow: 'אי אפשר לעקוב אחרי החשבון הזה.',
    tab: 'חסומים',
    blockedList: 'חשבונות חסומים',
    unblock: (name: string) => `לבטל את החסימה של ${name}`,
    none: 'לא חסמתם אף אחד.',
    listener: 'ליאור',
    comment: 'תגובה ארוכה שהאוצרת לא תרצה לקרוא שוב.',
  },
} as const;

for (const lang of ['en', 'he'] as const) {
  test(`a curator blocks a listener from a comment, and unblocks them in the settings (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'comments', 'true');
    await setFlag(request, 'language_select', 'true');
    const curator = await apiCurator(request, lang === 'he' ? 'דנה' : 'Dana Curator');
    const josieId = await apiPublishedJosie(request, curator, `Blocked ${lang} ${Date.now()}`, ['Jazz']);
    const listener = await apiSignup(request, { name: t.listener });
    // The listener follows the curator and comments on the josie.
    const followed = await request.post(`/api/users/follow/${curator.user._id}`, {
      headers: auth(listener.token),
    });
    expect(followed.status()).toBe(200);
    const commented = await request.post(`/api/josies/${josieId}/comments`, {
      headers: auth(listener.token),
      data: { text: t.comment },
    });
    expect(commented.status(), await commented.text()).toBe(201);
    const josiePath = `/josie/${josieId}${q}`;

    // The curator blocks the listener from the comment, after reading what a block does.
    const dana = await openAs(browser, curator, josiePath);
    // The comments load after the page (lazily): on a busy machine that can take longer than 10 s.
    await expect(dana.getByText(t.comment)).toBeVisible({ timeout: 30_000 });
    await dana.getByRole('button', { name: t.block(t.listener) }).click();
    const dialog = dana.getByRole('alertdialog');
    await expect(dialog.getByText(t.explains)).toBeVisible();
    await shot(dana, `${lang}-block-confirm`);
    await dialog.getByRole('button', { name: t.confirm, exact: true }).click();
    await expect(dana.getByText(t.comment)).toHaveCount(0);

    // The listener can no longer comment on the curator's josie.
    const lior = await openAs(browser, listener, josiePath);
    await lior.setViewportSize({ width: 390, height: 844 });
    await lior.getByRole('textbox', { name: t.box }).fill('Hello again');
    await lior.getByRole('button', { name: t.post, exact: true }).click();
    await expect(lior.getByText(t.cantComment)).toBeVisible();
    await shot(lior, `${lang}-blocked-comment-390`);

    // Their follow ended; following again is refused, with the follow's own words.
    await lior.goto(`/curator/${curator.user._id}${q}`);
    const follow = lior.getByRole('button', { name: t.follow, exact: true });
    await expect(follow).toBeVisible();
    await follow.click();
    await expect(lior.getByText(t.cantFollow)).toBeVisible();
    await shot(lior, `${lang}-blocked-follow-390`);

    // The curator unblocks them from the account settings.
    await dana.setViewportSize({ width: 1280, height: 900 });
    await dana.goto(`/account${q}&tab=blocked`);
    await expect(dana.getByRole('tab', { name: t.tab })).toHaveAttribute('aria-selected', 'true');
    const list = dana.getByRole('region', { name: t.blockedList });
    await expect(list.getByText(t.listener).first()).toBeVisible();
    await shot(dana, `${lang}-blocked-settings-1280`);
    await dana.setViewportSize({ width: 390, height: 844 });
    await shot(dana, `${lang}-blocked-settings-390`);
    await list.getByRole('button', { name: t.unblock(t.listener) }).click();
    await expect(list.getByText(t.none)).toBeVisible();

    // Unblocked, the listener comments again.
    await lior.goto(josiePath);
    await lior.getByRole('textbox', { name: t.box }).fill('Glad to be back');
    await lior.getByRole('button', { name: t.post, exact: true }).click();
    await expect(lior.getByText('Glad to be back')).toBeVisible();

    for (const page of [dana, lior]) await page.context().close();
  });
}
