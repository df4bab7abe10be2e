// What the server and the web app agree on for the pages the server renders (docs/performance.md; decisions
// 0007 and 0008). A module without zod: the first pages import it, and a constant of a module that also
// builds schemas would load them (and zod) with those pages.

import { ROUTES } from './routes.js';

/**
 * The cookie carrying a session's page credential (decision 0008): a token the server accepts for rendering
 * a signed-in page and for nothing else (never as a bearer token). The web app deletes it when it drops its
 * stored session, even offline.
 */
export const PAGE_SESSION_COOKIE = 'josie_session';

/** `GET /api/users/me`: the signed-in user's fresh copy (docs/product/routes-and-roles.md#api). */
export const ME_PATH = ROUTES.me.path;
/** `GET /api/josies/feed`: the signed-in user's home feed (docs/product/routes-and-roles.md#api). */
export const HOME_FEED_PATH = ROUTES.getFeed.path;
/** `GET /api/users/curators/feed`: the home strip's curator cards (docs/product/routes-and-roles.md#api). */
export const CURATOR_STRIP_PATH = ROUTES.curatorsFeed.path;
/** `GET /api/users/me/preferences`: the signed-in user's preferences, the feed theme among them (docs/product/routes-and-roles.md#api). */
export const PREFERENCES_PATH = ROUTES.getPreferences.path;
