import type { Language } from '@josie/contract';
import { i18n } from '../i18n';
import { parseIsoDate } from './dates';

// Apart from `dates.ts`, which the josie page and the feed load: only lazy code (the notifications, the
// account page's sessions) reads relative times (docs/performance.md).
/** Units of {@link formatRelativeTime}, largest first, with their length in seconds. */
const RELATIVE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relativeFormats: Partial<Record<Language, Intl.RelativeTimeFormat>> = {};

/**
 * How long ago an ISO 8601 moment was, in words of the language, by the browser's `Intl.RelativeTimeFormat`
 * ("5 minutes ago", "yesterday", "לפני 5 דקות", "אתמול"): the largest whole unit from minutes to years, "now"
 * under a minute (and for a moment in the future: clocks differ). `now` in ms since the epoch (tests pass
 * one). The localized 'Invalid date' for a missing or unreadable value, as `formatDate`.
 */
export function formatRelativeTime(
  iso: string | null | undefined,
  lang: Language | string = 'en',
  now: number = Date.now(),
): string {
  const language: Language = lang === 'he' ? 'he' : 'en';
  const date = iso ? parseIsoDate(iso) : null;
  if (!date) return i18n.t('common.invalidDate', { lng: language });
  relativeFormats[language] ??= new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const format = relativeFormats[language];
  const seconds = Math.max(0, (now - date.getTime()) / 1000);
  for (const [unit, length] of RELATIVE_UNITS) {
    if (seconds >= length) return format.format(-Math.floor(seconds / length), unit);
  }
  return format.format(0, 'second');
}
