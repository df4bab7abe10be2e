import { flagEnabled, type StudioPeriod } from '@josie/contract';
import { useSearchParams } from 'react-router';
import { useFlags } from '../../flags';
import { periodOf, type StudioParams } from './api';

/**
 * The studio's period and owner from the address bar (`?period=7d|30d|90d|all&curatorId=`), so a view can be
 * shared, reloaded and gone back to (docs/product/rules-and-limits.md#studio).
 */
export function useStudioParams(): StudioParams {
  const [search] = useSearchParams();
  const curatorId = search.get('curatorId') || undefined;
  return { period: periodOf(search.get('period')), ...(curatorId ? { curatorId } : {}) };
}

/**
 * A studio path with the query that keeps the period and owner: the tabs, the josie table's rows and the
 * back links carry them, so switching views never resets what the reader chose.
 */
export function studioPath(path: string, params: StudioParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (params.period !== '30d') query.set('period', params.period);
  if (params.curatorId) query.set('curatorId', params.curatorId);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The number of days a period covers, for "the previous 30 days"; null for all time. */
export function periodDays(period: StudioPeriod): number | null {
  return period === 'all' ? null : Number.parseInt(period, 10);
}

/**
 * Whether the `studio` remote flag is on (decision 0050): `pending` until the flags are read, so a reader
 * never sees "not available" flash before the studio.
 */
export function useStudioFlag(): 'pending' | 'on' | 'off' {
  const { flags, status } = useFlags();
  if (status === 'pending') return 'pending';
  return flagEnabled('studio', flags.studio) ? 'on' : 'off';
}
