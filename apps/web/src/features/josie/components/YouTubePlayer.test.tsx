import type { VideoRef } from '@josie/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n';
import { VideoEmbed } from './VideoEmbed';
import { YOUTUBE_PLAYER_HOST, YOUTUBE_PLAYER_READY_TIMEOUT_MS, YouTubePlayer } from './YouTubePlayer';
import { createYouTubeApiLoader, type YouTubeApi } from './youtubeApi';

const VIDEO: VideoRef = {
  type: 'video',
  id: 'dQw4w9WgXcQ',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
};
const PLAYLIST: VideoRef = {
  type: 'playlist',
  id: 'PLMC9KNkIncKtPzgY-5rmhvj7fax8fdxoj',
  url: 'https://www.youtube.com/playlist?list=PLMC9KNkIncKtPzgY-5rmhvj7fax8fdxoj',
};

/**
 * A fake `window.YT`: each `new Player(element, options)` swaps the element for an iframe, as the real API
 * does, and lets the test fire the player's events.
 */
function fakeYouTube() {
  const players: FakePlayer[] = [];
  class FakePlayer {
    readonly iframe = document.createElement('iframe');
    readonly destroy = vi.fn(() => this.iframe.remove());
    constructor(
      element: HTMLElement,
      readonly options: YT.PlayerOptions,
    ) {
      element.replaceWith(this.iframe);
      players.push(this);
    }
    getIframe() {
      return this.iframe;
    }
    fire(name: 'onReady' | 'onStateChange' | 'onError', data?: number) {
      const handler = this.options.events?.[name] as
        | ((event: { target: unknown; data?: number }) => void)
        | undefined;
      act(() => handler?.({ target: this, data }));
    }
  }
  const api = {
    Player: FakePlayer,
    PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
  } as unknown as YouTubeApi;
  return { api, players };
}

const state = () => document.querySelector('[data-player="youtube"]')?.getAttribute('data-state');

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'YT');
});

describe('YouTubePlayer (docs/product/rules-and-limits.md#player, docs/product/messages.md#player)', () => {
  it('waits for the API, becomes ready, then follows playing and not playing', async () => {
    const { api, players } = fakeYouTube();
    const onPlayingChange = vi.fn();
    render(
      <YouTubePlayer
        video={VIDEO}
        title="YouTube video: Take On Me"
        loadApi={() => Promise.resolve(api)}
        onPlayingChange={onPlayingChange}
      />,
    );
    expect(state()).toBe('loading');
    expect(screen.getByText('Loading the YouTube player…')).toBeInTheDocument();
    await act(() => Promise.resolve());

    const [player] = players;
    expect(player?.options).toMatchObject({
      videoId: VIDEO.id,
      host: YOUTUBE_PLAYER_HOST,
      playerVars: { origin: window.location.origin, rel: 0 },
    });
    expect(player?.options.playerVars).not.toHaveProperty('list');
    expect(screen.getByTitle('YouTube video: Take On Me').tagName).toBe('IFRAME');

    player?.fire('onReady');
    expect(state()).toBe('ready');
    expect(screen.queryByText('Loading the YouTube player…')).not.toBeInTheDocument();
    player?.fire('onStateChange', 3); // buffering before the start: nothing to report
    expect(state()).toBe('ready');
    player?.fire('onStateChange', 1);
    expect(state()).toBe('playing');
    player?.fire('onStateChange', 3); // a stall mid-song is not a pause
    expect(state()).toBe('playing');
    player?.fire('onStateChange', 2);
    expect(state()).toBe('paused');
    expect(onPlayingChange.mock.calls).toEqual([[true], [false]]);
  });

  it('plays a playlist as a playlist and destroys the player when it leaves', async () => {
    const { api, players } = fakeYouTube();
    const { unmount } = render(
      <YouTubePlayer video={PLAYLIST} title="Playlist" loadApi={() => Promise.resolve(api)} />,
    );
    await act(() => Promise.resolve());
    expect(players[0]?.options.videoId).toBeUndefined();
    expect(players[0]?.options.playerVars).toMatchObject({ listType: 'playlist', list: PLAYLIST.id });
    unmount();
    expect(players[0]?.destroy).toHaveBeenCalledOnce();
  });

  it.each([
    [2, 'This video link has an invalid parameter.', false],
    [5, 'This video cannot be played in the HTML5 player.', false],
    [100, 'This video was not found. It may have been removed or made private.', false],
    [101, 'The owner of this video does not allow it to be played on other sites.', true],
    [150, 'The owner of this video does not allow it to be played on other sites.', true],
    [153, 'The video could not be played (error 153).', false],
  ])('shows the message of player error %i', async (code, message, offersLink) => {
    const { api, players } = fakeYouTube();
    const onPlayingChange = vi.fn();
    render(
      <YouTubePlayer
        video={VIDEO}
        title="Video"
        loadApi={() => Promise.resolve(api)}
        onPlayingChange={onPlayingChange}
      />,
    );
    await act(() => Promise.resolve());
    players[0]?.fire('onReady');
    players[0]?.fire('onError', code);
    expect(state()).toBe('error');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    const link = screen.queryByRole('link', { name: 'Open in YouTube' });
    if (offersLink) expect(link).toHaveAttribute('href', VIDEO.url);
    else expect(link).not.toBeInTheDocument();
    expect(onPlayingChange).toHaveBeenLastCalledWith(false);
  });

  it('offers to open the video on YouTube after 3 failed retries 3 seconds apart', async () => {
    vi.useFakeTimers();
    const scripts: HTMLScriptElement[] = [];
    const loadApi = createYouTubeApiLoader({
      injectScript: (src) => {
        const script = document.createElement('script');
        script.src = src;
        scripts.push(script);
        // The network refuses every attempt.
        queueMicrotask(() => script.dispatchEvent(new Event('error')));
        return script;
      },
    });
    render(<YouTubePlayer video={VIDEO} title="Video" loadApi={loadApi} />);
    await act(() => vi.advanceTimersByTimeAsync(8_999));
    expect(scripts).toHaveLength(3);
    expect(state()).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(scripts).toHaveLength(4);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(state()).toBe('unavailable');
    expect(screen.getByRole('alert')).toHaveTextContent('The YouTube player could not be loaded.');
    expect(screen.getByRole('link', { name: 'Open in YouTube' })).toHaveAttribute('href', VIDEO.url);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('offers the link when the API loaded but the player never becomes ready (its frame does not load)', async () => {
    vi.useFakeTimers();
    const { api, players } = fakeYouTube();
    render(<YouTubePlayer video={VIDEO} title="Video" loadApi={() => Promise.resolve(api)} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(players).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(YOUTUBE_PLAYER_READY_TIMEOUT_MS - 1));
    expect(state()).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(state()).toBe('unavailable');
    expect(screen.getByRole('link', { name: 'Open in YouTube' })).toHaveAttribute('href', VIDEO.url);
    // The stalled player is taken down, so a late frame cannot start playing behind the message.
    expect(players[0]?.destroy).toHaveBeenCalled();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('offers the link when the API cannot build a player', async () => {
    const api = {
      Player: class {
        constructor() {
          throw new Error('YT.Player is half loaded');
        }
      },
      PlayerState: {},
    } as unknown as YouTubeApi;
    render(<YouTubePlayer video={VIDEO} title="Video" loadApi={() => Promise.resolve(api)} />);
    await act(() => Promise.resolve());
    expect(state()).toBe('unavailable');
    expect(screen.getByRole('link', { name: 'Open in YouTube' })).toHaveAttribute('href', VIDEO.url);
  });

  it('speaks Hebrew', async () => {
    await i18n.changeLanguage('he');
    render(
      <YouTubePlayer video={VIDEO} title="Video" loadApi={() => Promise.reject(new Error('offline'))} />,
    );
    await act(() => Promise.resolve());
    expect(screen.getByRole('alert')).toHaveTextContent('לא ניתן לטעון את נגן YouTube.');
    expect(screen.getByRole('link', { name: 'פתיחה ב־YouTube' })).toHaveAttribute('href', VIDEO.url);
  });
});

describe('VideoEmbed', () => {
  it('shows the picture and a play button, and loads no player until the reader presses play', async () => {
    const { api, players } = fakeYouTube();
    window.YT = api;
    const user = userEvent.setup();
    render(
      <VideoEmbed video={{ url: 'https://youtu.be/dQw4w9WgXcQ?si=x', title: 'Never Gonna Give You Up' }} />,
    );
    const play = screen.getByRole('button', { name: 'Play: YouTube video: Never Gonna Give You Up' });
    const box = document.querySelector('[data-video-embed="youtube"]');
    expect(box?.querySelector('img')).toHaveAttribute(
      'src',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    // However long the page stays open, nothing of the player is there before play.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(players).toHaveLength(0);
    expect(document.querySelector('[data-player]')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();

    // From the keyboard: the button takes focus, Enter plays.
    await user.tab();
    expect(play).toHaveFocus();
    await user.keyboard('{Enter}');
    await screen.findByTitle('YouTube video: Never Gonna Give You Up');
    expect(players).toHaveLength(1);
    expect(players[0]?.options.videoId).toBe('dQw4w9WgXcQ');
    expect(players[0]?.options.playerVars).toMatchObject({ autoplay: 1 });
    expect(screen.queryByRole('button', { name: /^Play/ })).toBeNull();
    // The reader's place is kept: the box, then the player's frame once it is ready.
    expect(box).toHaveFocus();
    players[0]?.fire('onReady');
    expect(players[0]?.iframe).toHaveFocus();
    expect(state()).toBe('ready');
  });

  it('shows a playlist without a picture, and says play in Hebrew', async () => {
    await i18n.changeLanguage('he');
    render(
      <VideoEmbed
        video={{ url: 'https://www.youtube.com/playlist?list=PLMC9KNkIncKtPzgY-5rmhvj7fax8fdxoj' }}
      />,
    );
    expect(screen.getByRole('button', { name: 'ניגון: סרטון YouTube' })).toBeInTheDocument();
    expect(document.querySelector('[data-video-embed] img')).toBeNull();
  });

  it('keeps the Spotify embed for a Spotify link and renders nothing for other links', () => {
    const { container, rerender } = render(
      <VideoEmbed video={{ url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' }} />,
    );
    expect(container.querySelector('iframe')).toHaveAttribute(
      'src',
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
    );
    rerender(<VideoEmbed video={{ url: 'https://example.com/clip.mp4' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
