import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, expect, shot, test, useSession } from '../support/fixtures';

/**
 * Issue 7 journeys. On the server configured with the local stand-ins (E2E_INTEGRATIONS_URL): sign in
 * with Spotify through the stand-in's consent page, then in the editor add audio, a video and an image by
 * search, an image by URL, and suggest a title. On the unconfigured server (E2E_BASE_URL) the same screens
 * say so and the rest of the editor still publishes.
 */

const TEXT = 'Eighties synth-pop that still sounds like summer: bright keys, a falsetto and a long drive.';

async function openDialogTab(page: Page, addButton: string, tab: string) {
  await page.getByRole('button', { name: addButton }).click();
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

test.describe('with the integrations configured', () => {
  test.use({ baseURL: process.env.E2E_INTEGRATIONS_URL, ignoreHTTPSErrors: true });

  test('signs in with Spotify through the consent page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Spotify' }).click();
    await page.getByRole('button', { name: 'Agree' }).click();
    await expect(page).not.toHaveURL(/\/(login|auth\/callback|auth\/error)/);
    const stored = await page.waitForFunction(() => window.localStorage.getItem('user'));
    expect(await stored.jsonValue()).toContain('noa.spotify@example.test');
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  });

  test('adds audio, video and images by search and URL, and suggests a title', async ({ page, request }) => {
    const session = await signInAsCurator(page, request);
    await page.goto('/josie/new');
    await page.getByLabel('Content').fill(TEXT);

    await page.getByRole('button', { name: 'Suggest a title' }).click();
    await expect(page.getByLabel('Title')).not.toHaveValue('');

    let dialog = await openDialogTab(page, 'Add audio', 'Search');
    await dialog.getByLabel('Search for music').fill('Africa');
    await dialog.getByRole('button', { name: 'Add Africa' }).click();
    await expect(dialog).toBeHidden();

    dialog = await openDialogTab(page, 'Add video', 'Search');
    await dialog.getByLabel('Search YouTube').fill('Take On Me');
    await dialog.getByRole('button', { name: /^Add a-ha - Take On Me/ }).click();
    await expect(dialog).toBeHidden();

    dialog = await openDialogTab(page, 'Add image', 'Search');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(dialog.getByText('Please enter a search term')).toBeVisible();
    await dialog.getByLabel('Search for images').fill('guitar');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(dialog.getByText(/^page 1 of \d+$/)).toBeVisible();
    await shot(page, 'en-integrations-image-search');
    await dialog
      .getByRole('button', { name: /^Use image:/ })
      .first()
      .click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Remove image' })).toBeVisible();

    // An image on the web, imported by URL (the stand-in image host's full-size picture).
    const found = await request.get('/api/images/search?query=drums&provider=pixabay', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(found.status()).toBe(200);
    const { images } = (await found.json()) as { images: { largeImageUrl: string }[] };
    await page.getByRole('button', { name: 'Remove image' }).click();
    dialog = await openDialogTab(page, 'Add image', 'From a link');
    await dialog.getByLabel('Image link').fill('http://example.com/a.jpg');
    await dialog.getByRole('button', { name: 'Use this image' }).click();
    await expect(dialog.getByText('URL must begin with https://')).toBeVisible();
    await dialog.getByLabel('Image link').fill(images[0]?.largeImageUrl ?? '');
    await dialog.getByRole('button', { name: 'Use this image' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Josie published!', { exact: false })).toBeVisible();
  });
});

test.describe('with nothing configured', () => {
  test('the sign-in buttons say the providers are not configured', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Continue with Spotify' })).toBeDisabled();
    await expect(page.getByText('Spotify sign-in is not configured on this server')).toBeVisible();
  });

  test('the editor says what is not configured and still publishes', async ({ page, request }) => {
    await signInAsCurator(page, request);
    await page.goto('/josie/new');
    await expect(page.getByRole('button', { name: 'Suggest a title' })).toBeDisabled();
    await expect(
      page.getByText('Title suggestions need AI, which is not configured on this server.'),
    ).toBeVisible();

    let dialog = await openDialogTab(page, 'Add video', 'Search');
    await dialog.getByLabel('Search YouTube').fill('Take On Me');
    await expect(
      dialog.getByText('YouTube search is not configured on this server.', { exact: false }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    dialog = await openDialogTab(page, 'Add image', 'Generate');
    await expect(
      dialog.getByText('AI image generation is not available on this server.', { exact: false }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    dialog = await openDialogTab(page, 'Add audio', 'Search');
    await dialog.getByLabel('Search for music').fill('Africa');
    await expect(
      dialog.getByText('Spotify search is not configured on this server.', { exact: false }),
    ).toBeVisible();
    await shot(page, 'en-integrations-not-configured');
    await dialog.getByRole('tab', { name: 'Paste a link' }).click();
    await dialog
      .getByLabel('Spotify or YouTube link')
      .fill('https://open.spotify.com/track/2374M0fQpWi3dLnB54qaLX');
    await dialog.getByRole('button', { name: 'Add audio' }).click();
    // Unconfigured, the lookup either answers with the parsed item (the dialog closes) or fails and offers
    // to add the link anyway: accept either, without racing the dialog's closing.
    const addAnyway = dialog.getByRole('button', { name: 'Add it anyway' });
    await expect(async () => {
      if (await addAnyway.isVisible()) await addAnyway.click();
      await expect(dialog).toBeHidden({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });

    await page.getByLabel('Title').fill('Africa, without integrations');
    await page.getByLabel('Content').fill(TEXT);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Josie published!', { exact: false })).toBeVisible();
  });
});
