import type { StudioTotal } from '@josie/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';

/** How a total moved against the previous period. */
export type Trend =
  | { kind: 'up' | 'down'; ratio: number }
  | { kind: 'same' }
  /** Something this period after nothing in the previous one: no percentage can say it. */
  | { kind: 'fromNone' };

/** The change of a total against the previous period, or null for all time (no previous period). */
export function trendOf(total: StudioTotal): Trend | null {
  const { current, previous } = total;
  if (previous === null) return null;
  if (current === previous) return { kind: 'same' };
  if (previous === 0) return { kind: 'fromNone' };
  const ratio = (current - previous) / previous;
  return { kind: ratio > 0 ? 'up' : 'down', ratio: Math.abs(ratio) };
}

/**
 * The studio's formats in the interface language: counts and percentages with `Intl.NumberFormat`, days
 * with the app's date format (`lib/dates`, docs/product/differences.md#dates-and-excerpts) or short on an
 * axis.
 */
export function useStudioFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const number = new Intl.NumberFormat(lang);
    const whole = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
    // Below 10 % a tenth is kept, so a small move does not read "0%".
    const fine = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
    return {
      lang,
      number: (value: number) => number.format(value),
      percent: (ratio: number) => (ratio < 0.1 ? fine : whole).format(ratio),
      day: (day: string) => formatDate(day, lang),
    };
  }, [lang]);
}

export type StudioFormat = ReturnType<typeof useStudioFormat>;
