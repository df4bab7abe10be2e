import { format } from 'date-fns';
import { he } from 'date-fns/locale/he';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { formatDate } from './dates';
import { formatRelativeTime } from './relativeTime';

describe('formatDate (docs/product/differences.md#dates-and-excerpts)', () => {
  // First in this file, whose modules are its own: no formatter was built before it.
  it('builds no Intl.DateTimeFormat: the first one of a page is a long task on a phone (decision 0031)', async () => {
    await i18n.loadLanguages('he');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      expect(formatDate('2024-03-05T12:00:00.000Z', 'en')).toBe('Mar 5, 2024');
      expect(formatDate('2024-03-05T12:00:00.000Z', 'he')).toBe('5 במרץ 2024');
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it("formats as 'MMM d, yyyy' in English", () => {
    expect(formatDate('2024-01-05T12:00:00.000Z', 'en')).toBe('Jan 5, 2024');
    expect(formatDate('2024-11-22', 'en')).toBe('Nov 22, 2024');
  });

  it('uses the Hebrew locale in Hebrew', async () => {
    await i18n.loadLanguages('he');
    expect(formatDate('2024-01-05T12:00:00.000Z', 'he')).toBe('5 בינו׳ 2024');
  });

  it("writes every month as date-fns' 'MMM d, yyyy' and Hebrew 'd בMMM yyyy' patterns did", () => {
    for (let month = 0; month < 12; month++) {
      const day = new Date(2025, month, month + 9);
      const iso = day.toISOString();
      expect(formatDate(iso, 'en')).toBe(format(day, 'MMM d, yyyy'));
      expect(formatDate(iso, 'he')).toBe(format(day, 'd בMMM yyyy', { locale: he }));
    }
  });

  it('reads a date alone as that calendar day wherever the browser is, as parseISO did', () => {
    const day = new Date(2024, 10, 22);
    expect(formatDate('2024-11-22', 'en')).toBe(format(day, 'MMM d, yyyy'));
    expect(formatDate('2024-11-22T00:00:00.000Z', 'en')).toBe(
      format(new Date(Date.UTC(2024, 10, 22)), 'MMM d, yyyy'),
    );
  });

  it('refuses what is not shaped like an ISO date instead of guessing', () => {
    expect(formatDate('Nov 22, 2024', 'en')).toBe('Invalid date');
    expect(formatDate('22/11/2024', 'en')).toBe('Invalid date');
  });

  it("answers 'Invalid date' for missing or unreadable input", async () => {
    expect(formatDate('not a date', 'en')).toBe('Invalid date');
    expect(formatDate(null, 'en')).toBe('Invalid date');
    expect(formatDate('', 'en')).toBe('Invalid date');
    await i18n.loadLanguages('he');
    expect(formatDate('2024-13-45', 'he')).toBe('תאריך לא תקין');
  });
});

describe('formatRelativeTime (docs/decisions/0024-notifications-centre.md)', () => {
  const now = Date.UTC(2025, 5, 15, 12, 0, 0);
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago in the largest whole unit, "now" under a minute and for the future', () => {
    expect(formatRelativeTime(ago(20), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(-300), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(60), 'en', now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600 + 59 * 60), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), 'en', now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(15 * 24 * 3600), 'en', now)).toBe('15 days ago');
    expect(formatRelativeTime(ago(400 * 24 * 3600), 'en', now)).toBe('1 year ago');
  });

  it('writes Hebrew, and refuses an unreadable date', async () => {
    expect(formatRelativeTime(ago(20), 'he', now)).toBe('עכשיו');
    expect(formatRelativeTime(ago(26 * 3600), 'he', now)).toBe('אתמול');
    expect(formatRelativeTime(ago(5 * 60), 'he', now)).toBe('לפני 5 דקות');
    expect(formatRelativeTime('soon', 'en', now)).toBe('Invalid date');
    // One and two of a unit are words in Hebrew, without a number in brackets ('לפני דקה (1)').
    expect(formatRelativeTime(ago(60), 'he', now)).toBe('לפני דקה');
    expect(formatRelativeTime(ago(90), 'he', now)).toBe('לפני דקה');
    expect(formatRelativeTime(ago(3600), 'he', now)).toBe('לפני שעה');
    expect(formatRelativeTime(ago(2 * 3600), 'he', now)).toBe('לפני שעתיים');
    expect(formatRelativeTime(ago(2 * 24 * 3600), 'he', now)).toBe('שלשום');
    expect(formatRelativeTime(ago(40 * 24 * 3600), 'he', now)).toBe('לפני חודש');
    expect(formatRelativeTime(ago(800 * 24 * 3600), 'he', now)).toBe('לפני שנתיים');
    for (const seconds of [60, 3600, 2 * 3600, 7 * 24 * 3600, 40 * 24 * 3600, 400 * 24 * 3600]) {
      expect(formatRelativeTime(ago(seconds), 'he', now)).not.toMatch(/\(\d+\)/);
    }
    await i18n.loadLanguages('he');
    expect(formatRelativeTime(null, 'he', now)).toBe('תאריך לא תקין');
  });
});
