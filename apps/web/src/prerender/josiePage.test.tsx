// @vitest-environment node
// The server renders these pages in Node: no document, window or storage.
import type { Josie } from '@josie/contract';
import { describe, expect, it } from 'vitest';
import { makeJosie, SPOTIFY_TRACK } from '../features/josie/testing';
import { renderJosiePage } from './josiePage';

const josie = makeJosie({
  _id: 'j1',
  title: 'Night <drive>',
  paragraphs: [{ type: 'text', content: '<script>alert(1)</script> first paragraph' }],
});

describe("the server's first paint of a josie page (docs/performance.md)", () => {
  it("renders a visitor's josie view in English: hero, title, text as text, the sign-in link to follow", () => {
    const html = renderJosiePage(josie, 'en', '/josie/j1');
    expect(html).toContain('Night &lt;drive&gt;</h1>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; first paragraph');
    expect(html).not.toContain('<script');
    expect(html).toContain('Curated by');
    // A visitor's follow button is the link to sign in.
    expect(html).toMatch(/<a[^>]+href="\/login"[^>]*>.*Log in to follow/);
    // No song, no count (docs/product/rules-and-limits.md).
    expect(html).not.toContain('0 songs');
  });

  it("leaves a Spotify player's frame to the browser (loaded once, by the app)", () => {
    const withPlayer = makeJosie({
      paragraphs: [
        {
          type: 'audioItem',
          content: { name: 'Nightcall', type: 'track', url: SPOTIFY_TRACK, provider: 'spotify', image: null },
        },
      ],
    });
    const html = renderJosiePage(withPlayer, 'en', '/josie/j1');
    expect(html).toContain('Nightcall');
    expect(html).toContain('1 song');
    expect(html).not.toContain('<iframe');
  });

  it('renders it in Hebrew', () => {
    const html = renderJosiePage(josie, 'he', '/josie/j1');
    expect(html).toContain('באוצרות של');
    expect(html).not.toContain('Curated by');
  });

  it('renders a josie whose creator is missing and whose paragraphs are not a list (docs/product/routes-and-roles.md#josie-page)', () => {
    const broken = { ...josie, creator: null, paragraphs: { 0: josie.paragraphs[0] } } as unknown as Josie;
    const en = renderJosiePage(broken, 'en', '/josie/j1');
    expect(en).toContain('Unknown Curator');
    expect(en).not.toContain('0 songs');
    expect(en).not.toContain('first paragraph');
    expect(renderJosiePage(broken, 'he', '/josie/j1')).toContain('אוצר/ת לא ידוע/ה');
  });

  it('renders legacy image1 and video1 paragraphs', () => {
    const legacy = {
      ...josie,
      paragraphs: [
        { type: 'image1', content: '/media/josies/night.webp' },
        {
          type: 'video1',
          content: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Midnight' },
        },
      ],
    } as unknown as Josie;
    const html = renderJosiePage(legacy, 'en', '/josie/j1');
    expect(html).toContain('src="/media/josies/night.webp"');
    expect(html).toContain('data-video-embed="youtube"');
  });
});
