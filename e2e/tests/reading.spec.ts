import {
  apiLogin,
  apiSignup,
  auth,
  expect,
  readerOfCurator,
  setFlag,
  shot,
  test,
  useSession,
} from '../support/fixtures.js';

/**
 * What a reader sees, in English and Hebrew: the Funky Grid reads row by row (newest first across the top
 * row, mirrored in Hebrew), onboarding resumes at the step reached after a reload, and a josie whose
 * creator is missing shows Unknown Curator (docs/product/routes-and-roles.md#pages,
 * docs/product/rules-and-limits.md).
 */

const TEXT = {
  en: { grid: 'Funky Grid', genre: 'Jazz', next: 'Next', step: (n: number) => `Step ${n} of 3` },
  he: { grid: 'רשת שובבה', genre: 'בלוז', next: 'הבא', step: (n: number) => `שלב ${n} מתוך 3` },
} as const;

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

for (const lang of ['en', 'he'] as const) {
  const t = TEXT[lang];

  test(`the Funky Grid reads row by row, newest first (${lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const reader = await readerOfCurator(request, 7);
    await useSession(page, reader);
    await page.goto(`/?lng=${lang}`);
    // The radio button is visually hidden behind its label.
    await page.getByText(t.grid, { exact: true }).click();
    await expect(page.getByRole('radio', { name: t.grid })).toBeChecked();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(7);
    await expect(cards.first()).toContainText('Grid #7');
    // Cards in the feed's order (newest first), then as a reader meets them: row by row (their tops, give
    // or take the cards' tilt), along each row in the language's direction.
    const boxes = await cards.evaluateAll((all) =>
      all.map((card, index) => {
        const box = card.getBoundingClientRect();
        return { index, top: box.top, start: box.left };
      }),
    );
    const sign = lang === 'he' ? -1 : 1;
    const reading = [...boxes]
      .sort((a, b) => (Math.abs(a.top - b.top) > 40 ? a.top - b.top : sign * (a.start - b.start)))
      .map((box) => box.index);
    expect(reading).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // Three columns at this width: the top row holds the three newest.
    const firstRow = boxes.filter((box) => Math.abs(box.top - (boxes[0]?.top ?? 0)) <= 40);
    expect(firstRow.map((box) => box.index)).toEqual([0, 1, 2]);
    await shot(page, `${lang}-funky-grid`);
  });

  test(`onboarding resumes at the step reached after a reload (${lang})`, async ({ page, request }) => {
    const newcomer = await apiSignup(request, { name: 'Step Keeper' });
    await useSession(page, newcomer);
    await page.goto(`/onboarding?lng=${lang}`);
    await page.getByRole('button', { name: t.genre, exact: true }).click();
    await page.getByRole('button', { name: t.next }).click();
    await expect(page.getByText(t.step(2))).toBeVisible();
    await page.reload();
    await expect(page.getByText(t.step(2))).toBeVisible();
    await shot(page, `${lang}-onboarding-after-reload`);
    // Back leads to the genres, still chosen.
    await page.getByRole('button', { name: lang === 'he' ? 'חזרה' : 'Back' }).click();
    await expect(page.getByRole('button', { name: t.genre, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test(`a josie whose creator is missing shows Unknown Curator (${lang})`, async ({ page, request }) => {
    const curator = await apiLogin(request, 'curator1@demo.josie');
    const mine = await request.get('/api/josies/my-josies', { headers: auth(curator.token) });
    expect(mine.status()).toBe(200);
    const listed = (await mine.json()) as { data: { posts: { _id: string; status: string }[] } };
    const id = listed.data.posts.find((josie) => josie.status === 'published')?._id;
    expect(id).toBeTruthy();
    // A stored josie whose creator's account is gone, with the legacy paragraph names.
    await page.route(`**/api/josies/${id}`, async (route) => {
      const answer = await (await route.fetch()).json();
      await route.fulfill({
        json: {
          ...answer,
          creator: null,
          paragraphs: [
            { type: 'text', content: 'A legacy josie' },
            { type: 'video1', content: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
          ],
        },
      });
    });
    await useSession(page, await apiSignup(request, { name: 'Reader' }));
    await page.goto(`/josie/${id}?lng=${lang}`);
    await expect(page.getByText(lang === 'he' ? 'אוצר/ת לא ידוע/ה' : 'Unknown Curator')).toBeVisible();
    await expect(page.getByText('A legacy josie')).toBeVisible();
    await expect(page.locator('[data-video-embed="youtube"]')).toBeVisible();
    await shot(page, `${lang}-josie-unknown-curator`);
  });
}
