import type { FollowSource, StudioSurface } from '@josie/contract';

/** The path of the page shown before the current one in this tab, or null on the first page. */
let previous: string | null = null;
let current: string | null = null;

/** Called by the route tracker on each navigation: the page before becomes the referring one. */
export function navigated(pathname: string): void {
  if (pathname === current) return;
  previous = current;
  current = pathname;
}

/**
 * Where the reader came to the current page from, for the curator studio
 * (docs/decisions/0050-curator-studio-counts.md): the in-app page before it (the home feed, explore, a genre
 * page, search, a curator's profile, an invite), else, on the first page of the tab, `external` when another
 * site sent the reader or the link was shared (`?ref=share`), else `other`.
 */
export function referringSurface(): StudioSurface {
  // A page's effects run before the tracker's has noted its navigation: then the last noted page is the one
  // before it.
  const before = current === window.location.pathname ? previous : current;
  if (before === null) {
    const shared = new URLSearchParams(window.location.search).get('ref') === 'share';
    let foreign = false;
    try {
      foreign = document.referrer !== '' && new URL(document.referrer).origin !== window.location.origin;
    } catch {
      // An unreadable referrer says nothing.
    }
    return shared || foreign ? 'external' : 'other';
  }
  if (before === '/') return 'feed';
  if (before.startsWith('/explore/genre/')) return 'genre';
  if (before.startsWith('/explore')) return 'explore';
  if (before.startsWith('/search')) return 'search';
  if (before.startsWith('/curator/')) return 'curator';
  if (before.startsWith('/join/')) return 'invite';
  return 'other';
}

/** Where a follow was pressed, for the studio's new followers' sources (decision 0050). */
export function followSource(): FollowSource {
  const here = window.location.pathname;
  if (here.startsWith('/josie/')) return 'josie';
  if (here.startsWith('/curator/')) return 'curator';
  if (here.startsWith('/onboarding')) return 'onboarding';
  if (here.startsWith('/explore')) return 'explore';
  if (here.startsWith('/search')) return 'search';
  if (here.startsWith('/join/')) return 'invite';
  return 'other';
}
