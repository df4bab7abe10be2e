import type { Language } from '@josie/contract';
import { formatDistanceStrict, type Locale } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { he } from 'date-fns/locale/he';
import { i18n } from '../i18n';
import { parseIsoDate } from './dates';

// Apart from `dates.ts`, which the josie page and the feed load: only lazy code (the notifications, the
// account page's sessions) reads relative times, so date-fns and its two locales load with it
// (docs/performance.md).
const LOCALES: Record<Language, Locale> = { en: enUS, he };
const nowFormats: Partial<Record<Language, Intl.RelativeTimeFormat>> = {};

/**
 * How long ago an ISO 8601 moment was, in words of the language ("5 minutes ago", "1 day ago", "לפני 5
 * דקות", "לפני דקה", "אתמול"): date-fns' `formatDistanceStrict`, in the largest whole unit from minutes to
 * years, rounded down; "now" under a minute, and for a moment in the future (clocks differ), from the
 * browser's `Intl.RelativeTimeFormat`. Not `Intl.RelativeTimeFormat` for the rest: CLDR's Hebrew writes one
 * and two of a unit as words without the number ("לפני דקה", "לפני שעתיים"), and ICU then appends the number
 * in brackets, "לפני דקה (1)". `now` in ms since the epoch (tests pass one). The localized 'Invalid date' for
 * a missing or unreadable value, as `formatDate`.
 */
export function formatRelativeTime(
  iso: string | null | undefined,
  lang: Language | string = 'en',
  now: number = Date.now(),
): string {
  const language: Language = lang === 'he' ? 'he' : 'en';
  const date = iso ? parseIsoDate(iso) : null;
  if (!date) return i18n.t('common.invalidDate', { lng: language });
  if (now - date.getTime() < 60_000) {
    nowFormats[language] ??= new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    return nowFormats[language].format(0, 'second');
  }
  return formatDistanceStrict(date, now, {
    addSuffix: true,
    roundingMethod: 'floor',
    locale: LOCALES[language],
  });
}
