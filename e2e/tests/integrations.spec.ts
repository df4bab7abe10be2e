import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, setFlag, shot, test, useSession } from '../support/fixtures';
import { waitForIntegrationsServer } from '../support/global-setup';

/**
 * docs/product/rules-and-limits.md#media journeys, in English and in Hebrew (right to left). On the server
 * configured with the local stand-ins (E2E_INTEGRATIONS_URL): sign in with Spotify through the stand-in's
 * consent page, then in the editor add audio, a video and an image by search, an image by URL, suggest a
 * title, publish, and watch the video: the YouTube player cannot reach YouTube here, so after its retries it
 * offers to open the video there (docs/product/rules-and-limits.md#media). On the unconfigured server
 * (E2E_BASE_URL) the same screens say so and the rest of the editor still publishes.
 */

const TEXT = {
  en: {
    body: 'Eighties synth-pop that still sounds like summer: bright keys, a falsetto and a long drive.',
    continueWithSpotify: 'Continue with Spotify',
    spotifyNotConfigured: 'Spotify sign-in is not configured on this server',
    logIn: 'Log in',
    content: 'Content',
    title: 'Title',
    suggestTitle: 'Suggest a title',
    aiUnavailable: 'Title suggestions need AI, which is not configured on this server.',
    addAudio: 'Add audio',
    addVideo: 'Add video',
    addImage: 'Add image',
    removeImage: 'Remove image',
    searchTab: 'Search',
    generateTab: 'Generate',
    linkTab: 'From a link',
    pasteTab: 'Paste a link',
    searchMusic: 'Search for music',
    searchYouTube: 'Search YouTube',
    searchImages: 'Search for images',
    searchButton: 'Search',
    add: (name: string) => `Add ${name}`,
    addVideoResult: /^Add a-ha - Take On Me/,
    termRequired: 'Please enter a search term',
    pageOf: /^page 1 of \d+$/,
    useImage: /^Use image:/,
    imageLink: 'Image link',
    useThisImage: 'Use this image',
    httpsOnly: 'URL must begin with https://',
    audioLink: 'Spotify or YouTube link',
    addAnyway: 'Add it anyway',
    publish: 'Publish',
    published: 'Josie published!',
    spotifySearchOff: 'Spotify search is not configured on this server.',
    youtubeSearchOff: 'YouTube search is not configured on this server.',
    aiImageOff: 'AI image generation is not available on this server.',
    playerUnavailable: 'The YouTube player could not be loaded.',
    openInYouTube: 'Open in YouTube',
    play: 'Play: ',
  },
  he: {
    body: 'סינת׳־פופ של שנות השמונים שעדיין נשמע כמו קיץ: קלידים בוהקים, פלסטו ונסיעה ארוכה.',
    continueWithSpotify: 'המשך עם Spotify',
    spotifyNotConfigured: 'ההתחברות עם Spotify אינה מוגדרת בשרת הזה',
    logIn: 'התחברות',
    content: 'תוכן',
    title: 'כותרת',
    suggestTitle: 'הצעה לכותרת',
    aiUnavailable: 'הצעות לכותרת דורשות בינה מלאכותית, שלא הוגדרה בשרת הזה.',
    addAudio: 'הוספת אודיו',
    addVideo: 'הוספת סרטון',
    addImage: 'הוספת תמונה',
    removeImage: 'הסרת התמונה',
    searchTab: 'חיפוש',
    generateTab: 'יצירה',
    linkTab: 'מקישור',
    pasteTab: 'הדבקת קישור',
    searchMusic: 'חיפוש מוזיקה',
    searchYouTube: 'חיפוש ב־YouTube',
    searchImages: 'חיפוש תמונות',
    searchButton: 'חיפוש',
    add: (name: string) => `הוספת ${name}`,
    addVideoResult: /^הוספת a-ha - Take On Me/,
    termRequired: 'אנא הזינו מונח לחיפוש',
    pageOf: /^עמוד 1 מתוך \d+$/,
    useImage: /^שימוש בתמונה:/,
    imageLink: 'קישור לתמונה',
    useThisImage: 'שימוש בתמונה הזו',
    httpsOnly: 'הקישור חייב להתחיל ב־https://',
    audioLink: 'קישור ל־Spotify או ל־YouTube',
    addAnyway: 'להוסיף בכל זאת',
    publish: 'פרסום',
    published: 'הג׳וזי פורסמה!',
    spotifySearchOff: 'החיפוש ב־Spotify לא הוגדר בשרת הזה.',
    youtubeSearchOff: 'החיפוש ב־YouTube לא הוגדר בשרת הזה.',
    aiImageOff: 'יצירת תמונות בבינה מלאכותית אינה זמינה בשרת הזה.',
    playerUnavailable: 'לא ניתן לטעון את נגן YouTube.',
    openInYouTube: 'פתיחה ב־YouTube',
    play: 'ניגון: ',
  },
} as const;

type Lang = keyof typeof TEXT;

/** Chooses the interface language the way the menu's toggle does (stored), with the flag that allows it. */
async function useLanguage(page: Page, request: APIRequestContext, lang: Lang) {
  await setFlag(request, 'language_select', 'true');
  await page.addInitScript((value) => window.localStorage.setItem('i18nextLng', value), lang);
}

async function expectDirection(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'he' ? 'rtl' : 'ltr');
}

async function openDialogTab(page: Page, addButton: string, tab: string) {
  await page.getByRole('button', { name: addButton, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

async function signInAsCurator(page: Page, request: APIRequestContext) {
  const session = await apiLogin(request, 'curator1@demo.josie');
  await useSession(page, session);
  return session;
}

for (const lang of ['en', 'he'] as const) {
  const t = TEXT[lang];

  test.describe(`with the integrations configured (${lang})`, () => {
    test.use({ baseURL: process.env.E2E_INTEGRATIONS_URL, ignoreHTTPSErrors: true });
    // Global setup starts this server without waiting for it (it starts beside the workers' own).
    test.beforeAll(async () => {
      test.setTimeout(360_000);
      await waitForIntegrationsServer();
    });

    test('signs in with Spotify through the consent page', async ({ page, request }) => {
      await useLanguage(page, request, lang);
      await page.goto('/login');
      await expectDirection(page, lang);
      await page.getByRole('button', { name: t.continueWithSpotify }).click();
      // The stand-in's own consent page (the provider's, not ours: always English).
      await page.getByRole('button', { name: 'Agree' }).click();
      await expect(page).not.toHaveURL(/\/(login|auth\/callback|auth\/error)/);
      const stored = await page.waitForFunction(() => window.localStorage.getItem('user'));
      expect(await stored.jsonValue()).toContain('noa.spotify@example.test');
      await expect(page.getByRole('link', { name: t.logIn, exact: true })).toHaveCount(0);
      await expectDirection(page, lang);
    });

    test('adds audio, video and images by search and URL, suggests a title, and plays the video', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await useLanguage(page, request, lang);
      const session = await signInAsCurator(page, request);
      // Nothing leaves the machine: YouTube's player API is refused, as when the network is down.
      const apiRequests: string[] = [];
      await page.route('https://www.youtube.com/**', async (route) => {
        apiRequests.push(route.request().url());
        await route.abort('internetdisconnected');
      });
      await page.goto('/josie/new');
      await expectDirection(page, lang);
      await page.getByLabel(t.content, { exact: true }).fill(t.body);

      await page.getByRole('button', { name: t.suggestTitle }).click();
      await expect(page.getByLabel(t.title, { exact: true })).not.toHaveValue('');
      const title = await page.getByLabel(t.title, { exact: true }).inputValue();

      let dialog = await openDialogTab(page, t.addAudio, t.searchTab);
      await dialog.getByLabel(t.searchMusic).fill('Africa');
      await dialog.getByRole('button', { name: t.add('Africa') }).click();
      await expect(dialog).toBeHidden();

      dialog = await openDialogTab(page, t.addVideo, t.searchTab);
      await dialog.getByLabel(t.searchYouTube).fill('Take On Me');
      await dialog.getByRole('button', { name: t.addVideoResult }).click();
      await expect(dialog).toBeHidden();

      dialog = await openDialogTab(page, t.addImage, t.searchTab);
      await dialog.getByRole('button', { name: t.searchButton, exact: true }).click();
      await expect(dialog.getByText(t.termRequired)).toBeVisible();
      await dialog.getByLabel(t.searchImages).fill('guitar');
      await dialog.getByRole('button', { name: t.searchButton, exact: true }).click();
      await expect(dialog.getByText(t.pageOf)).toBeVisible();
      await shot(page, `${lang}-integrations-image-search`);
      await dialog.getByRole('button', { name: t.useImage }).first().click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('button', { name: t.removeImage })).toBeVisible();

      // An image on the web, imported by URL (the stand-in image host's full-size picture).
      const found = await request.get('/api/images/search?query=drums&provider=pixabay', {
        headers: { authorization: `Bearer ${session.token}` },
      });
      expect(found.status()).toBe(200);
      const { images } = (await found.json()) as { images: { largeImageUrl: string }[] };
      await page.getByRole('button', { name: t.removeImage }).click();
      dialog = await openDialogTab(page, t.addImage, t.linkTab);
      await dialog.getByLabel(t.imageLink).fill('http://example.com/a.jpg');
      await dialog.getByRole('button', { name: t.useThisImage }).click();
      await expect(dialog.getByText(t.httpsOnly)).toBeVisible();
      await dialog.getByLabel(t.imageLink).fill(images[0]?.largeImageUrl ?? '');
      await dialog.getByRole('button', { name: t.useThisImage }).click();
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: t.publish, exact: true }).click();
      await expect(page.getByText(t.published, { exact: false })).toBeVisible();

      // The josie as its creator sees it while it waits for review: the video's player asks for YouTube's
      // API, retries 3 times 3 s apart, then offers the video on YouTube
      // (docs/product/rules-and-limits.md#media, docs/product/rules-and-limits.md#constants).
      const mine = await request.get('/api/josies/my-josies', {
        headers: { authorization: `Bearer ${session.token}` },
      });
      const posts = (await mine.json()).data.posts as Array<{ _id: string; title: string }>;
      const josie = posts.find((post) => post.title === title);
      expect(josie, `the published josie "${title}"`).toBeDefined();
      apiRequests.length = 0;
      await page.goto(`/josie/${josie?._id}`);
      await expectDirection(page, lang);
      // The player mounts (and asks for the API) only when the reader presses play on the video's picture.
      const play = page.getByRole('button', { name: new RegExp(`^${t.play}`) }).first();
      await expect(play).toBeVisible();
      expect(apiRequests).toHaveLength(0);
      await play.click();
      const player = page.locator('[data-player="youtube"]').first();
      await expect(player).toHaveAttribute('data-state', 'loading');
      await expect(player).toHaveAttribute('data-state', 'unavailable', { timeout: 20_000 });
      await expect(player.getByRole('alert')).toHaveText(t.playerUnavailable);
      await expect(player.getByRole('link', { name: t.openInYouTube })).toHaveAttribute(
        'href',
        'https://www.youtube.com/watch?v=djV11Xbc914',
      );
      expect(apiRequests.filter((url) => url === 'https://www.youtube.com/iframe_api')).toHaveLength(4);
      await player.scrollIntoViewIfNeeded();
      await shot(page, `${lang}-integrations-player-unavailable`);
    });
  });

  test.describe(`with nothing configured (${lang})`, () => {
    test('the sign-in buttons say the providers are not configured', async ({ page, request }) => {
      await useLanguage(page, request, lang);
      await page.goto('/login');
      await expectDirection(page, lang);
      await expect(page.getByRole('button', { name: t.continueWithSpotify })).toBeDisabled();
      await expect(page.getByText(t.spotifyNotConfigured)).toBeVisible();
    });

    test('the editor says what is not configured and still publishes', async ({ page, request }) => {
      await useLanguage(page, request, lang);
      await signInAsCurator(page, request);
      await page.goto('/josie/new');
      await expectDirection(page, lang);
      await expect(page.getByRole('button', { name: t.suggestTitle })).toBeDisabled();
      await expect(page.getByText(t.aiUnavailable)).toBeVisible();

      let dialog = await openDialogTab(page, t.addVideo, t.searchTab);
      await dialog.getByLabel(t.searchYouTube).fill('Take On Me');
      await expect(dialog.getByText(t.youtubeSearchOff, { exact: false })).toBeVisible();
      await page.keyboard.press('Escape');

      dialog = await openDialogTab(page, t.addImage, t.generateTab);
      await expect(dialog.getByText(t.aiImageOff, { exact: false })).toBeVisible();
      await page.keyboard.press('Escape');

      dialog = await openDialogTab(page, t.addAudio, t.searchTab);
      await dialog.getByLabel(t.searchMusic).fill('Africa');
      await expect(dialog.getByText(t.spotifySearchOff, { exact: false })).toBeVisible();
      await shot(page, `${lang}-integrations-not-configured`);
      await dialog.getByRole('tab', { name: t.pasteTab }).click();
      await dialog.getByLabel(t.audioLink).fill('https://open.spotify.com/track/2374M0fQpWi3dLnB54qaLX');
      await dialog.getByRole('button', { name: t.addAudio, exact: true }).click();
      // Unconfigured, the lookup either answers with the parsed item (the dialog closes) or fails and
      // offers to add the link anyway: accept either, without racing the dialog's closing.
      const addAnyway = dialog.getByRole('button', { name: t.addAnyway });
      await expect(async () => {
        if (await addAnyway.isVisible()) await addAnyway.click();
        await expect(dialog).toBeHidden({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });

      await page.getByLabel(t.title, { exact: true }).fill(`Africa, without integrations (${lang})`);
      await page.getByLabel(t.content, { exact: true }).fill(t.body);
      await page.getByRole('button', { name: t.publish, exact: true }).click();
      await expect(page.getByText(t.published, { exact: false })).toBeVisible();
    });
  });
}
