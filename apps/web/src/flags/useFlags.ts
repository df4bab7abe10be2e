import {
  FLAG_DEFAULTS,
  FLAG_KEYS,
  type FlagKey,
  type FlagsResponse,
  flagEnabled,
  LIMITS,
} from '@josie/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api/request';

/**
 * The spec's minimum fetch interval of remote config (docs/product/rules-and-limits.md#constants): flags are
 * re-read at most once an hour in production builds and once a minute in development.
 */
export const FLAGS_STALE_TIME_MS = import.meta.env.PROD
  ? LIMITS.flagsFetchIntervalMs.production
  : LIMITS.flagsFetchIntervalMs.development;

export const flagsQueryKey = ['flags'] as const;

/** Keeps the known flags of an answer, as strings, over the defaults. */
function withDefaults(answer: unknown): FlagsResponse {
  const flags: FlagsResponse = { ...FLAG_DEFAULTS };
  if (answer && typeof answer === 'object') {
    for (const key of FLAG_KEYS) {
      const value = (answer as Record<string, unknown>)[key];
      if (typeof value === 'string') flags[key] = value;
    }
  }
  return flags;
}

async function fetchFlags({ signal }: { signal: AbortSignal }): Promise<FlagsResponse> {
  try {
    return withDefaults(await request('getFlags', {}, { signal }));
  } catch (error) {
    // Remote-config failures are only logged and the defaults stay
    // (docs/product/rules-and-limits.md#feature-flags, docs/product/messages.md#errors-from-the-api).
    if (!signal.aborted) console.warn('Feature flags could not be loaded; using the defaults', error);
    throw error;
  }
}

/** What {@link useFlags} answers. */
export interface FlagsState {
  /** Every flag as its string, the contract's defaults while loading and after a failure. */
  flags: FlagsResponse;
  /** `pending` until the first answer or failure; the language switch waits for it. */
  status: 'pending' | 'success' | 'error';
}

/** The remote feature flags from `GET /api/config/flags` (docs/product/rules-and-limits.md#feature-flags, docs/product/rules-and-limits.md#constants; docs/product/differences.md#feature-flags). */
export function useFlags(): FlagsState {
  const query = useQuery({
    queryKey: flagsQueryKey,
    queryFn: fetchFlags,
    staleTime: FLAGS_STALE_TIME_MS,
    retry: false,
  });
  return { flags: query.data ?? { ...FLAG_DEFAULTS }, status: query.status };
}

/** Whether one flag is on, with the spec's string semantics (`flagEnabled`). */
export function useFlag(key: FlagKey): boolean {
  const { flags } = useFlags();
  return flagEnabled(key, flags[key]);
}
