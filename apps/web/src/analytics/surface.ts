import type { FollowSource, StudioSurface } from '@josie/contract';

/** The path of the page shown before the current one in this tab, or null on the first page. */
let previous: string | null = null;
let current: string | null = null;

/**
 * The pages an invite's way passes through before the reader reads anything: the invite's landing page,
 * signing in or up (a provider's sign-in leaves the app and comes back to `/auth/callback`), verifying the
 * email, onboarding, and the home page accepting an invite lands on (`features/invites/JoinPage.tsx`).
 */
const INVITE_WAY = [
  '/join/',
  '/login',
  '/signup',
  '/auth/',
  '/verify-email',
  '/confirm-email',
  '/onboarding',
];
/** sessionStorage key of the tab's invite way, kept through a provider's sign-in, which reloads the app. */
const INVITED_KEY = 'studioInvited';
/** The invite way while the tab's storage refuses it. */
let invitedHere = false;

function invited(): boolean {
  try {
    return window.sessionStorage.getItem(INVITED_KEY) === '1';
  } catch {
    return invitedHere;
  }
}

function setInvited(on: boolean): void {
  invitedHere = on;
  try {
    if (on) window.sessionStorage.setItem(INVITED_KEY, '1');
    else window.sessionStorage.removeItem(INVITED_KEY);
  } catch {
    // No storage: this page's memory keeps it.
  }
}

/**
 * Called by the route tracker on each navigation: the page before becomes the referring one. An invite's
 * landing page starts the invite's way, which lasts through {@link INVITE_WAY} and the home page to the first
 * josie opened (its view is the invite's); any other page, or leaving that josie, ends it.
 */
export function navigated(pathname: string): void {
  if (pathname === current) return;
  if (pathname.startsWith('/join/')) setInvited(true);
  else if (current?.startsWith('/josie/')) setInvited(false);
  else if (
    pathname !== '/' &&
    !pathname.startsWith('/josie/') &&
    !INVITE_WAY.some((way) => pathname.startsWith(way))
  )
    setInvited(false);
  previous = current;
  current = pathname;
}

/** Forgets the pages seen, as a new app starts with none: the route tracker's when the app is taken down. */
export function forgetNavigation(): void {
  previous = null;
  current = null;
}

/**
 * Where the reader came to the current page from, for the curator studio
 * (docs/decisions/0050-curator-studio-counts.md): `invite` for the first josie opened on an invite's way
 * (see {@link navigated}), else the in-app page before it (the home feed, explore, a genre page, search, a
 * curator's profile), else, on the first page of the tab, `external` when another site sent the reader or
 * the link was shared (`?ref=share`, which the app's share adds: `features/josie/share.ts`), else `other`.
 */
export function referringSurface(): StudioSurface {
  if (invited()) return 'invite';
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
