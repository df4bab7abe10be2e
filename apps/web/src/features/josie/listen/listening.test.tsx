import type { ItemLink, Josie } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { json, type StubRoute } from '../../../test/fetchStub';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { makeJosie, SPOTIFY_TRACK, YOUTUBE_VIDEO } from '../testing';
import { LISTEN_PROVIDER_KEY } from './provider';

const YOUTUBE_MATCH = 'https://www.youtube.com/watch?v=4NRXx6U8ABQ';
const SPOTIFY_MATCH = 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b';
const link = (
  platform: ItemLink['platform'],
  url: string,
  source: ItemLink['source'] = 'odesli',
): ItemLink => ({
  platform,
  url,
  source,
  confidence: null,
});

/** A josie whose one audio item comes from `from`, with `links` found for it. */
function josieWith(from: 'spotify' | 'youtube', links: ItemLink[]): Josie {
  const url = from === 'spotify' ? SPOTIFY_TRACK : YOUTUBE_VIDEO;
  return makeJosie({
    _id: 'j1',
    paragraphs: [
      { type: 'text', content: 'Songs for the road.' },
      {
        type: 'audioItem',
        content: { name: 'Nightcall', type: 'track', url, provider: from, image: null, artist: 'Kavinsky' },
      },
    ],
    listen: [
      {
        itemUrl: url,
        kind: 'audio',
        title: 'Nightcall',
        artistName: 'Kavinsky',
        thumbnailUrl: null,
        links: [link(from, url, 'original'), ...links],
      },
    ],
  });
}

const get = (josie: Josie): StubRoute => ({
  method: 'GET',
  path: '/api/josies/j1',
  reply: () => json(200, josie),
});
const youtubeListener = () => makeSession('listener', { activeProvider: 'google' });
const spotifyListener = () => makeSession('listener', { activeProvider: 'spotify' });
const card = () => screen.findByRole('article', { name: 'Audio: Nightcall' }, { timeout: 5000 });

beforeAll(async () => {
  await import('../JosieViewPage');
});

beforeEach(() => {
  // happy-dom never reports an element in view: here everything is. The YouTube player waits for its play
  // button (it is tested in components/YouTubePlayer.test.tsx).
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        if (element.hasAttribute('data-video-embed')) return;
        queueMicrotask(() =>
          this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never),
        );
      }
      disconnect() {}
      unobserve() {}
    },
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.removeItem(LISTEN_PROVIDER_KEY);
  localStorage.removeItem('i18nextLng');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});

describe('the player follows the listener (docs/decisions/0022-listen-on-your-own-service.md)', () => {
  it('plays a Spotify item on YouTube for a YouTube listener, lists Also on, and switches back', async () => {
    const { user } = renderApp('/josie/j1', {
      session: youtubeListener(),
      routes: [
        get(
          josieWith('spotify', [
            link('youtube', YOUTUBE_MATCH),
            link('appleMusic', 'https://music.apple.com/us/song/1'),
            link('amazonMusic', 'https://music.amazon.com/tracks/1'),
          ]),
        ),
      ],
    });
    const audio = await card();
    expect(within(audio).getByRole('button', { name: 'Play Nightcall on YouTube' })).toBeInTheDocument();
    expect(within(audio).queryByTitle('Spotify player: Nightcall')).toBeNull();
    expect(
      await within(audio).findByText('Playing on YouTube · originally shared from Spotify'),
    ).toBeInTheDocument();
    const alsoOn = within(audio).getByRole('list', { name: 'Also on' });
    const links = within(alsoOn).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Spotify', 'Apple Music', 'Amazon Music']);
    expect(links[0]).toHaveAttribute('href', SPOTIFY_TRACK);
    expect(links[1]).toHaveAccessibleName('Apple Music (opens in a new tab)');
    expect(links[1]).toHaveAttribute('target', '_blank');
    // A signed-in listener chooses in their account, not here.
    expect(within(audio).queryByRole('button', { name: 'YouTube' })).toBeNull();

    await user.click(within(audio).getByRole('button', { name: 'Play the original on Spotify' }));
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toHaveAttribute(
      'src',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    );
    expect(within(audio).queryByRole('button', { name: 'Play Nightcall on YouTube' })).toBeNull();
    await user.click(within(audio).getByRole('button', { name: 'Play on YouTube' }));
    expect(within(audio).getByRole('button', { name: 'Play Nightcall on YouTube' })).toBeInTheDocument();
  });

  it('keeps the Spotify player for a YouTube listener with no match, and offers a search on YouTube', async () => {
    renderApp('/josie/j1', { session: youtubeListener(), routes: [get(josieWith('spotify', []))] });
    const audio = await card();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
    const find = await within(audio).findByRole('link', { name: 'Find on YouTube' });
    expect(find).toHaveAttribute('href', 'https://www.youtube.com/results?search_query=Nightcall%20Kavinsky');
    expect(within(audio).queryByText(/Playing on/)).toBeNull();
  });

  it('plays a YouTube item on Spotify for a Spotify listener when there is a match', async () => {
    renderApp('/josie/j1', {
      session: spotifyListener(),
      routes: [get(josieWith('youtube', [link('spotify', SPOTIFY_MATCH, 'curator')]))],
    });
    const audio = await card();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toHaveAttribute(
      'src',
      'https://open.spotify.com/embed/track/0VjIjW4GlUZAMYd2vXMi3b',
    );
    expect(
      await within(audio).findByText('Playing on Spotify · originally shared from YouTube'),
    ).toBeInTheDocument();
    expect(within(audio).getByRole('list', { name: 'Also on' })).toHaveTextContent('YouTube');
  });

  it('keeps the YouTube player for a Spotify listener with no match, and offers a search on Spotify', async () => {
    renderApp('/josie/j1', { session: spotifyListener(), routes: [get(josieWith('youtube', []))] });
    const audio = await card();
    expect(within(audio).getByRole('button', { name: 'Play Nightcall on YouTube' })).toBeInTheDocument();
    expect(await within(audio).findByRole('link', { name: 'Find on Spotify' })).toHaveAttribute(
      'href',
      'https://open.spotify.com/search/Nightcall%20Kavinsky',
    );
  });

  it('plays the original for a listener already on its service, with Also on links', async () => {
    renderApp('/josie/j1', {
      session: spotifyListener(),
      routes: [get(josieWith('spotify', [link('deezer', 'https://www.deezer.com/track/1')]))],
    });
    const audio = await card();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
    const alsoOn = await within(audio).findByRole('list', { name: 'Also on' });
    expect(within(alsoOn).getByRole('link', { name: 'Deezer (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://www.deezer.com/track/1',
    );
    expect(within(audio).queryByRole('link', { name: /Find on/ })).toBeNull();
  });
});

describe("a visitor's choice, kept in this browser", () => {
  it('starts on Spotify and switches to YouTube, remembered for the next visit', async () => {
    const josie = josieWith('spotify', [link('youtube', YOUTUBE_MATCH)]);
    const first = renderApp('/josie/j1', { routes: [get(josie)] });
    let audio = await card();
    const spotify = await within(audio).findByRole('button', { name: 'Spotify' });
    expect(spotify).toHaveAttribute('aria-pressed', 'true');
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();

    await first.user.click(within(audio).getByRole('button', { name: 'YouTube' }));
    expect(localStorage.getItem(LISTEN_PROVIDER_KEY)).toBe('youtube');
    expect(within(audio).getByRole('button', { name: 'YouTube' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(audio).getByRole('button', { name: 'Play Nightcall on YouTube' })).toBeInTheDocument();
    first.unmount();

    renderApp('/josie/j1', { routes: [get(josie)] });
    audio = await card();
    await waitFor(() =>
      expect(within(audio).getByRole('button', { name: 'Play Nightcall on YouTube' })).toBeInTheDocument(),
    );
    expect(within(audio).getByRole('button', { name: 'YouTube' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('reads in Hebrew', async () => {
    localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      session: youtubeListener(),
      routes: [
        get(josieWith('spotify', [link('youtube', YOUTUBE_MATCH), link('tidal', 'https://tidal.com/1')])),
      ],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    expect(
      await screen.findByText('מתנגן ב־YouTube · שותף במקור מ־Spotify', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ניגון המקור ב־Spotify' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'זמין גם ב־' })).toHaveTextContent('TIDAL');
  });
});
