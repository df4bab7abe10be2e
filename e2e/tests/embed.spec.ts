import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FrameLocator, Page } from '@playwright/test';
import { expect, resolvedJosie, SPOTIFY_DEMO_JOSIE, setFlag, shot, test } from '../support/fixtures.js';

/**
 * A josie embedded in another site (docs/decisions/0043-embeds.md): a page served from another origin (a
 * node http server on `localhost`, the app being on `127.0.0.1`: another site too) frames the iframe the
 * oEmbed answer gives. The embed renders in English and Hebrew (`dir`), plays the josie's music in the
 * reader's chosen service (the visitor's switch to YouTube), links "Open in Josie" to the josie in a new tab,
 * and a removed josie's frame shows the not-found embed; a normal app page in a frame is refused.
 */

const { title: TITLE, track: TRACK } = SPOTIFY_DEMO_JOSIE;
const TEXT = {
  en: {
    audio: 'Audio: Happy',
    by: /^by /,
    open: 'Open in Josie (opens in a new tab)',
    playing: 'Playing on YouTube · originally shared from Spotify',
    notFound: "This josie isn't available",
  },
  he: {
    audio: 'אודיו: Happy',
    by: /^מאת /,
    open: 'פתיחה ב־Josie (נפתח בכרטיסייה חדשה)',
    playing: 'מתנגן ב־YouTube · שותף במקור מ־Spotify',
    notFound: 'הג׳וזי הזו לא זמינה',
  },
} as const;

/** Another site: answers every path with `html`, from `localhost` on a port of its own. */
async function otherSite(html: () => string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

let site: { url: string; server: Server };
let framed = '';

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
  site = await otherSite(() => framed);
});
test.afterAll(async () => {
  await new Promise((resolve) => site.server.close(resolve));
});

/** Opens the other site with `body` as its page, and answers the frame named `#embed` on it. */
async function openOtherSite(page: Page, body: string): Promise<FrameLocator> {
  framed = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A music blog</title></head>
<body style="font-family:sans-serif;background:#f4f4f5;padding:16px"><h1>A music blog</h1>${body}</body></html>`;
  await page.goto(site.url);
  return page.frameLocator('#embed');
}

for (const lang of ['en', 'he'] as const) {
  test(`another site frames a josie's embed from its oEmbed answer (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const id = await resolvedJosie(request);
    const pageUrl = `${baseURL}/josie/${id}`;
    // The consumer finds the oEmbed answer from the josie page's discovery link, as a site given the link would.
    const josiePage = await (await request.get(`/josie/${id}`)).text();
    const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(
      josiePage,
    )?.[1];
    expect(discovery?.replaceAll('&amp;', '&')).toBe(
      `${baseURL}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`,
    );
    const answer = await request.get(
      `/api/oembed?url=${encodeURIComponent(pageUrl)}&maxwidth=420&lng=${lang}`,
    );
    expect(answer.status(), await answer.text()).toBe(200);
    const oembed = (await answer.json()) as { html: string; width: number; height: number; title: string };
    expect(oembed.width).toBe(420);
    expect(oembed.title).toBe(TITLE);

    const frame = await openOtherSite(page, oembed.html.replace('<iframe ', '<iframe id="embed" '));
    await expect(frame.locator('html')).toHaveAttribute('lang', lang);
    await expect(frame.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(frame.getByRole('heading', { name: TITLE })).toBeVisible();
    await expect(frame.getByText(TEXT[lang].by)).toBeVisible();

    // The music, in the reader's service: Spotify's player for a visitor who chose nothing, YouTube's once
    // they choose YouTube (decision 0022).
    const card = frame.getByRole('article', { name: TEXT[lang].audio });
    await expect(card.locator(`iframe[src*="open.spotify.com/embed/track/${TRACK}"]`)).toHaveCount(1);
    await card.getByRole('button', { name: 'YouTube', exact: true }).click();
    await expect(card.getByText(TEXT[lang].playing)).toBeVisible();
    await expect(card.locator('[data-video-embed="youtube"]')).toBeVisible();
    await expect(card.locator('iframe[src*="open.spotify.com"]')).toHaveCount(0);
    // YouTube's player is taller than the frame planned for Spotify's: the middle scrolls, and the title
    // and "Open in Josie" stay in view.
    await expect(frame.getByRole('heading', { name: TITLE })).toBeInViewport();
    await expect(frame.getByRole('link', { name: TEXT[lang].open })).toBeInViewport();

    // "Open in Josie" opens the josie's own page, in a new tab.
    const open = frame.getByRole('link', { name: TEXT[lang].open });
    await expect(open).toHaveAttribute('href', `/josie/${id}`);
    await expect(open).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), open.click()]);
    await tab.waitForLoadState('domcontentloaded');
    expect(tab.url()).toBe(pageUrl);
    await tab.close();
    await shot(page, `embed-other-site-${lang}`);
  });

  test(`a josie that is not published shows the not-found embed, and an app page refuses the frame (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const missing = crypto.randomUUID();
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('frame-ancestors')) refusals.push(message.text());
    });
    const frame = await openOtherSite(
      page,
      `<iframe id="embed" src="${baseURL}/embed/josie/${missing}?lng=${lang}" width="420" height="240"></iframe>
<iframe id="app" src="${baseURL}/" width="420" height="240"></iframe>`,
    );
    await expect(frame.getByRole('heading', { name: TEXT[lang].notFound })).toBeVisible();
    await expect(frame.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
    await expect(frame.getByRole('link', { name: /Josie/ })).toHaveAttribute('target', '_blank');
    // The browser refuses to show the app's home page in another site's frame (frame-ancestors 'none'):
    // it says so, and the frame holds its error page instead of the app.
    await expect.poll(() => refusals.join('\n')).toContain("frame-ancestors 'none'");
    await expect(page.frameLocator('#app').locator('#root')).toHaveCount(0);
    await shot(page, `embed-not-found-${lang}`);
  });
}
