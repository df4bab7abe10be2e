/**
 * How each language's texts are split (the first pages' scripts stay under 170 KB gzip, docs/performance.md):
 * the areas of {@link FIRST_AREAS} load with the app's first pages (the layout, the public home page, the josie
 * page, the feed, and those any page may need: errors, toasts, titles, validation), in each language's
 * `locales/<language>/first.ts`; the areas of {@link LATER_AREAS} load with the first page that is not one of
 * those (`loadAllTexts` in `./index.ts`, called by the router's page loader), and so do the parts of a
 * first-page area that only later pages read (the editor's and the dialogs' texts, the static pages', push
 * settings': each area's `<area>.later.json`, the same keys in every language).
 *
 * The one list of both splits: a language's `first.ts` must satisfy {@link FirstTexts} (the compiler rejects a
 * missing or an extra area), and `locales.test.ts` checks that every area of every language is in exactly one
 * of the two lists. A new area goes in one of them.
 */
export const FIRST_AREAS = [
  'auth',
  'common',
  'errors',
  'feed',
  'footer',
  'home',
  'josie',
  'nav',
  'newsletter',
  'pwa',
  'static',
  'titles',
  'validation',
  'video',
] as const;

/** The areas loaded with the other pages (each used only by pages the router loads lazily). */
export const LATER_AREAS = [
  'account',
  'admin',
  'audio',
  'blocks',
  'comments',
  'contact',
  'curator',
  'discovery',
  'embed',
  'image',
  'integrations',
  'invites',
  'listen',
  'login',
  'moderation',
  'notifications',
  'onboarding',
  'preferences',
  'recommendations',
  'resetPassword',
  'review',
  'signup',
  'studio',
] as const;

/** An area of {@link FIRST_AREAS}. */
export type FirstArea = (typeof FIRST_AREAS)[number];

/** A language's first texts (`locales/<language>/first.ts`): each area of {@link FIRST_AREAS}, no other. */
export type FirstTexts = { [Area in FirstArea]: object };
