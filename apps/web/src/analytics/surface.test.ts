import { afterEach, describe, expect, it } from 'vitest';
import { followSource, navigated, referringSurface } from './surface';

/** Where the studio says a reader came from (docs/decisions/0050-curator-studio-counts.md). */
describe('referring surface', () => {
  const go = (path: string) => {
    window.history.pushState({}, '', path);
    navigated(path);
  };
  afterEach(() => window.history.pushState({}, '', '/'));

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

  it('tells where follow was pressed', () => {
    window.history.pushState({}, '', '/josie/1');
    expect(followSource()).toBe('josie');
    window.history.pushState({}, '', '/onboarding');
    expect(followSource()).toBe('onboarding');
    window.history.pushState({}, '', '/curator/x');
    expect(followSource()).toBe('curator');
  });
});
