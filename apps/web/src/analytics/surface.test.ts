import { afterEach, describe, expect, it, vi } from 'vitest';
import { followSource, forgetNavigation, navigated, referringSurface } from './surface';

/** Where the studio says a reader came from (docs/decisions/0050-curator-studio-counts.md). */
describe('referring surface', () => {
  const go = (path: string) => {
    window.history.pushState({}, '', path);
    navigated(path);
  };
  afterEach(() => {
    // Another page ends any invite's way the test left open.
    go('/about');
    window.history.pushState({}, '', '/');
    vi.restoreAllMocks();
  });

  it('names the in-app page before the josie, whichever effect runs first', () => {
    go('/explore/genre/Jazz');
    go('/josie/1');
    expect(referringSurface()).toBe('genre');
    go('/search');
    // The josie page's effect before the tracker noted it: the last noted page is the one before.
    window.history.pushState({}, '', '/josie/2');
    expect(referringSurface()).toBe('search');
    navigated('/josie/2');
    go('/');
    go('/josie/3');
    expect(referringSurface()).toBe('feed');
    go('/curator/abc');
    go('/josie/4');
    expect(referringSurface()).toBe('curator');
    go('/saved');
    go('/josie/5');
    expect(referringSurface()).toBe('other');
  });

  it("names the first josie opened on an invite's way the invite, through sign-up and onboarding", () => {
    go('/join/abc123');
    go('/signup');
    go('/login');
    go('/onboarding');
    go('/');
    go('/josie/1');
    expect(referringSurface()).toBe('invite');
    // Back in the feed, the next josie is the feed's.
    go('/');
    go('/josie/2');
    expect(referringSurface()).toBe('feed');
    // A josie opened from the landing page directly (a signed-in reader accepting lands on the feed first).
    go('/join/abc123');
    go('/josie/3');
    expect(referringSurface()).toBe('invite');
    // Going elsewhere first ends the invite's way.
    go('/join/abc123');
    go('/explore');
    go('/josie/4');
    expect(referringSurface()).toBe('explore');
  });

  it("keeps an invite's way through a provider's sign-in, which reloads the app", () => {
    go('/join/abc123');
    go('/auth/callback');
    // The app starts again on the provider's return: only the tab's storage remembers.
    window.history.pushState({}, '', '/josie/5');
    expect(referringSurface()).toBe('invite');
  });

  it('names a first page opened from a shared link or another site external, else other', () => {
    // A fresh tab: no page noted before the josie.
    const first = (path: string, referrer = '') => {
      forgetNavigation();
      vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
      window.history.pushState({}, '', path);
      return referringSurface();
    };
    expect(first('/josie/6?ref=share')).toBe('external');
    expect(first('/josie/6', 'https://news.example.org/article')).toBe('external');
    expect(first('/josie/6', `${window.location.origin}/explore`)).toBe('other');
    expect(first('/josie/6')).toBe('other');
  });

  it('tells where follow was pressed', () => {
    window.history.pushState({}, '', '/josie/1');
    expect(followSource()).toBe('josie');
    window.history.pushState({}, '', '/onboarding');
    expect(followSource()).toBe('onboarding');
    window.history.pushState({}, '', '/curator/x');
    expect(followSource()).toBe('curator');
  });
});
