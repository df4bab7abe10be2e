// @vitest-environment node
// The server renders these pages in Node: no document, window or storage.
import { PAGE_QUERY_KEYS } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { feedPage, makeCuratorCard, makeJosie, preferencesAnswer } from '../features/feed/fixtures';
import { firstPaintState, type PageAnswer } from '../test/firstPaint';
import { makeUser } from '../test/fixtures';
import { renderHomeFeedPage } from './homeFeedPage';

const user = makeUser({ name: 'Dana <Levi>', role: 'listener' });
const me: PageAnswer = [PAGE_QUERY_KEYS.servedUser, user];
const first = feedPage([makeJosie(1, { title: 'Night <drive>' }), makeJosie(2), makeJosie(3), makeJosie(4)]);
// As the server writes the page's answers (`apps/server/src/modules/feed/home-page.ts`).
const answers = firstPaintState(
  me,
  [PAGE_QUERY_KEYS.feedPages('following'), { pages: [first.data], pageParams: [null] }, 'infinite'],
  [PAGE_QUERY_KEYS.curatorStrip, [makeCuratorCard(1, { name: 'Maya', avatar: '/media/avatars/maya.webp' })]],
  [PAGE_QUERY_KEYS.preferences, preferencesAnswer('vibrant')],
);

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
    const html = renderHomeFeedPage(firstPaintState(me), 'en');
    expect(html).toContain('curator-skeleton');
    expect(html).toContain('role="status"');
  });

  it('refuses answers without a user', () => {
    expect(() => renderHomeFeedPage(firstPaintState(), 'en')).toThrow('/api/users/me');
  });
});
