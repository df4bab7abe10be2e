import {
  STUDIO_JOSIE_SORTS,
  STUDIO_PERIODS,
  StudioAudienceResponse,
  type StudioCsvTable,
  StudioJosieResponse,
  type StudioJosieSort,
  StudioJosiesResponse,
  StudioOverviewResponse,
  type StudioPeriod,
  StudioPlatformResponse,
} from '@josie/contract';
import { request } from '../../api/request';

/**
 * Whose studio and which period a studio page reads (docs/product/rules-and-limits.md#studio), from the
 * address bar: `period` (the contract's default, 30 days, when absent or unknown) and, for an admin looking at
 * a curator's, `curatorId`.
 */
export interface StudioParams {
  period: StudioPeriod;
  /** Another curator's id (admins only, decision 0050); undefined for the reader's own studio. */
  curatorId?: string;
}

/** The josie table's order and page (`GET /api/studio/josies`), also kept in the address bar. */
export interface StudioTableParams {
  sort: StudioJosieSort;
  order: 'asc' | 'desc';
  /** From 1. */
  page: number;
}

export const DEFAULT_PERIOD: StudioPeriod = '30d';
export const DEFAULT_TABLE: StudioTableParams = { sort: 'views', order: 'desc', page: 1 };

/** The period named by a query value, or the default. */
export function periodOf(value: string | null): StudioPeriod {
  return (STUDIO_PERIODS as readonly string[]).includes(value ?? '')
    ? (value as StudioPeriod)
    : DEFAULT_PERIOD;
}

/** The josie table's parameters named by the query, each falling back to its default when absent or wrong. */
export function tableParamsOf(search: URLSearchParams): StudioTableParams {
  const sort = search.get('sort') ?? '';
  const order = search.get('order');
  const page = Number(search.get('page'));
  return {
    sort: (STUDIO_JOSIE_SORTS as readonly string[]).includes(sort)
      ? (sort as StudioJosieSort)
      : DEFAULT_TABLE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_TABLE.order,
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_TABLE.page,
  };
}

/**
 * Query keys of the studio. Under `studio`, not a public root, so the cache goes with the session
 * (`removeUserQueries`); the owner is part of every key, so an admin's look at a curator's never shows as
 * their own.
 */
export const studioKeys = {
  all: ['studio'] as const,
  overview: (p: StudioParams) => ['studio', p.curatorId ?? 'me', 'overview', p.period] as const,
  josies: (p: StudioParams, table: StudioTableParams) =>
    ['studio', p.curatorId ?? 'me', 'josies', p.period, table] as const,
  josie: (p: StudioParams, id: string) => ['studio', p.curatorId ?? 'me', 'josie', id, p.period] as const,
  audience: (p: StudioParams) => ['studio', p.curatorId ?? 'me', 'audience', p.period] as const,
  platform: (period: StudioPeriod) => ['studio', 'platform', period] as const,
};

type Signal = { signal: AbortSignal };

/** `GET /api/studio/overview`: followers and every metric against the previous period, with daily series. */
export const fetchOverview = (p: StudioParams, { signal }: Signal) =>
  request('studioOverview', { query: p }, { schema: StudioOverviewResponse, signal });

/** `GET /api/studio/josies`: one page of the published josies with their totals, in the asked order. */
export const fetchJosies = (p: StudioParams, table: StudioTableParams, { signal }: Signal) =>
  request('studioJosies', { query: { ...p, ...table } }, { schema: StudioJosiesResponse, signal });

/** `GET /api/studio/josies/:id`: one josie's totals, days and breakdowns. */
export const fetchJosie = (p: StudioParams, id: string, { signal }: Signal) =>
  request('studioJosie', { params: { id }, query: p }, { schema: StudioJosieResponse, signal });

/** `GET /api/studio/audience`: followers by day, their sources and the best invites. */
export const fetchAudience = (p: StudioParams, { signal }: Signal) =>
  request('studioAudience', { query: p }, { schema: StudioAudienceResponse, signal });

/** `GET /api/studio/platform` (admins): every curator's totals summed. */
export const fetchPlatform = (period: StudioPeriod, { signal }: Signal) =>
  request('studioPlatform', { query: { period } }, { schema: StudioPlatformResponse, signal });

/**
 * Downloads a studio table as CSV (`GET /api/studio/export/:table`, decision 0050). The web authenticates
 * with a bearer token from storage, not a cookie, so a plain link would reach the server signed out: the file
 * is fetched with the token and saved through an object URL under the server's name for it.
 *
 * @throws {ApiError} 403/404 as the server answers (another's studio, the flag off).
 */
export async function downloadCsv(table: StudioCsvTable, p: StudioParams): Promise<void> {
  // `blob: true` answers the body as a Blob (`apiFetch`); the endpoint has no JSON answer to type it.
  const blob = (await request(
    'studioCsv',
    { params: { table }, query: p },
    { headers: { accept: 'text/csv' }, blob: true },
  )) as unknown as Blob;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `studio-${table}-${p.period}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; freeing it later keeps slow browsers safe.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
