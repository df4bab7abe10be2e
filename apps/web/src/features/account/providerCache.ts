import { LIMITS, type Provider } from '@josie/contract';
import { z } from 'zod';
import { providerConnectedKey } from '../../session/storage';

/**
 * What `provider_{provider}_connected` holds (docs/product/data-and-config.md#data): the answer and when it
 * was checked (epoch ms), so it can expire after {@link LIMITS}.providerCacheMs (5 minutes,
 * docs/product/rules-and-limits.md#sign-in-providers, docs/product/rules-and-limits.md#constants).
 */
const CachedConnection = z.object({ connected: z.boolean(), checkedAt: z.number() });

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The cached connection state of `provider`, or null when there is none. A stale entry (5 minutes or
 * older) or an unreadable one is removed (docs/product/rules-and-limits.md#sign-in-providers: "cached locally
 * for 5 minutes, then removed").
 */
export function readProviderCache(provider: Provider, now: number = Date.now()): boolean | null {
  const store = storage();
  const key = providerConnectedKey(provider);
  const raw = store?.getItem(key);
  if (raw === null || raw === undefined) return null;
  let parsed: z.infer<typeof CachedConnection> | null = null;
  try {
    const result = CachedConnection.safeParse(JSON.parse(raw));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  const age = parsed ? now - parsed.checkedAt : Number.POSITIVE_INFINITY;
  if (!parsed || age < 0 || age >= LIMITS.providerCacheMs) {
    store?.removeItem(key);
    return null;
  }
  return parsed.connected;
}

/** Caches a provider's connection state as checked at `now`. */
export function writeProviderCache(provider: Provider, connected: boolean, now: number = Date.now()): void {
  storage()?.setItem(providerConnectedKey(provider), JSON.stringify({ connected, checkedAt: now }));
}

/** Forgets a provider's cached state, e.g. before connecting it, so the next check asks the server. */
export function clearProviderCache(provider: Provider): void {
  storage()?.removeItem(providerConnectedKey(provider));
}
