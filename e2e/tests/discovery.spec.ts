import type { APIRequestContext } from '@playwright/test';
import {
  apiCurator,
  apiLogin,
  apiPublishedJosie,
  auth,
  expect,
  expectAccessible,
  setFlag,
  shot,
  test,
  useSession,
} from '../support/fixtures.js';

/**
 * Discovery, in English and Hebrew (docs/product/routes-and-roles.md#search-and-explore, decision 0020): a
 * visitor opens Explore from the home page, follows a genre's "See all", searches from the header and opens
 * a josie from the suggestions; a curator tags a josie with a genre, which its genre page lists only once an
 * editor approved it.
 */

const TEXT = {
  en: {
    explore: 'Explore the music first',
    seeAll: (genre: string) => `See all ${genre} josies`,
    search: 'Search',
    title: 'Title',
    content: 'Content',
    publish: 'Publish',
    genres: 'Genres',
  },
  he: {
    explore: 'קודם לגלות את המוזיקה',
    seeAll: (genre: string) => `לכל הג׳וזיז בז׳אנר ${genre}`,
    search: 'חיפוש',
    title: 'כותרת',
    content: 'תוכן',
    publish: 'פרסום',
    genres: 'ז׳אנרים',
  },
} as const;

/** The genre each language's journeys use: its stored name and the name the reader sees. */
const GENRE = {
  en: { stored: 'Soul', shown: 'Soul', tagged: 'Funk', taggedShown: 'Funk' },
  he: { stored: 'Blues', shown: 'בלוז', tagged: 'Reggae', taggedShown: 'רגאיי' },
} as const;

/** A josie titled `title` in `genre`, published by a new curator and approved by the demo editor. */
async function publishedJosie(request: APIRequestContext, title: string, genre: string) {
  const curator = await apiCurator(request, `Explorer ${Date.now()}`);
  return apiPublishedJosie(request, curator, title, [genre]);
}

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

for (const lang of ['en', 'he'] as const) {
  const t = TEXT[lang];
  const genre = GENRE[lang];

  test(`a visitor explores a genre, searches from the header and opens a josie (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const word = `Lyrebird${lang}${Date.now().toString(36)}`;
    const title = `${word} sessions`;
    const id = await publishedJosie(request, title, genre.stored);

    await page.goto(`/?lng=${lang}`);
    // The server's first paint shows the header's links before the app renders over it; a click there is a
    // whole new page, which no longer carries `?lng=`. The app keeps the linked language as a choice once the
    // flags have answered (i18n/LanguageSync.tsx): from then on every page is in it.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe(lang);
    await page.getByRole('link', { name: t.explore }).click();
    await expect(page).toHaveURL(/\/explore$/);
    const row = page.getByRole('region', { name: genre.shown, exact: true });
    await expect(row.getByRole('article', { name: title })).toBeVisible();
    await expectAccessible(page);
    await row.getByRole('link', { name: t.seeAll(genre.shown) }).click();
    await expect(page).toHaveURL(new RegExp(`/explore/genre/${genre.stored}$`));
    await expect(page.getByRole('heading', { level: 1, name: genre.shown })).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await shot(page, `${lang}-explore-genre`);

    // The header's search: "/" focuses it, suggestions come as the user types, arrows and Enter choose.
    await page.locator('body').press('/');
    const combobox = page.getByRole('combobox', { name: t.search });
    await expect(combobox).toBeFocused();
    await combobox.pressSequentially(word, { delay: 20 });
    const option = page.getByRole('option', { name: new RegExp(title) });
    await expect(option).toBeVisible();
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await shot(page, `${lang}-header-suggestions`);
    await combobox.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await combobox.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/josie/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Enter on the text opens the search page, whose tab is in the address.
    await page.locator('body').press('/');
    await page.getByRole('combobox', { name: t.search }).fill(word);
    await page.getByRole('combobox', { name: t.search }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expectAccessible(page);

    // A genre's name in the reader's language finds its josies: "בלוז" as well as "Blues"
    // (docs/decisions/0021-search-in-postgresql.md, amendment).
    await page.goto(`/search?q=${encodeURIComponent(genre.shown)}&lng=${lang}`);
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });

  test(`a curator's genre shows on its genre page once an editor approves the josie (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const curator = await apiCurator(request, `Tagger ${lang}`);
    const title = `Tagged ${lang} ${Date.now()}`;
    await useSession(page, curator);
    await page.goto(`/josie/new?lng=${lang}`);
    await page.getByLabel(t.title).fill(title);
    await page.getByLabel(t.content).fill(`Words about ${title}`);
    const genres = page.getByRole('group', { name: t.genres });
    await genres.getByRole('button', { name: genre.taggedShown, exact: true }).click();
    await expect(genres.getByRole('button', { name: genre.taggedShown, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: t.publish }).click();
    await expect(page).toHaveURL(/\/my-josies$/);

    // Pending: not on the genre page yet.
    const mine = await request.get('/api/josies/my-josies', { headers: auth(curator.token) });
    const posts = (
      (await mine.json()) as { data: { posts: { _id: string; title: string; genres: string[] }[] } }
    ).data.posts;
    const josie = posts.find((post) => post.title === title);
    expect(josie?.genres).toEqual([genre.tagged]);
    await page.goto(`/explore/genre/${genre.tagged}?lng=${lang}`);
    await expect(page.getByRole('heading', { level: 1, name: genre.taggedShown })).toBeVisible();
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);

    const editor = await apiLogin(request, 'editor@demo.josie');
    const approved = await request.put(`/api/josies/${josie?._id}/approve`, {
      headers: auth(editor.token),
      data: {},
    });
    expect(approved.status()).toBe(200);

    // Approved: the curator finds it from Explore, through the genre's row.
    await page.goto(`/explore?lng=${lang}`);
    const row = page.getByRole('region', { name: genre.taggedShown, exact: true });
    await row.getByRole('link', { name: t.seeAll(genre.taggedShown) }).click();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    // Its genre chip leads back to the same page.
    await page.getByRole('article', { name: title }).getByRole('link', { name: genre.taggedShown }).click();
    await expect(page).toHaveURL(new RegExp(`/explore/genre/${genre.tagged}$`));
    await shot(page, `${lang}-curator-genre-found`);
  });
}
