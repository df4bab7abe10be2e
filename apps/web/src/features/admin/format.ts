import { format, isValid, parseISO } from 'date-fns';
import { he } from 'date-fns/locale/he';

/**
 * A `YYYY-MM-DD` day of the statistics series, short: `Jan 5` in English, `5 בינו׳` in Hebrew (the year is
 * in no doubt over 30 days). The day is a calendar date, so it is read as such and not shifted by time zone.
 */
export function formatDay(day: string, lang: string): string {
  const date = parseISO(day);
  if (!isValid(date)) return day;
  return lang === 'he' ? format(date, 'd בMMM', { locale: he }) : format(date, 'MMM d');
}
