import { useSyncExternalStore } from 'react';
import { useSession } from '../../../session/SessionProvider';
import { type ListenProvider, type ListenService, serviceOf } from './choose';

/** localStorage key of a visitor's chosen service (docs/decisions/0022-listen-on-your-own-service.md). */
export const LISTEN_PROVIDER_KEY = 'listenProvider';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The choice made on this page while storage refuses it (private mode, or a frame on another site whose
 * browser blocks third-party storage: the embed page, docs/decisions/0043-embeds.md).
 */
let unstored: ListenProvider | null = null;

function stored(): ListenProvider {
  try {
    return localStorage.getItem(LISTEN_PROVIDER_KEY) === 'youtube' ? 'youtube' : 'spotify';
  } catch {
    return unstored ?? 'spotify';
  }
}

/** Keeps a visitor's choice of service in this browser and tells every player on the page. */
export function setVisitorProvider(provider: ListenProvider): void {
  try {
    localStorage.setItem(LISTEN_PROVIDER_KEY, provider);
  } catch {
    // Storage refused: the choice lasts until the page is left.
    unstored = provider;
  }
  for (const listener of listeners) listener();
}

/**
 * The service the reader listens on (docs/decisions/0022-listen-on-your-own-service.md): a signed-in
 * listener's `activeProvider` (`google` is YouTube; a platform without a player here is offered by its
 * link), a visitor's choice kept in this browser, Spotify by
 * default. Null on the server and during hydration (the server renders the original player for everyone),
 * so the first render in the browser matches the server's HTML and the choice applies right after.
 */
export function useListenProvider(): { provider: ListenService | null; visitor: boolean } {
  const { user } = useSession();
  const visitorChoice = useSyncExternalStore<ListenProvider | null>(subscribe, stored, () => null);
  if (visitorChoice === null) return { provider: null, visitor: !user };
  if (user) return { provider: serviceOf(user.activeProvider), visitor: false };
  return { provider: visitorChoice, visitor: true };
}
