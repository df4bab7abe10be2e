import type { TFunction } from 'i18next';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import type en from '../i18n/locales/en/index.js';
import { forgetNavigation, navigated } from './surface';
import { track } from './track';

/** A page title key under `titles` in the locale files. */
export type TitleKey = keyof typeof en.titles;

/** What a route may declare in its `handle`: the key of its document title. */
export interface RouteHandle {
  titleKey?: TitleKey;
  /**
   * The page names itself once its data has loaded ({@link usePageTitle}: a josie page by the josie's
   * title); `titleKey` is the title until then, and `page_view` waits for the page's own.
   */
  titleFromPage?: true;
}

/** `{name} · Josie`, or the app's name alone for a page named like the app (a josie still loading). */
function documentTitle(t: TFunction, name: string | null): string {
  const appName = t('common.appName');
  return name && name !== appName ? `${name} · ${appName}` : appName;
}

/** The title a page reported for a navigation (`location.key`): a name, or null for the route's own. */
let reported: { key: string; name: string | null } | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const reportedTitle = () => reported;

/**
 * Names the page of a route that declares `titleFromPage` (a josie page: the josie's title): sets
 * `document.title` to `{name} · Josie` and lets {@link RouteTracker} send the navigation's `page_view` with
 * it. `undefined` while the page has nothing to name it by yet (loading); `null` for a page that ends
 * without a name of its own (a failed load), which keeps the route's title.
 */
export function usePageTitle(name: string | null | undefined): void {
  const { t } = useTranslation();
  const { key } = useLocation();
  useEffect(() => {
    if (name === undefined) return;
    if (name !== null) document.title = documentTitle(t, name);
    reported = { key, name };
    for (const listener of listeners) listener();
  }, [name, key, t]);
}

/**
 * Keeps `document.title` in step with the deepest route's `handle.titleKey` (in the current language) and
 * sends `page_view` {page_path, page_title, page_location} once per navigation
 * (docs/product/routes-and-roles.md#api). A route whose page names itself (`titleFromPage`) sends it once
 * the page has reported its title ({@link usePageTitle}), so that a josie's view is recorded under the
 * josie's title rather than the route's; a navigation left before that is recorded under the route's title.
 */
export function RouteTracker() {
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation();
  const page = useSyncExternalStore(subscribe, reportedTitle, reportedTitle);

  let handle: RouteHandle = {};
  for (const match of matches) {
    const declared = match.handle as RouteHandle | undefined;
    if (declared?.titleKey) handle = declared;
  }
  const title = documentTitle(t, handle.titleKey ? t(`titles.${handle.titleKey}`) : null);
  const named = page?.key === location.key ? page : null;

  useEffect(() => {
    document.title = title;
  }, [title]);
  // A report outlives no app: a new one starts again at the key of its first entry ('default'), with no page
  // before it.
  useEffect(
    () => () => {
      reported = null;
      forgetNavigation();
    },
    [],
  );

  // The navigation whose page_view waits for its page's title, with what it would send meanwhile.
  const waiting = useRef<{ key: string; params: Record<string, string> } | null>(null);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    // The page before this one is where the next josie view came from (the studio, decision 0050).
    navigated(location.pathname);
  }, [location.pathname]);
  useEffect(() => {
    if (sent.current === location.key) return;
    const left = waiting.current;
    if (left && left.key !== location.key) track('page_view', left.params);
    waiting.current = null;
    const params = {
      page_path: location.pathname,
      page_title: named?.name ? documentTitle(t, named.name) : title,
      page_location: window.location.href,
    };
    if (handle.titleFromPage && !named) {
      waiting.current = { key: location.key, params };
      return;
    }
    sent.current = location.key;
    track('page_view', params);
  }, [location.key, location.pathname, named, handle.titleFromPage, title, t]);

  return null;
}
