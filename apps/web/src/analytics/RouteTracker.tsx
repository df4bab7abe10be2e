import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import type en from '../i18n/locales/en/index.js';
import { track } from './track';

/** A page title key under `titles` in the locale files. */
export type TitleKey = keyof typeof en.titles;

/** What a route may declare in its `handle`: the key of its document title. */
export interface RouteHandle {
  titleKey?: TitleKey;
}

/**
 * Keeps `document.title` in step with the deepest route's `handle.titleKey` (in the current language) and
 * sends `page_view` {page_path, page_title, page_location} on every navigation
 * (docs/product/routes-and-roles.md#api).
 */
export function RouteTracker() {
  const location = useLocation();
  const matches = useMatches();
  const { t } = useTranslation();

  let titleKey: TitleKey | undefined;
  for (const match of matches) titleKey = (match.handle as RouteHandle | undefined)?.titleKey ?? titleKey;
  const appName = t('common.appName');
  const title = titleKey ? `${t(`titles.${titleKey}`)} · ${appName}` : appName;

  useEffect(() => {
    document.title = title;
  }, [title]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one page_view per navigation, not per title change
  useEffect(() => {
    track('page_view', {
      page_path: location.pathname,
      page_title: document.title,
      page_location: window.location.href,
    });
  }, [location.key]);

  return null;
}
