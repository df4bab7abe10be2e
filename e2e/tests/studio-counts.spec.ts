import type { APIRequestContext, Browser, BrowserContext, Page, Request } from '@playwright/test';
import {
  apiCurator,
  apiLogin,
  apiSignup,
  auth,
  expect,
  type Session,
  setFlag,
  shot,
  test,
  useSession,
} from '../support/fixtures.js';

/**
 * The curator studio counts exactly what readers did (docs/decisions/0050-curator-studio-counts.md,
 * docs/product/rules-and-limits.md#studio), in English and Hebrew: a curator publishes a josie with a Spotify
 * track; a signed-in listener (who listens on YouTube) likes, saves and shares it from the home feed, opens
 * it, plays it in the YouTube player and clicks an "Also on" link; a visitor opens the shared link, plays it
 * in the Spotify player, clicks another "Also on" link and shares it from the curator's profile; both come
 * back to the josie the same day; a bot does all of it too. The studio's answers for the curator then equal
 * those actions, and nobody else reads them.
 *
 * Nothing leaves the machine: Spotify's embed is a stand-in page with a play button (a press inside it is the
 * reader's press inside a cross-origin player), YouTube's IFrame Player API a stand-in that plays when asked
 * to autoplay, and every other outside address is refused. The readers' browsers say they are desktop
 * Chrome: `isbot` rightly takes headless Chromium's own agent ("HeadlessChrome") for a bot.
 */

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The demo's track that the Odesli stand-in finds on YouTube and YouTube Music (seed/item-links.ts). */
const TRACK_URL = 'https://open.spotify.com/track/60nZcImufyMA1MKQY3dcCH';

const TEXT = {
  en: {
    title: 'Front porch counts',
    curator: 'Porch Curator',
    audio: 'Audio: Happy',
    spotifyPlayer: 'Spotify player: Happy',
    alsoOn: 'Also on',
    like: /^Like \(/,
    save: 'Save',
    share: 'Share',
    copied: 'Link copied to clipboard',
  },
  he: {
    title: 'ספירה במרפסת',
    curator: 'אוצרת המרפסת',
    audio: 'אודיו: Happy',
    spotifyPlayer: 'נגן Spotify: Happy',
    alsoOn: 'זמין גם ב־',
    like: /^לייק \(/,
    save: 'שמירה',
    share: 'שיתוף',
    copied: 'הקישור הועתק',
  },
} as const;

/** A stand-in of Spotify's embed: a page of its own origin with a play button. */
const SPOTIFY_EMBED = '<!doctype html><title>Spotify</title><button type="button">Play</button>';

/**
 * A stand-in of YouTube's IFrame Player API (`@types/youtube`): a player is an empty frame that reports
 * ready, then playing when it was asked to autoplay, as the real one does once the reader pressed play.
 */
const YOUTUBE_API = `
window.YT = {
  PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
  Player: function (element, options) {
    var frame = document.createElement('iframe');
    element.replaceWith(frame);
    this.destroy = function () { frame.remove(); };
    this.getIframe = function () { return frame; };
    var player = this;
    setTimeout(function () {
      options.events.onReady && options.events.onReady({ target: player });
      if (options.playerVars && options.playerVars.autoplay) {
        options.events.onStateChange({ target: player, data: 3 });
        options.events.onStateChange({ target: player, data: 1 });
      }
    }, 50);
  },
};
if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
`;

/** A reader's browser: its agent, a clipboard it may write, and the outside world's stand-ins. */
async function readerContext(browser: Browser, userAgent: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  // A RegExp: Playwright's glob `https://**` does not match these addresses.
  await context.route(/^https:\/\//, async (route) => {
    const url = route.request().url();
    if (url.startsWith('https://open.spotify.com/embed/')) {
      await route.fulfill({ contentType: 'text/html', body: SPOTIFY_EMBED });
    } else if (url.startsWith('https://www.youtube.com/iframe_api')) {
      await route.fulfill({ contentType: 'text/javascript', body: YOUTUBE_API });
    } else {
      await route.abort('internetdisconnected');
    }
  });
  return context;
}

/** The params of a studio event `page` sent, once sent: `name`'s next request to the analytics endpoint. */
function nextEvent(page: Page, name: string): Promise<Record<string, unknown>> {
  return page
    .waitForRequest(
      (req: Request) =>
        req.url().endsWith('/api/analytics/events') &&
        (req.postDataJSON() as { name?: string } | null)?.name === name,
    )
    .then((req) => (req.postDataJSON() as { params: Record<string, unknown> }).params);
}

/** A josie by `curator` with one Spotify track, approved by the demo editor, once its links are resolved. */
async function publishTrackJosie(request: APIRequestContext, curator: Session, title: string) {
  const created = await request.post('/api/josies', {
    headers: auth(curator.token),
    multipart: {
      title,
      genres: JSON.stringify(['Country']),
      paragraphs: JSON.stringify([
        { type: 'text', content: `${title}: a song for the porch.` },
        {
          type: 'audioItem',
          content: {
            name: 'Happy',
            type: 'track',
            url: TRACK_URL,
            provider: 'spotify',
            image: null,
            artist: 'Pharrell Williams',
          },
        },
      ]),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = (await created.json()) as { _id: string };
  const editor = await apiLogin(request, 'editor@demo.josie');
  const approved = await request.put(`/api/josies/${id}/approve`, { headers: auth(editor.token), data: {} });
  expect(approved.status()).toBe(200);
  // The link resolver works in the background: "Also on" shows once the item's links are there.
  await expect
    .poll(
      async () => {
        const josie = (await (await request.get(`/api/josies/${id}`)).json()) as {
          listen?: Array<{ kind: string; links: Array<{ platform: string }> }>;
        };
        return josie.listen?.find((item) => item.kind === 'audio')?.links.map((link) => link.platform) ?? [];
      },
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['youtube', 'youtubeMusic']));
  return id;
}

/** A listener who listens on YouTube, finished onboarding and follows `curator`. */
async function youtubeListener(request: APIRequestContext, curator: Session): Promise<Session> {
  const signup = await apiSignup(request, { name: 'Studio Listener' });
  const headers = auth(signup.token);
  expect(
    (
      await request.put('/api/users/me/active-provider', { headers, data: { activeProvider: 'google' } })
    ).status(),
  ).toBe(200);
  expect((await request.post(`/api/users/follow/${curator.user._id}`, { headers })).status()).toBeLessThan(
    300,
  );
  await request.put('/api/users/me/onboarding', { headers, data: { completed: true, step: 3 } });
  return apiLogin(request, signup.user.email, signup.password);
}

/** Clicks the "Also on" link to `platform` in `card`, and closes the tab it opens. */
async function clickAlsoOn(page: Page, card: ReturnType<Page['getByRole']>, list: string, platform: string) {
  const link = card
    .getByRole('list', { name: list })
    .getByRole('link')
    .filter({ hasText: new RegExp(`^${platform}$`) });
  const clicked = nextEvent(page, 'also_on_click');
  const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await opened.close();
  return clicked;
}

for (const lang of ['en', 'he'] as const) {
  test(`the studio counts each reader's view, play, Also on, like, save and share exactly once, and no bot (${lang})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(330_000);
    const t = TEXT[lang];
    const q = `lng=${lang}`;
    await setFlag(request, 'studio', 'true');
    await setFlag(request, 'language_select', 'true');
    const curator = await apiCurator(request, `${t.curator} ${Date.now()}`);
    const title = `${t.title} ${Date.now()}`;
    const josieId = await publishTrackJosie(request, curator, title);
    const listener = await youtubeListener(request, curator);

    // The listener: like, save and share on the home feed, then open the josie from there.
    const listenerContext = await readerContext(browser, DESKTOP_CHROME);
    const reader = await listenerContext.newPage();
    await useSession(reader, listener);
    const feedShown = reader.waitForRequest((req) => req.url().endsWith('/api/analytics/events'));
    await reader.goto(`/?${q}`);
    await feedShown;
    const card = reader.getByRole('article').filter({ hasText: title });
    await card.getByRole('button', { name: t.like }).click();
    await expect(card.getByRole('button', { name: t.like })).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('button', { name: t.save, exact: true }).click();
    await expect(card.getByRole('button', { name: t.save, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const shared = nextEvent(reader, 'josie_share');
    await card.getByRole('button', { name: t.share }).click();
    await expect(reader.getByText(t.copied)).toBeVisible();
    expect(await shared).toMatchObject({ josie_id: josieId, channel: 'copy' });
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`/josie/${josieId}\\?ref=share$`),
    );

    let viewed = nextEvent(reader, 'josie_view');
    await card.getByRole('link', { name: title }).first().click();
    expect(await viewed).toMatchObject({ josie_id: josieId, surface: 'feed', language: lang });
    const audio = reader.getByRole('article', { name: t.audio });
    const played = nextEvent(reader, 'josie_play');
    await audio.locator('[data-video-embed="youtube"] button').click();
    expect(await played).toMatchObject({
      josie_id: josieId,
      item: 'spotify:60nZcImufyMA1MKQY3dcCH',
      service: 'youtube',
    });
    expect(await clickAlsoOn(reader, audio, t.alsoOn, 'YouTube Music')).toMatchObject({
      josie_id: josieId,
      service: 'youtubeMusic',
    });
    await shot(reader, `studio-counts-listener-${lang}`);
    // The same reader again the same day: one view.
    viewed = nextEvent(reader, 'josie_view');
    await reader.reload();
    await viewed;

    // The visitor: the shared link, the Spotify player, "Also on" YouTube, a share from the curator's page.
    const visitorContext = await readerContext(browser, DESKTOP_CHROME);
    const visitor = await visitorContext.newPage();
    viewed = nextEvent(visitor, 'josie_view');
    await visitor.goto(`/josie/${josieId}?ref=share&${q}`);
    expect(await viewed).toMatchObject({ josie_id: josieId, surface: 'external', language: lang });
    const visitorAudio = visitor.getByRole('article', { name: t.audio });
    const pressed = nextEvent(visitor, 'josie_play');
    await visitor
      .frameLocator(`iframe[title="${t.spotifyPlayer}"]`)
      .getByRole('button', { name: 'Play' })
      .click();
    expect(await pressed).toMatchObject({
      josie_id: josieId,
      item: 'spotify:60nZcImufyMA1MKQY3dcCH',
      service: 'spotify',
    });
    expect(await clickAlsoOn(visitor, visitorAudio, t.alsoOn, 'YouTube')).toMatchObject({
      service: 'youtube',
    });
    await shot(visitor, `studio-counts-visitor-${lang}`);
    await visitor.goto(`/curator/${curator.user._id}?${q}`);
    const profileCard = visitor.getByRole('article').filter({ hasText: title });
    const visitorShared = nextEvent(visitor, 'josie_share');
    await expect(async () => {
      await profileCard.getByRole('button', { name: t.share }).click();
      await expect(visitor.getByText(t.copied)).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await visitorShared;
    viewed = nextEvent(visitor, 'josie_view');
    await visitor.goto(`/josie/${josieId}?${q}`);
    await viewed;

    // A bot: its view, play and click are recorded as a bot's, and never counted.
    const botContext = await readerContext(browser, GOOGLEBOT);
    const bot = await botContext.newPage();
    viewed = nextEvent(bot, 'josie_view');
    await bot.goto(`/josie/${josieId}?ref=share&${q}`);
    await viewed;
    const botPressed = nextEvent(bot, 'josie_play');
    await bot
      .frameLocator(`iframe[title="${t.spotifyPlayer}"]`)
      .getByRole('button', { name: 'Play' })
      .click();
    await botPressed;
    await clickAlsoOn(bot, bot.getByRole('article', { name: t.audio }), t.alsoOn, 'YouTube');

    // The studio, as the curator: exactly what the two readers did. The rollup runs every minute; pg-boss may
    // start a scheduled run up to half a minute late, and a transaction of another database on the shared
    // server holds the rollup's horizon back (decision 0050, consequences): a bound for counts that never
    // come, not a speed the test asserts.
    const asCurator = { headers: auth(curator.token) };
    const exact = { views: 2, plays: 2, likes: 1, saves: 1, shares: 2, comments: 0, alsoOn: 2 };
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/studio/josies/${josieId}?period=7d`, asCurator);
          const body = (await res.json()) as { totals: Record<string, { current: number }> };
          return Object.fromEntries(
            Object.entries(body.totals).map(([metric, total]) => [metric, total.current]),
          );
        },
        { timeout: 150_000, intervals: [2_000] },
      )
      .toEqual(exact);
    const josie = (await (
      await request.get(`/api/studio/josies/${josieId}?period=7d`, asCurator)
    ).json()) as {
      playsByService: Record<string, number>;
      surfaces: Record<string, number>;
      languages: Record<string, number>;
      series: { views: number[]; plays: number[] };
    };
    expect(josie.playsByService).toMatchObject({ spotify: 1, youtube: 1, youtubeMusic: 0, other: 0 });
    expect(josie.surfaces).toMatchObject({
      feed: 1,
      external: 1,
      explore: 0,
      search: 0,
      invite: 0,
      other: 0,
    });
    expect(josie.languages[lang]).toBe(2);
    expect(josie.series.views.at(-1)).toBe(2);
    expect(josie.series.plays.at(-1)).toBe(2);

    const overviewRes = await request.get('/api/studio/overview?period=7d', asCurator);
    expect(overviewRes.status()).toBe(200);
    const overview = (await overviewRes.json()) as {
      totals: Record<string, { current: number }>;
      followers: { now: number; gained: { current: number }; lost: { current: number } };
    };
    expect(
      Object.fromEntries(Object.entries(overview.totals).map(([metric, total]) => [metric, total.current])),
    ).toEqual(exact);
    expect(overview.followers).toMatchObject({ now: 1, gained: { current: 1 }, lost: { current: 0 } });

    // Nobody else reads this curator's studio; an admin does.
    const path = `/api/studio/overview?curatorId=${curator.user._id}`;
    expect((await request.get(path, { headers: auth(listener.token) })).status()).toBe(403);
    const other = await apiCurator(request, `Other curator ${Date.now()}`);
    const refused = await request.get(path, { headers: auth(other.token) });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      (await request.get(`/api/studio/josies/${josieId}`, { headers: auth(other.token) })).status(),
    ).toBe(403);
    const admin = await apiLogin(request, 'admin@demo.josie');
    const read = await request.get(path, { headers: auth(admin.token) });
    expect(read.status()).toBe(200);
    expect(await read.json()).toMatchObject({
      curatorId: curator.user._id,
      totals: { views: { current: 2 } },
    });

    await Promise.all([listenerContext.close(), visitorContext.close(), botContext.close()]);
  });
}
