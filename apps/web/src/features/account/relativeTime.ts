import { formatDistanceStrict } from 'date-fns';
import { he } from 'date-fns/locale/he';

/**
 * How long ago `iso` was, in the interface language ("5 minutes ago", "לפני 5 דקות"), with date-fns (already
 * used by the admin pages; the account page is not a first page, so its weight is fine). `now` is for
 * tests. An unreadable date answers the raw text rather than a guess.
 */
export function timeAgo(iso: string, lang: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // A clock a little ahead of the server's would write "in 3 seconds": never later than now.
  const when = date.getTime() > now.getTime() ? now : date;
  return formatDistanceStrict(when, now, {
    addSuffix: true,
    ...(lang === 'he' ? { locale: he } : {}),
    roundingMethod: 'floor',
  });
}
