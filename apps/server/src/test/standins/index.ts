/**
 * Every stand-in at once, for API tests and end-to-end runs: `startStandins()` answers the servers and the
 * environment that points a Josie server at them (sign-in, search, oEmbed, images, AI, image import from
 * the HTTPS image host). `TOKEN_ENCRYPTION_KEY` is included so the environment also works with
 * `DATABASE_URL`.
 */
import { startGoogleStandin } from './google.js';
import { STANDIN_CA_FILE, startImagesHost } from './images-host.js';
import { startOdesliStandin } from './odesli.js';
import { startOpenAiStandin } from './openai.js';
import { startOpenverseStandin } from './openverse.js';
import { startPixabayStandin } from './pixabay.js';
import { startSpotifyStandin } from './spotify.js';

export { GOOGLE_ACCOUNTS, startGoogleStandin } from './google.js';
export { STANDIN_CA, STANDIN_CA_FILE, startImagesHost } from './images-host.js';
export { recordingLinks, SAME_RECORDINGS, startOdesliStandin } from './odesli.js';
export { startOpenAiStandin } from './openai.js';
export { startOpenverseStandin } from './openverse.js';
export { startPixabayStandin } from './pixabay.js';
export { SPOTIFY_ACCOUNTS, startSpotifyStandin } from './spotify.js';

/** A fixed key for test servers only (64 hex characters). */
export const TEST_TOKEN_ENCRYPTION_KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

/** Starts all stand-ins. */
export async function startStandins() {
  const imagesHost = await startImagesHost();
  const [spotify, google, pixabay, openverse, openai, odesli] = await Promise.all([
    startSpotifyStandin(),
    startGoogleStandin(),
    startPixabayStandin({ imageBaseUrl: imagesHost.url }),
    startOpenverseStandin({ imageBaseUrl: imagesHost.url }),
    startOpenAiStandin(),
    startOdesliStandin(),
  ]);
  return {
    spotify,
    google,
    pixabay,
    openverse,
    openai,
    odesli,
    imagesHost,
    env: {
      ...spotify.env,
      ...google.env,
      ...pixabay.env,
      ...openverse.env,
      ...openai.env,
      ...odesli.env,
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
      // The image host listens on loopback, which image import refuses unless allowed.
      IMAGE_FETCH_ALLOWED_ADDRESSES: '127.0.0.1',
      IMAGE_FETCH_CA_FILE: STANDIN_CA_FILE,
    } as Record<string, string>,
    async close() {
      await Promise.all(
        [spotify, google, pixabay, openverse, openai, odesli, imagesHost].map((s) => s.close()),
      );
    },
  };
}
export type Standins = Awaited<ReturnType<typeof startStandins>>;
