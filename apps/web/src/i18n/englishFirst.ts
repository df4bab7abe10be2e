import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import errors from './locales/en/errors.json';
import feed from './locales/en/feed.json';
import footer from './locales/en/footer.json';
import home from './locales/en/home.json';
import josie from './locales/en/josie.json';
import nav from './locales/en/nav.json';
import newsletter from './locales/en/newsletter.json';
import pwa from './locales/en/pwa.json';
import staticPages from './locales/en/static.json';
import titles from './locales/en/titles.json';
import validation from './locales/en/validation.json';
import video from './locales/en/video.json';

/**
 * The English texts bundled with the app's entry (The first pages' scripts stay under 170 KB
 * (docs/performance.md) gzip): the areas of the layout, the public home page, the josie page and the feed,
 * and those any page may need (errors, toasts, titles, validation). The areas of {@link LATER_AREAS} load
 * with the first page that is not one of those (`loadAllTexts` in `./index.ts`, called by the router's page
 * loader), and so do the parts of a first-page area that only later pages read (the editor's and the dialogs'
 * texts, the static pages', push settings': each area's `<area>.later.json`). A new area goes in one of the
 * two lists (`locales.test.ts` checks that every area is in exactly one).
 */
export const englishFirst = {
  auth,
  common,
  errors,
  feed,
  footer,
  home,
  josie,
  nav,
  newsletter,
  pwa,
  static: staticPages,
  titles,
  validation,
  video,
};

/** The areas of English loaded with the other pages (each used only by pages the router loads lazily). */
export const LATER_AREAS = [
  'account',
  'admin',
  'audio',
  'contact',
  'curator',
  'discovery',
  'image',
  'integrations',
  'invites',
  'listen',
  'login',
  'notifications',
  'onboarding',
  'preferences',
  'recommendations',
  'resetPassword',
  'review',
  'signup',
] as const;
