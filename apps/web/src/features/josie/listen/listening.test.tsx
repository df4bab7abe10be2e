import type { ItemLink, Josie } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { json, type StubRoute } from '../../../test/fetchStub';
import { makeSession } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { makeItemLink as link, makeJosie, SPOTIFY_TRACK, YOUTUBE_VIDEO } from '../testing';
import { LISTEN_PROVIDER_KEY } from './provider';

const YOUTUBE_MATCH = 'https://www.youtube.com/watch?v=4NRXx6U8ABQ';
const SPOTIFY_MATCH = 'https://open.spotify.com/track/0VjIjW4GlUZAMYd2vXMi3b';

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
    // Spotify is offered by "Play the original on Spotify": not a second time in "Also on".
    expect(links.map((a) => a.textContent)).toEqual(['Apple Music', 'Amazon Music']);
    expect(links[0]).toHaveAccessibleName('Apple Music (opens in a new tab)');
    expect(links[0]).toHaveAttribute('target', '_blank');
    // A signed-in listener chooses in their account, not here.
    expect(within(audio).queryByRole('button', { name: 'YouTube' })).toBeNull();

    await user.click(within(audio).getByRole('button', { name: 'Play the original on Spotify' }));
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toHaveAttribute(
      'src',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    );
    expect(within(audio).queryByRole('button', { name: 'Play Nightcall on YouTube' })).toBeNull();
    // Now "Play on YouTube" offers YouTube, and "Also on" the rest.
    expect(
      within(within(audio).getByRole('list', { name: 'Also on' }))
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Apple Music', 'Amazon Music']);
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
    // YouTube is offered by "Play the original on YouTube", and there is nothing else: no "Also on".
    expect(within(audio).getByRole('button', { name: 'Play the original on YouTube' })).toBeInTheDocument();
    expect(within(audio).queryByRole('list', { name: 'Also on' })).toBeNull();
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
    expect(screen.getByRole('list', { name: 'זמין גם ב־' })).not.toHaveTextContent('Spotify');
  });
});

/** A josie with a video and an audio item of `from` (its `links` found), both of one recording. */
function videoAndAudio(from: 'spotify' | 'youtube', video: string, links: ItemLink[]): Josie {
  const url = from === 'spotify' ? SPOTIFY_TRACK : YOUTUBE_VIDEO;
  return makeJosie({
    _id: 'j1',
    paragraphs: [
      {
        type: 'video',
        content: {
          url: video,
          title: 'Nightcall (video)',
          thumbnailUrl: null,
          channelTitle: '',
          id: 'v',
          type: 'video',
        },
      },
      {
        type: 'audioItem',
        content: { name: 'Nightcall', type: 'track', url, provider: from, image: null, artist: 'Kavinsky' },
      },
    ],
    listen: [
      {
        itemUrl: video,
        kind: 'video',
        title: 'Nightcall (video)',
        artistName: '',
        thumbnailUrl: null,
        links: [link('youtube', video, 'original')],
      },
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

describe('one recording, one player', () => {
  it('plays a YouTube audio item that is the josie’s video once: in the video', async () => {
    renderApp('/josie/j1', {
      session: youtubeListener(),
      routes: [get(videoAndAudio('youtube', YOUTUBE_VIDEO, []))],
    });
    const audio = await card();
    expect(
      await screen.findByRole('button', { name: 'Play: YouTube video: Nightcall (video)' }),
    ).toBeInTheDocument();
    expect(within(audio).queryByRole('button', { name: /^Play/ })).toBeNull();
    expect(within(audio).getByText('This song plays in the video.')).toBeInTheDocument();
  });

  it('plays a Spotify item whose YouTube counterpart is the video once, whatever the service', async () => {
    const josie = videoAndAudio('spotify', YOUTUBE_MATCH, [link('youtube', YOUTUBE_MATCH)]);
    for (const session of [youtubeListener(), spotifyListener()]) {
      const { unmount } = renderApp('/josie/j1', { session, routes: [get(josie)] });
      const audio = await card();
      expect(
        await screen.findByRole('button', { name: 'Play: YouTube video: Nightcall (video)' }),
      ).toBeInTheDocument();
      expect(within(audio).queryByRole('button', { name: /^Play/ })).toBeNull();
      expect(within(audio).queryByTitle(/player/)).toBeNull();
      unmount();
    }
  });

  it('keeps two players for a video and a song that are not one recording', async () => {
    renderApp('/josie/j1', {
      session: spotifyListener(),
      routes: [get(videoAndAudio('spotify', YOUTUBE_MATCH, []))],
    });
    const audio = await card();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
    expect(within(audio).queryByText('This song plays in the video.')).toBeNull();
  });

  it('says so in Hebrew', async () => {
    localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      session: youtubeListener(),
      routes: [get(videoAndAudio('youtube', YOUTUBE_VIDEO, []))],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    expect(await screen.findByText('השיר הזה מתנגן בסרטון.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

/** A josie whose one Spotify track was stored without a name or artist; the resolver found `title`, `artist`. */
function unnamed(title: string, artist: string): Josie {
  const josie = josieWith('spotify', []);
  return {
    ...josie,
    paragraphs: [
      {
        type: 'audioItem',
        content: { name: '', type: 'track', url: SPOTIFY_TRACK, provider: 'spotify', image: null },
      },
    ],
    listen: [{ ...josie.listen![0]!, title, artistName: artist }],
  };
}

describe('an item stored without a name', () => {
  it("takes the resolver's title and artist for its label and its search", async () => {
    renderApp('/josie/j1', { session: youtubeListener(), routes: [get(unnamed('Nightcall', 'Kavinsky'))] });
    const audio = await card();
    expect(within(audio).getByText('Kavinsky')).toBeInTheDocument();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
    expect(await within(audio).findByRole('link', { name: 'Find on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/results?search_query=Nightcall%20Kavinsky',
    );
  });

  it('offers no empty search when nothing is known of it', async () => {
    renderApp('/josie/j1', { session: youtubeListener(), routes: [get(unnamed('', ''))] });
    const audio = await screen.findByRole('article', { name: 'Audio: Track on Spotify' }, { timeout: 5000 });
    expect(within(audio).getByTitle('Spotify player: Track on Spotify')).toBeInTheDocument();
    expect(within(audio).queryByRole('link', { name: 'Find on YouTube' })).toBeNull();
  });

  it("reads the resolver's title in Hebrew", async () => {
    localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      session: youtubeListener(),
      routes: [get(unnamed('Nightcall', 'Kavinsky'))],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    const audio = await screen.findByRole('article', { name: 'אודיו: Nightcall' }, { timeout: 5000 });
    expect(await within(audio).findByRole('link', { name: 'חיפוש ב־YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/results?search_query=Nightcall%20Kavinsky',
    );
  });
});

describe('a listener on a service whose player Josie embeds (decision 0022, amendment of 2026-12-05)', () => {
  const listenerOn = (activeProvider: 'appleMusic' | 'deezer' | 'tidal' | 'soundcloud' | 'youtubeMusic') =>
    makeSession('listener', { activeProvider });

  it.each([
    [
      'appleMusic',
      'Apple Music',
      'https://music.apple.com/us/album/nightcall/1000000?i=1000001',
      'https://embed.music.apple.com/us/album/nightcall/1000000?i=1000001',
      '175',
    ],
    [
      'deezer',
      'Deezer',
      'https://www.deezer.com/track/3135556',
      'https://widget.deezer.com/widget/auto/track/3135556',
      '300',
    ],
    [
      'tidal',
      'TIDAL',
      'https://listen.tidal.com/track/1766030',
      'https://embed.tidal.com/tracks/1766030',
      '122',
    ],
    [
      'soundcloud',
      'SoundCloud',
      'https://soundcloud.com/kavinsky/nightcall',
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fsoundcloud.com%2Fkavinsky%2Fnightcall',
      '166',
    ],
  ] as const)(
    'plays a Spotify item in the %s player, with its link and the way back',
    async (service, name, url, src, height) => {
      const { user } = renderApp('/josie/j1', {
        session: listenerOn(service),
        routes: [get(josieWith('spotify', [link('youtube', YOUTUBE_MATCH), link(service, url)]))],
      });
      const audio = await card();
      const player = await within(audio).findByTitle(`${name} player: Nightcall`);
      expect(player.tagName).toBe('IFRAME');
      expect(player).toHaveAttribute('src', src);
      expect(player).toHaveAttribute('height', height);
      expect(player).toHaveAttribute('loading', 'lazy');
      expect(player).toHaveAttribute('allow');
      expect(within(audio).queryByTitle('Spotify player: Nightcall')).toBeNull();
      expect(
        await within(audio).findByText(`Playing on ${name} · originally shared from Spotify`),
      ).toBeInTheDocument();
      expect(
        within(audio).getByRole('link', { name: `Listen on ${name} (opens in a new tab)` }),
      ).toHaveAttribute('href', url);
      // Not offered twice: the Also on list has the rest.
      expect(
        within(within(audio).getByRole('list', { name: 'Also on' }))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['YouTube']);

      await user.click(within(audio).getByRole('button', { name: 'Play the original on Spotify' }));
      expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
      expect(within(audio).queryByTitle(`${name} player: Nightcall`)).toBeNull();
      await user.click(within(audio).getByRole('button', { name: `Play on ${name}` }));
      expect(within(audio).getByTitle(`${name} player: Nightcall`)).toHaveAttribute('src', src);
    },
  );

  it("plays YouTube Music's counterpart in the YouTube player, named after YouTube Music", async () => {
    renderApp('/josie/j1', {
      session: listenerOn('youtubeMusic'),
      routes: [
        get(josieWith('spotify', [link('youtubeMusic', 'https://music.youtube.com/watch?v=4NRXx6U8ABQ')])),
      ],
    });
    const audio = await card();
    expect(
      await within(audio).findByRole('button', { name: 'Play Nightcall on YouTube Music' }),
    ).toBeInTheDocument();
    expect(within(audio).queryByTitle('Spotify player: Nightcall')).toBeNull();
    expect(
      await within(audio).findByText('Playing on YouTube Music · originally shared from Spotify'),
    ).toBeInTheDocument();
  });

  it('keeps the original player and the link alone when the link gives no player', async () => {
    renderApp('/josie/j1', {
      session: listenerOn('deezer'),
      routes: [get(josieWith('spotify', [link('deezer', 'https://deezer.page.link/abcdef')]))],
    });
    const audio = await card();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
    expect(
      await within(audio).findByRole('link', { name: 'Listen on Deezer (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://deezer.page.link/abcdef');
    expect(document.querySelector('iframe[src*="deezer"]')).toBeNull();
    expect(within(audio).queryByText(/Playing on/)).toBeNull();
  });

  it('plays a song that is the josie’s video once: in the video, not in the service’s player', async () => {
    renderApp('/josie/j1', {
      session: listenerOn('deezer'),
      routes: [
        get(
          videoAndAudio('spotify', YOUTUBE_MATCH, [
            link('youtube', YOUTUBE_MATCH),
            link('deezer', 'https://www.deezer.com/track/3135556'),
          ]),
        ),
      ],
    });
    const audio = await card();
    expect(
      await screen.findByRole('button', { name: 'Play: YouTube video: Nightcall (video)' }),
    ).toBeInTheDocument();
    expect(within(audio).queryByTitle(/player/)).toBeNull();
    expect(within(audio).getByText('This song plays in the video.')).toBeInTheDocument();
  });

  it('reads in Hebrew', async () => {
    localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      session: listenerOn('deezer'),
      routes: [get(josieWith('spotify', [link('deezer', 'https://www.deezer.com/track/3135556')]))],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    expect(await screen.findByTitle('נגן Deezer: Nightcall', {}, { timeout: 5000 })).toHaveAttribute(
      'src',
      'https://widget.deezer.com/widget/auto/track/3135556',
    );
    expect(await screen.findByText('מתנגן ב־Deezer · שותף במקור מ־Spotify')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ניגון המקור ב־Spotify' })).toBeInTheDocument();
  });
});

describe('a listener on a service without a player here', () => {
  const AMAZON = 'https://music.amazon.com/albums/B0123456?trackAsin=B1234567';
  const amazonListener = () => makeSession('listener', { activeProvider: 'amazonMusic' });

  it('keeps the original player and offers the item on their service first (Amazon Music: no player)', async () => {
    renderApp('/josie/j1', {
      session: amazonListener(),
      routes: [get(josieWith('spotify', [link('youtube', YOUTUBE_MATCH), link('amazonMusic', AMAZON)]))],
    });
    const audio = await card();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
    const there = await within(audio).findByRole('link', {
      name: 'Listen on Amazon Music (opens in a new tab)',
    });
    expect(there).toHaveAttribute('href', AMAZON);
    expect(there).toHaveAttribute('target', '_blank');
    const alsoOn = within(audio).getByRole('list', { name: 'Also on' });
    expect(
      within(alsoOn)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['YouTube']);
    expect(within(audio).queryByText(/Playing on/)).toBeNull();
    expect(within(audio).getAllByTitle(/player/)).toHaveLength(1);
  });

  it('falls back to the original when their service has no link to it', async () => {
    renderApp('/josie/j1', {
      session: makeSession('listener', { activeProvider: 'tidal' }),
      routes: [get(josieWith('spotify', [link('youtube', YOUTUBE_MATCH)]))],
    });
    const audio = await card();
    expect(within(audio).getByTitle('Spotify player: Nightcall')).toBeInTheDocument();
    expect(await within(audio).findByRole('list', { name: 'Also on' })).toHaveTextContent('YouTube');
    expect(within(audio).queryByRole('link', { name: /TIDAL/ })).toBeNull();
    expect(within(audio).queryByRole('link', { name: /Find on/ })).toBeNull();
  });

  it('reads in Hebrew', async () => {
    localStorage.setItem('i18nextLng', 'he');
    renderApp('/josie/j1', {
      flags: { language_select: 'true' },
      session: amazonListener(),
      routes: [get(josieWith('spotify', [link('amazonMusic', AMAZON)]))],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    expect(
      await screen.findByRole(
        'link',
        { name: 'האזנה ב־Amazon Music (נפתח בכרטיסייה חדשה)' },
        { timeout: 5000 },
      ),
    ).toHaveAttribute('href', AMAZON);
  });
});
