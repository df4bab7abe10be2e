import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiLogin,
  apiSignup,
  expect,
  resolvedJosie,
  SPOTIFY_DEMO_JOSIE,
  setFlag,
  shot,
  test,
  useSession,
} from '../support/fixtures.js';

/**
 * Listening on your own service (docs/decisions/0022-listen-on-your-own-service.md): a listener who prefers
 * YouTube opens a josie shared from Spotify and gets the YouTube player, with the other platforms the
 * resolver found (the Odesli stand-in) as "Also on" links, in English and Hebrew; a visitor switches service
 * on the josie page and the choice stays in the browser.
 */

/**
 * The track of the demo josie these journeys open: shared from Spotify with no video of the same recording,
 * its audio card plays the item itself (a josie whose video is the recording shows that item without a
 * player, decision 0022).
 */
const { track: TRACK } = SPOTIFY_DEMO_JOSIE;
const TEXT = {
  en: {
    audio: 'Audio: Happy',
    playing: 'Playing on YouTube · originally shared from Spotify',
    alsoOn: 'Also on',
    original: 'Play the original on Spotify',
  },
  he: {
    audio: 'אודיו: Happy',
    playing: 'מתנגן ב־YouTube · שותף במקור מ־Spotify',
    alsoOn: 'זמין גם ב־',
    original: 'ניגון המקור ב־Spotify',
  },
} as const;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new listener who listens on YouTube and finished onboarding. */
async function youtubeListener(request: APIRequestContext) {
  const signup = await apiSignup(request, { name: 'YouTube Listener' });
  const set = await request.put('/api/users/me/active-provider', {
    headers: auth(signup.token),
    data: { activeProvider: 'google' },
  });
  expect(set.status(), await set.text()).toBe(200);
  await request.put('/api/users/me/onboarding', {
    headers: auth(signup.token),
    data: { completed: true, step: 3 },
  });
  return apiLogin(request, signup.user.email, signup.password);
}

const audioCard = (page: Page, lang: 'en' | 'he') => page.getByRole('article', { name: TEXT[lang].audio });

test.beforeAll(async ({ request }) => {
  await setFlag(request, 'language_select', 'true');
});

for (const lang of ['en', 'he'] as const) {
  test(`a YouTube listener gets a Spotify josie on YouTube, with Also on links (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const id = await resolvedJosie(request);
    await useSession(page, await youtubeListener(request));
    await page.goto(`/josie/${id}?lng=${lang}`);
    const card = audioCard(page, lang);
    await expect(card.getByText(TEXT[lang].playing)).toBeVisible();
    // The YouTube player's box, not the Spotify embed.
    await expect(card.locator('[data-video-embed="youtube"]')).toBeVisible();
    await expect(card.locator('iframe[src*="open.spotify.com"]')).toHaveCount(0);
    const alsoOn = card.getByRole('list', { name: TEXT[lang].alsoOn });
    await expect(alsoOn.getByRole('link').first()).toBeVisible();
    // The original plays through its own button, so "Also on" does not offer Spotify again (decision 0022).
    await expect(card.getByRole('button', { name: TEXT[lang].original })).toBeVisible();
    const names = await alsoOn.getByRole('link').allTextContents();
    expect(names).toContain('YouTube Music');
    expect(names).not.toContain('Spotify');
    await shot(page, `listening-youtube-listener-${lang}`);
  });
}

test('a YouTube Music listener hears a Spotify item in the YouTube player, as YouTube Music (decision 0022, amendment of 2026-12-05)', async ({
  page,
  request,
}) => {
  // The demo ships each recording's YouTube Music link (seed/item-links.ts); the josie has the song on
  // Spotify and no video of it, so the listener's service plays it.
  const id = await resolvedJosie(request);
  const signup = await apiSignup(request, { name: 'YouTube Music Listener' });
  const set = await request.put('/api/users/me/active-provider', {
    headers: auth(signup.token),
    data: { activeProvider: 'youtubeMusic' },
  });
  expect(set.status(), await set.text()).toBe(200);
  await request.put('/api/users/me/onboarding', {
    headers: auth(signup.token),
    data: { completed: true, step: 3 },
  });
  await useSession(page, await apiLogin(request, signup.user.email, signup.password));
  await page.goto(`/josie/${id}?lng=en`);
  const card = page.getByRole('article', { name: 'Audio: Happy' });
  await expect(card.getByRole('button', { name: 'Play Happy on YouTube Music' })).toBeVisible();
  await expect(card.getByText('Playing on YouTube Music · originally shared from Spotify')).toBeVisible();
  await expect(card.locator('iframe[src*="open.spotify.com"]')).toHaveCount(0);
});

test('a visitor switches to YouTube on a josie page, and the choice stays', async ({ page, request }) => {
  test.setTimeout(90_000);
  const id = await resolvedJosie(request);
  await page.goto(`/josie/${id}?lng=en`);
  const card = audioCard(page, 'en');
  await expect(card.getByRole('button', { name: 'Spotify' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.locator(`iframe[src*="open.spotify.com/embed/track/${TRACK}"]`)).toHaveCount(1);

  await card.getByRole('button', { name: 'YouTube', exact: true }).click();
  await expect(card.getByRole('button', { name: 'YouTube', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card.getByText(TEXT.en.playing)).toBeVisible();
  await expect(card.locator('[data-video-embed="youtube"]')).toBeVisible();

  // Back to the original, then the next visit still plays on YouTube.
  await card.getByRole('button', { name: 'Play the original on Spotify' }).click();
  await expect(card.locator('iframe[src*="open.spotify.com"]')).toHaveCount(1);
  await page.reload();
  await expect(audioCard(page, 'en').getByText(TEXT.en.playing)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('listenProvider'))).toBe('youtube');
});

/** The newest demo josie whose audio item was shared from YouTube, and that item's name. */
async function youtubeAudioJosie(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const listener = await apiLogin(request, 'listener1@demo.josie');
  const res = await request.get('/api/josies/feed', { headers: auth(listener.token) });
  const body = (await res.json()) as {
    data: {
      posts: Array<{ _id: string; paragraphs: Array<{ type: string; content: unknown }> }>;
    };
  };
  for (const post of body.data.posts) {
    const audio = post.paragraphs.find((p) => p.type === 'audioItem')?.content as
      | { provider: string; name: string }
      | undefined;
    if (audio?.provider === 'youtube') return { id: post._id, name: audio.name };
  }
  throw new Error('no demo josie with a YouTube audio item');
}

test('the YouTube player and ListenMore stay off the first page until the reader presses play', async ({
  page,
  request,
}) => {
  // docs/performance.md: the josie page's scripts stay under 170 KB; the player's code and YouTube's API
  // come when the reader presses play, and "Find on Spotify" needs no chunk of its own.
  const { id, name } = await youtubeAudioJosie(request);
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  // Nothing leaves the machine: YouTube's API and thumbnails are refused, as offline.
  await page.route(/^https:\/\/(www\.youtube\.com|i\.ytimg\.com)\//, (route) => route.abort());
  await page.goto(`/josie/${id}?lng=en`, { waitUntil: 'networkidle' });
  const card = page.getByRole('article', { name: `Audio: ${name}` });
  const play = card.getByRole('button', { name: `Play ${name} on YouTube` });
  await expect(play).toBeVisible();
  await expect(card.getByRole('link', { name: 'Find on Spotify' })).toHaveAttribute(
    'href',
    /^https:\/\/open\.spotify\.com\/search\//,
  );
  await page.waitForLoadState('networkidle');
  const player = () => requested.filter((url) => /\/assets\/YouTubePlayer-[\w-]+\.js$/.test(url));
  expect(player()).toHaveLength(0);
  expect(requested.filter((url) => /\/assets\/ListenMore-[\w-]+\.js$/.test(url))).toHaveLength(0);
  expect(requested.filter((url) => url.startsWith('https://www.youtube.com/iframe_api'))).toHaveLength(0);
  await expect(card.locator('[data-player]')).toHaveCount(0);

  // From the keyboard: the player's code, then YouTube's API.
  await play.focus();
  await page.keyboard.press('Enter');
  await expect(card.locator('[data-player="youtube"]')).toBeAttached();
  expect(player().length).toBeGreaterThan(0);
  await expect
    .poll(() => requested.filter((url) => url.startsWith('https://www.youtube.com/iframe_api')).length)
    .toBeGreaterThan(0);
});
