// @vitest-environment node
// The server renders these pages in Node: no document, window or storage.
import { describe, expect, it } from 'vitest';
import { feedPage, makeCuratorCard, makeJosie, preferencesAnswer } from '../features/feed/fixtures';
import { makeUser } from '../test/fixtures';
import { renderHomeFeedPage } from './homeFeedPage';

const user = makeUser({ name: 'Dana <Levi>', role: 'listener' });
const answers = {
  '/api/users/me': user,
  '/api/josies/feed': feedPage([
    makeJosie(1, { title: 'Night <drive>' }),
    makeJosie(2),
    makeJosie(3),
    makeJosie(4),
  ]),
  '/api/users/curators/feed': {
    curators: [makeCuratorCard(1, { name: 'Maya', avatar: '/media/avatars/maya.webp' })],
  },
  '/api/users/me/preferences': preferencesAnswer('vibrant'),
};

describe("the server's first paint of the signed-in home feed (docs/performance.md, decision 0008)", () => {
  it("renders the layout, the greeting, the strip's cards and the feed's first cards from the answers", () => {
    const html = renderHomeFeedPage(answers, 'en');
    expect(html).toContain('<header');
    expect(html).toContain('Hi, Dana &lt;Levi&gt;');
    expect(html).toMatch(/<a[^>]+href="\/curator\/[^"]+"[^>]*>/);
    expect(html).toContain('src="/media/avatars/maya.webp"');
    expect(html).not.toContain('curator-skeleton');
    expect(html).toContain('Night &lt;drive&gt;');
    // The first screen only, as the app's first render: one card.
    expect(html).not.toContain('Josie number 2');
    expect(html).toContain('data-theme="vibrant"');
    expect(html).not.toContain('<script');
  });

  it('renders it in Hebrew', () => {
    const html = renderHomeFeedPage(answers, 'he');
    expect(html).toContain('היי, Dana &lt;Levi&gt;');
    expect(html).not.toContain('Your Feed');
  });

  it('draws a read without its answer as the browser does while it loads', () => {
    const html = renderHomeFeedPage({ '/api/users/me': user }, 'en');
    expect(html).toContain('curator-skeleton');
    expect(html).toContain('role="status"');
  });

  it('refuses answers without a user', () => {
    expect(() => renderHomeFeedPage({}, 'en')).toThrow('/api/users/me');
  });
});
