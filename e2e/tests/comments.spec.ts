import type { Page } from '@playwright/test';
import {
  apiSignup,
  expect,
  openAs,
  readerOfCurator,
  setFlag,
  shot,
  test,
  useSession,
} from '../support/fixtures.js';

/**
 * Comments on a josie (docs/decisions/0046-comments.md), in English and Hebrew, with the `comments` flag on:
 * a listener (who follows the curator) comments, another replies, the curator sees both live on the josie page; the curator then opens
 * comments to followers only (in the josie editor) and the listener who does not follow them is refused
 * with the reason. The first listener's open page offers the reply live, and so does a visitor's (decision
 * 0049). The curator's bell tells of the comment and the reply, the first listener's of the reply. Five page loads per
 * language.
 */

const TEXT = {
  en: {
    heading: /^Comments/,
    box: 'Write a comment',
    post: 'Post',
    replyTo: /^Reply to/,
    replyBox: /^Write a reply to/,
    sendReply: 'Reply',
    followersOnly: 'My followers only',
    saved: 'Comment settings saved',
    refused: "Only the curator's followers can comment on this josie. Follow them to join in.",
    comment: 'What a lovely late-night pick! Listen: https://example.com/mix',
    answer: 'Agreed, the second song is the one.',
    late: 'May I add one more?',
    arrived: 'Show 1 new comment',
    bell: /^Notifications/,
    centre: 'Notifications',
    commentedWithOther: (name: string, title: string) => `${name} and 1 other commented on ‘${title}’`,
    replied: (name: string, title: string) => `${name} replied to your comment on ‘${title}’`,
  },
  he: {
    heading: /^תגובות/,
    box: 'כתבו תגובה',
    post: 'פרסום',
    replyTo: /^תשובה ל/,
    replyBox: /^כתבו תשובה ל/,
    sendReply: 'השיבו',
    followersOnly: 'רק העוקבים שלי',
    saved: 'הגדרות התגובות נשמרו',
    refused: 'רק עוקבים של האוצר יכולים להגיב לג׳וזי הזאת. עקבו כדי להצטרף לשיחה.',
    comment: 'בחירה נהדרת ללילה! האזינו: https://example.com/mix',
    answer: 'מסכימה, השיר השני הוא העיקר.',
    late: 'אפשר להוסיף עוד משהו?',
    arrived: 'הצגת תגובה חדשה',
    bell: /^התראות/,
    centre: 'התראות',
    commentedWithOther: (name: string, title: string) => `${name} ועוד אחד הגיבו על ‘${title}’`,
    replied: (name: string, title: string) => `${name} השיב/ה לתגובה שלכם על ‘${title}’`,
  },
} as const;

/**
 * Opens the header's bell on `page` and answers its panel (docs/decisions/0024-notifications-centre.md): on
 * the about page, as the josie page's own top bar has no bell.
 */
async function openBell(page: Page, lang: 'en' | 'he') {
  await page.goto(`/about?lng=${lang}`);
  await page.getByRole('navigation').getByRole('button', { name: TEXT[lang].bell }).click();
  return page.getByRole('region', { name: TEXT[lang].centre });
}

/**
 * Opens `path` in `page` and answers it once the page's socket asked to watch the josie (decision 0049), so
 * no change after it is missed.
 */
async function watchingPage(page: Page, path: string): Promise<Page> {
  const watching = page
    .waitForEvent('websocket')
    .then((ws) => ws.waitForEvent('framesent', (frame) => String(frame.payload).includes('watch-josie')));
  await page.goto(path);
  await watching;
  return page;
}

for (const lang of ['en', 'he'] as const) {
  test(`listeners comment and reply, and the curator opens comments to followers only (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const t = TEXT[lang];
    const q = `?lng=${lang}`;
    await setFlag(request, 'comments', 'true');
    await setFlag(request, 'language_select', 'true');
    const title = `Late night ${lang} ${Date.now()}`;
    // The first listener follows the curator (the fixture's reader); the second does not.
    const first = await readerOfCurator(request, 1, () => title);
    const { curator } = first;
    const josieId = first.josieIds[0]!;
    const second = await apiSignup(request, { name: lang === 'he' ? 'יעל' : 'Yael' });
    const josiePath = `/josie/${josieId}${q}`;

    // A listener comments; the link in it is clickable, and marked as the commenter's.
    const noa = await openAs(browser, first, josiePath);
    await expect(noa.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(noa.getByRole('heading', { name: t.heading })).toBeVisible();
    await noa.getByRole('textbox', { name: t.box }).fill(t.comment);
    await noa.getByRole('button', { name: t.post, exact: true }).click();
    const posted = noa.getByRole('listitem').filter({ hasText: t.comment.slice(0, 12) });
    await expect(posted).toBeVisible();
    await expect(posted.getByRole('link', { name: 'https://example.com/mix' })).toHaveAttribute(
      'rel',
      'nofollow ugc noopener',
    );
    // At a phone's width (390 px) the thread and its box still fit.
    await noa.setViewportSize({ width: 390, height: 844 });
    await expect(posted).toBeVisible();
    await shot(noa, `${lang}-comments-posted-390`);

    // A visitor reads the same page; its socket (a visitor's, decision 0049) watches the josie. So does the
    // curator, on a page of their own.
    const visitor = await watchingPage(await (await browser.newContext()).newPage(), josiePath);
    await expect(visitor.getByText(t.comment.slice(0, 12))).toBeVisible();
    const danaPage = await (await browser.newContext()).newPage();
    await useSession(danaPage, curator);
    const dana = await watchingPage(danaPage, josiePath);
    await expect(dana.getByText(t.comment.slice(0, 12))).toBeVisible();

    // Another listener replies to it.
    const yael = await openAs(browser, second, josiePath);
    const thread = yael
      .getByRole('listitem')
      .filter({ hasText: t.comment.slice(0, 12) })
      .first();
    await thread.getByRole('button', { name: t.replyTo }).first().click();
    await yael.getByRole('textbox', { name: t.replyBox }).fill(t.answer);
    await yael.getByRole('button', { name: t.sendReply, exact: true }).last().click();
    await expect(yael.getByText(t.answer)).toBeVisible();
    // The first listener's page, still open, offers the reply without moving its list; asked, it shows it.
    const arrived = noa.getByRole('button', { name: t.arrived });
    await expect(arrived).toBeVisible();
    await shot(noa, `${lang}-comments-arrived-390`);
    await arrived.click();
    await expect(noa.getByText(t.answer)).toBeVisible();
    // The visitor's page offers it too, live.
    await expect(visitor.getByRole('button', { name: t.arrived })).toBeVisible();
    await shot(visitor, `${lang}-comments-visitor-arrived`);
    // The first listener's bell tells of the reply to their comment, and opens the josie's comments.
    const noaPanel = await openBell(noa, lang);
    await expect(noaPanel.getByRole('link', { name: t.replied(second.user.name, title) })).toHaveAttribute(
      'href',
      `/josie/${josieId}#comments`,
    );
    await shot(noa, `${lang}-comments-reply-bell-390`);

    // The curator's open page offers the reply live too; asked, it shows both. Then the curator opens
    // comments to followers only in the editor.
    await dana.getByRole('button', { name: t.arrived }).click();
    await expect(dana.getByText(t.answer)).toBeVisible();
    await shot(dana, `${lang}-comments-thread`);
    // The curator's bell tells of both in one entry of the day, the replier (the newest) named first.
    const danaPanel = await openBell(dana, lang);
    await expect(
      danaPanel.getByRole('link', { name: t.commentedWithOther(second.user.name, title) }),
    ).toBeVisible();
    await shot(dana, `${lang}-comments-bell`);
    await dana.keyboard.press('Escape');
    await dana.goto(`/josie/edit/${josieId}${q}`);
    await dana.getByRole('radio', { name: t.followersOnly }).check();
    await expect(dana.getByText(t.saved)).toBeVisible();
    await expect(dana.getByRole('radio', { name: t.followersOnly })).toBeChecked();

    // The second listener, who does not follow the curator, is refused with the reason.
    await yael.getByRole('textbox', { name: t.box }).fill(t.late);
    await yael.getByRole('button', { name: t.post, exact: true }).click();
    await expect(yael.getByText(t.refused)).toBeVisible();
    await shot(yael, `${lang}-comments-followers-only`);

    for (const page of [noa, yael, dana, visitor]) await page.context().close();
  });
}
