import { format, isValid, parseISO } from 'date-fns';
import { he } from 'date-fns/locale/he';

/**
 * A `YYYY-MM-DD` day of a statistics series, short: `Jan 5` in English, `5 בינו׳` in Hebrew, for a chart's
 * axis where the year is in no doubt (the admin dashboard, the curator studio). The day is a calendar date,
 * so it is read as such and not shifted by time zone. date-fns and its Hebrew locale cost about 8 KB gzip,
 * so only the later pages with charts use it (docs/decisions/0031-dates-from-the-texts.md).
 */
export function formatShortDay(day: string, lang: string): string {
  const date = parseISO(day);
  if (!isValid(date)) return day;
  return lang === 'he' ? format(date, 'd בMMM', { locale: he }) : format(date, 'MMM d');
}
