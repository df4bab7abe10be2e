import { apiLogin, expect, setFlag, shot, test } from '../support/fixtures.js';

/**
 * Share cards (docs/decisions/0044-share-cards.md), as a browser meets them: a published josie's page, in
 * English and Hebrew, names its 1200 × 630 card in its head once the card is made (the first view asks for
 * it), and the card's URL shows the PNG.
 */

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

for (const lang of ['en', 'he'] as const) {
  test(`a published josie's page names its share card, and the card shows (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // A demo curator's published josie, as a visitor reads the curator's newest.
    const curator = await apiLogin(request, 'curator1@demo.josie');
    const mine = await request.get('/api/josies/my-josies', {
      headers: { authorization: `Bearer ${curator.token}` },
    });
    expect(mine.ok()).toBe(true);
    const { data } = (await mine.json()) as { data: { posts: { _id: string; status: string }[] } };
    const josie = data.posts.find((j) => j.status === 'published');
    expect(josie).toBeDefined();

    const cardOf = async () => {
      await page.goto(`/josie/${josie!._id}?lng=${lang}`);
      return page.locator('meta[property="og:image"]').getAttribute('content');
    };
    // The first view asks for the card; a later one names it.
    await expect
      .poll(async () => (await cardOf()) ?? '', { timeout: 30_000 })
      .toMatch(/\/share-card\/v\d+-[0-9a-f]{16}\.png$/);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');

    const url = new URL((await cardOf())!);
    const res = await page.goto(url.pathname);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toBe('image/png');
    const size = await page
      .locator('img')
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(size).toEqual([1200, 630]);
    await shot(page, `${lang}-share-card`);
  });
}
