import type { Language } from '@josie/contract';
import { i18n } from '../i18n';

/**
 * Display formats (docs/product/differences.md#dates-and-excerpts): 'MMM d, yyyy' in English, the Hebrew
 * day-month-year order ('d בMMM yyyy'): each language's `common.date` pattern and `common.monthsShort`
 * names, the same words CLDR gives `Intl` and date-fns. Not `Intl.DateTimeFormat`: the first one a page
 * builds loads the browser's date data, 25-70 ms of main thread on a desktop and four times that on a
 * phone, in the task that renders the first card; nor date-fns with its Hebrew locale, about 8 KB gzip on
 * the josie page and the feed (docs/decisions/0031-dates-from-the-texts.md).
 */

/** A calendar date (`2024-11-22`), alone or followed by a time (`T12:00:00.000Z`): what the API sends. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T|$)/;

/**
 * Reads an ISO 8601 date with the platform's parser, which reads the API's forms exactly and costs the
 * first pages no bytes, where date-fns' `parseISO` did (docs/performance.md). A date alone is read as local
 * midnight, as `parseISO` did (the platform would read it as UTC midnight: the day before, west of Greenwich); anything
 * not shaped like an ISO date is refused rather than guessed at. `null` when unreadable.
 */
export function parseIsoDate(iso: string): Date | null {
  if (!ISO_DATE.test(iso)) return null;
  const date = new Date(iso.length === 10 ? `${iso}T00:00` : iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats an ISO 8601 date for display: `Jan 5, 2024` in English, `5 בינו׳ 2024` in Hebrew, and the
 * localized 'Invalid date' for a missing or unreadable value (docs/product/rules-and-limits.md#josies,
 * docs/product/differences.md#dates-and-excerpts).
 */
export function formatDate(iso: string | null | undefined, lang: Language | string = 'en'): string {
  const language: Language = lang === 'he' ? 'he' : 'en';
  const date = iso ? parseIsoDate(iso) : null;
  if (!date) return i18n.t('common.invalidDate', { lng: language });
  // The month's name by its number in the calendar year (`1` January … `12` December).
  const months: Record<string, string> = i18n.t('common.monthsShort', { lng: language, returnObjects: true });
  return i18n.t('common.date', {
    lng: language,
    day: date.getDate(),
    month: months[String(date.getMonth() + 1)],
    year: date.getFullYear(),
  });
}
