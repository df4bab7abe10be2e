import type { Language } from '@josie/contract';
import { i18n } from '../i18n';

/**
 * Display formats (docs/product/differences.md#dates-and-excerpts): 'MMM d, yyyy' in English, the Hebrew
 * day-month-year order ('d בMMM yyyy'). The browser's `Intl` writes exactly these (`Jan 5, 2024`, `5 בינו׳
 * 2024`), so date-fns' `format` and its Hebrew locale (about 8 KB gzip) stay out of the josie page and the
 * feed (docs/performance.md).
 */
const OPTIONS: Record<Language, [locale: string, Intl.DateTimeFormatOptions]> = {
  en: ['en-US', { month: 'short', day: 'numeric', year: 'numeric' }],
  he: ['he', { day: 'numeric', month: 'short', year: 'numeric' }],
};
/**
 * Made on first use: building a formatter loads the locale's data, which took ~15 ms per language of a
 * phone's first script task when both were built as the module loaded (docs/performance.md, Lighthouse
 * profile).
 */
const formats: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/** A calendar date (`2024-11-22`), alone or followed by a time (`T12:00:00.000Z`): what the API sends. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T|$)/;

/**
 * Reads an ISO 8601 date with the platform's parser, which reads the API's forms exactly (date-fns'
 * `parseISO` was 1.4 KB gzip on the josie page and the feed). A date alone is read as local midnight, as
 * `parseISO` did (the platform would read it as UTC midnight: the day before, west of Greenwich); anything
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
  formats[language] ??= new Intl.DateTimeFormat(...OPTIONS[language]);
  return formats[language].format(date);
}
