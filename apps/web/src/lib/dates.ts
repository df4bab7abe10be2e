import type { Language } from '@josie/contract';
import { isValid, parseISO } from 'date-fns';
import { i18n } from '../i18n';

/**
 * Display formats (DESIGN §9.17): 'MMM d, yyyy' in English, the Hebrew day-month-year order ('d בMMM
 * yyyy'). The browser's `Intl` writes exactly these (`Jan 5, 2024`, `5 בינו׳ 2024`), so date-fns' `format`
 * and its Hebrew locale (about 8 KB gzip) stay out of the josie page and the feed (issue 9).
 */
const OPTIONS: Record<Language, [locale: string, Intl.DateTimeFormatOptions]> = {
  en: ['en-US', { month: 'short', day: 'numeric', year: 'numeric' }],
  he: ['he', { day: 'numeric', month: 'short', year: 'numeric' }],
};
/**
 * Made on first use: building a formatter loads the locale's data, which took ~15 ms per language of a
 * phone's first script task when both were built as the module loaded (issue 9, Lighthouse profile).
 */
const formats: Partial<Record<Language, Intl.DateTimeFormat>> = {};

/**
 * Formats an ISO 8601 date for display: `Jan 5, 2024` in English, `5 בינו׳ 2024` in Hebrew, and the
 * localized 'Invalid date' for a missing or unreadable value (spec 000 §5, DESIGN §9.17).
 */
export function formatDate(iso: string | null | undefined, lang: Language | string = 'en'): string {
  const language: Language = lang === 'he' ? 'he' : 'en';
  const date = iso ? parseISO(iso) : null;
  if (!date || !isValid(date)) return i18n.t('common.invalidDate', { lng: language });
  formats[language] ??= new Intl.DateTimeFormat(...OPTIONS[language]);
  return formats[language].format(date);
}
