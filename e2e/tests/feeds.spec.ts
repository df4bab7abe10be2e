import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiCurator,
  apiPublishedJosie,
  expect,
  expectAccessible,
  setFlag,
  shot,
  test,
} from '../support/fixtures.js';

/**
 * Feeds and search engines, in English and Hebrew (docs/decisions/0042-feeds-and-search-engines.md): a
 * reader finds the Atom feed's link in a curator's page and a genre's page as the server sends them (what a
 * feed reader that runs no script sees), and its button on the page, which leads to the feed; the josie page
 * carries its canonical link and its JSON-LD.
 */

const TEXT = {
  en: { feed: 'Atom feed', loginToFollow: 'Log in to follow' },
  he: { feed: 'פיד Atom', loginToFollow: 'התחברו כדי לעקוב' },
} as const;

/** A new curator (promoted by the demo admin) with one josie in `genre`, approved by the demo editor. */
async function curatorWithJosie(request: APIRequestContext, lang: string, genre: string) {
  const curator = await apiCurator(request, `Feeder ${lang} ${Date.now()}`);
  const title = `Feed me ${lang} ${Date.now()}`;
  const josieId = await apiPublishedJosie(request, curator, title, [genre]);
  return { curator, josieId, title };
}

/** The `href` of the page's `<head>` links matching `selector`. */
const headLinks = (page: Page, selector: string) =>
  page.locator(`head ${selector}`).evaluateAll((links) => links.map((l) => l.getAttribute('href')));

/** The feed at `href` as the server answers it: an Atom document naming `title`. */
async function expectFeed(request: APIRequestContext, href: string, title: string) {
  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await res.text();
  expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
  expect(xml).toContain(title);
}

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

for (const lang of ['en', 'he'] as const) {
  const t = TEXT[lang];
  const genre = lang === 'en' ? 'Jazz' : 'Folk';

  test(`the feed's link and button on a curator's and a genre's page, and a josie's canonical link and JSON-LD (${lang})`, async ({
    request,
    baseURL,
    browser,
  }) => {
    test.setTimeout(90_000);
    const { curator, josieId, title } = await curatorWithJosie(request, lang, genre);
    const curatorFeed = `/curator/${curator.user._id}/feed.atom`;

    // The curator's page, for a visitor (docs/decisions/0045-public-curator-profiles.md): the profile, its
    // latest josie, and a way to log in and follow instead of the toggle.
    const visitor = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const curatorPage = await visitor.newPage();
    await curatorPage.goto(`${baseURL}/curator/${curator.user._id}?lng=${lang}`);
    await expect(curatorPage.getByRole('heading', { level: 1, name: curator.user.name })).toBeVisible();
    await expect(curatorPage.getByRole('article', { name: title })).toBeVisible();
    await expect(curatorPage.getByRole('link', { name: t.loginToFollow })).toBeVisible();
    expect(await headLinks(curatorPage, 'link[rel="alternate"][type="application/atom+xml"]')).toEqual([
      `${baseURL}${curatorFeed}`,
    ]);
    expect(await headLinks(curatorPage, 'link[rel="canonical"]')).toEqual([
      `${baseURL}/curator/${curator.user._id}?lng=${lang}`,
    ]);
    const button = curatorPage.getByRole('link', { name: t.feed });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('href', curatorFeed);
    await expectAccessible(curatorPage);
    await shot(curatorPage, `${lang}-curator-feed-button`);
    await expectFeed(request, curatorFeed, title);
    // The button opens the feed itself.
    const [answer] = await Promise.all([
      curatorPage.waitForResponse((r) => r.url().endsWith(curatorFeed)),
      button.click(),
    ]);
    expect(answer.status()).toBe(200);

    // A genre's page, for a visitor.
    const genrePage = await visitor.newPage();
    await genrePage.goto(`${baseURL}/explore/genre/${genre}?lng=${lang}`);
    await expect(genrePage.getByRole('article', { name: title })).toBeVisible();
    const genreFeed = `/explore/genre/${genre}/feed.atom`;
    expect(await headLinks(genrePage, 'link[rel="alternate"][type="application/atom+xml"]')).toEqual([
      `${baseURL}${genreFeed}`,
    ]);
    expect(await headLinks(genrePage, 'link[rel="canonical"]')).toEqual([
      `${baseURL}/explore/genre/${genre}?lng=${lang}`,
    ]);
    const genreButton = genrePage.getByRole('link', { name: t.feed });
    await expect(genreButton).toBeVisible();
    await expect(genreButton).toHaveAttribute('href', genreFeed);
    await expectAccessible(genrePage);
    await shot(genrePage, `${lang}-genre-feed-button`);
    await expectFeed(request, genreFeed, title);

    // The josie's page: its canonical link and its JSON-LD, in the HTML the server sent.
    await genrePage.goto(`${baseURL}/josie/${josieId}?lng=${lang}`);
    await expect(genrePage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await headLinks(genrePage, 'link[rel="canonical"]')).toEqual([
      `${baseURL}/josie/${josieId}?lng=${lang}`,
    ]);
    const blocks = await genrePage
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>),
      );
    expect(blocks).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        name: title,
        url: `${baseURL}/josie/${josieId}`,
        genre: [genre],
        author: expect.objectContaining({ '@type': 'Person', name: curator.user.name }),
      }),
    ]);
    await visitor.close();
  });
}
