import type { Josie } from '@josie/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StaticSessionProvider } from '../../session/SessionProvider';
import { installFetchStub, json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { JosieParagraphs } from './components/JosieParagraphs';
import { LISTEN_PROVIDER_KEY } from './listen/provider';
import { makeItemLink as link, makeJosie, SPOTIFY_TRACK, YOUTUBE_VIDEO } from './testing';

/**
 * The studio's reader events sent from a josie's players and links (docs/decisions/0050-curator-studio-counts.md):
 * `josie_play` on a press of play (the YouTube player's PLAYING, a press inside a cross-origin player),
 * `also_on_click` on an "Also on" link; never on render, never in the editor's preview or on a draft.
 */

const JOSIE_ID = '0190a0b0-0000-7000-8000-00000000a0e1';
const DEEZER = 'https://www.deezer.com/track/3135556';
const YOUTUBE_MATCH = 'https://www.youtube.com/watch?v=4NRXx6U8ABQ';

/** A josie of one Spotify track and one YouTube video, with the track's links on other services. */
function josie(overrides: Partial<Josie> = {}): Josie {
  return makeJosie({
    _id: JOSIE_ID,
    paragraphs: [
      {
        type: 'audioItem',
        content: {
          name: 'Nightcall',
          type: 'track',
          url: SPOTIFY_TRACK,
          provider: 'spotify',
          image: null,
          artist: 'Kavinsky',
        },
      },
      {
        type: 'video',
        content: {
          url: YOUTUBE_VIDEO,
          title: 'Take On Me',
          thumbnailUrl: null,
          channelTitle: 'a-ha',
          id: 'dQw4w9WgXcQ',
          type: 'video',
        },
      },
    ],
    listen: [
      {
        itemUrl: SPOTIFY_TRACK,
        kind: 'audio',
        title: 'Nightcall',
        artistName: 'Kavinsky',
        thumbnailUrl: null,
        links: [
          link('spotify', SPOTIFY_TRACK, 'original'),
          link('youtube', YOUTUBE_MATCH),
          link('deezer', DEEZER),
          link('appleMusic', 'https://music.apple.com/us/song/1'),
        ],
      },
    ],
    ...overrides,
  });
}

const get = (body: Josie): StubRoute => ({
  method: 'GET',
  path: `/api/josies/${body._id}`,
  reply: () => json(200, body),
});

/** The studio events the page sent, by name. */
function sent(stub: { calls(method: string, path: string): { body: unknown }[] }, name: string) {
  return stub
    .calls('POST', '/api/analytics/events')
    .map((call) => call.body as { name: string; params: Record<string, unknown> })
    .filter((body) => body.name === name);
}

/** The reader presses inside a cross-origin player: the frame takes the focus and the page's window loses it. */
async function pressInside(frame: HTMLElement) {
  await act(async () => {
    frame.focus();
    window.dispatchEvent(new Event('blur'));
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

/** A fake IFrame Player API on `window.YT` whose players the test drives (as in YouTubePlayer.test.tsx). */
function fakeYouTube() {
  const players: { fire(name: 'onStateChange', data: number): void }[] = [];
  class FakePlayer {
    readonly iframe = document.createElement('iframe');
    constructor(
      element: HTMLElement,
      readonly options: YT.PlayerOptions,
    ) {
      element.replaceWith(this.iframe);
      players.push(this);
      queueMicrotask(() => (this.options.events?.onReady as (() => void) | undefined)?.());
    }
    destroy() {
      this.iframe.remove();
    }
    fire(name: 'onStateChange', data: number) {
      const handler = this.options.events?.[name] as ((event: { data: number }) => void) | undefined;
      act(() => handler?.({ data }));
    }
  }
  window.YT = {
    Player: FakePlayer,
    PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
  } as unknown as typeof YT;
  return players;
}

beforeAll(async () => {
  await import('./JosieViewPage');
  await import('./components/YouTubePlayer');
});

beforeEach(() => {
  // happy-dom never reports an element in view: here everything is.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        queueMicrotask(() =>
          this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never),
        );
      }
      disconnect() {}
      unobserve() {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(LISTEN_PROVIDER_KEY);
  Reflect.deleteProperty(window, 'YT');
});

describe('josie_play from a cross-origin player (decision 0050)', () => {
  it('is sent once per press into the Spotify player, with the item and the service, never on render', async () => {
    const { stub } = renderApp(`/josie/${JOSIE_ID}`, { routes: [get(josie())] });
    const frame = await screen.findByTitle('Spotify player: Nightcall', undefined, { timeout: 5000 });
    await waitFor(() => expect(sent(stub, 'josie_view')).toHaveLength(1));
    expect(sent(stub, 'josie_play')).toHaveLength(0);

    await pressInside(frame);
    await waitFor(() => expect(sent(stub, 'josie_play')).toHaveLength(1));
    expect(sent(stub, 'josie_play')[0]?.params).toMatchObject({
      josie_id: JOSIE_ID,
      item: 'spotify:4uLU6hMCjMI75M1A2tKUQC',
      service: 'spotify',
    });

    // Back on the page, then into the player again: a second press (the server counts the first a day).
    await act(async () => frame.blur());
    await pressInside(frame);
    await waitFor(() => expect(sent(stub, 'josie_play')).toHaveLength(2));
  });

  it('is not sent when the window loses the focus to another tab or window', async () => {
    const { stub } = renderApp(`/josie/${JOSIE_ID}`, { routes: [get(josie())] });
    await screen.findByTitle('Spotify player: Nightcall', undefined, { timeout: 5000 });
    await act(async () => {
      window.dispatchEvent(new Event('blur'));
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    await waitFor(() => expect(sent(stub, 'josie_view')).toHaveLength(1));
    expect(sent(stub, 'josie_play')).toHaveLength(0);
  });

  it("counts the listener's own service by its name (Deezer's player), for the josie's item", async () => {
    const { stub } = renderApp(`/josie/${JOSIE_ID}`, {
      session: makeSession('listener', { activeProvider: 'deezer' }),
      routes: [get(josie())],
    });
    const frame = await screen.findByTitle('Deezer player: Nightcall', undefined, { timeout: 5000 });
    await pressInside(frame);
    await waitFor(() => expect(sent(stub, 'josie_play')).toHaveLength(1));
    expect(sent(stub, 'josie_play')[0]?.params).toMatchObject({
      josie_id: JOSIE_ID,
      item: 'spotify:4uLU6hMCjMI75M1A2tKUQC',
      service: 'deezer',
    });
  });
});

describe('josie_play from the YouTube player (decision 0050)', () => {
  it('is sent when the video starts playing, not on the press of its picture, and again after a pause', async () => {
    const players = fakeYouTube();
    const { stub, user } = renderApp(`/josie/${JOSIE_ID}`, { routes: [get(josie())] });
    await user.click(
      await screen.findByRole('button', { name: 'Play: YouTube video: Take On Me' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(players).toHaveLength(1));
    expect(sent(stub, 'josie_play')).toHaveLength(0);

    const player = players[0]!;
    player.fire('onStateChange', 1);
    await waitFor(() => expect(sent(stub, 'josie_play')).toHaveLength(1));
    expect(sent(stub, 'josie_play')[0]?.params).toMatchObject({
      josie_id: JOSIE_ID,
      item: 'youtube:dQw4w9WgXcQ',
      service: 'youtube',
    });
    // A stall while playing (buffering, then playing again) is the same play.
    player.fire('onStateChange', 3);
    player.fire('onStateChange', 1);
    player.fire('onStateChange', 2);
    player.fire('onStateChange', 1);
    await waitFor(() => expect(sent(stub, 'josie_play')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent(stub, 'josie_play')).toHaveLength(2);
  });

  it("counts a Spotify item played on a YouTube listener's player as a YouTube play of that item", async () => {
    const players = fakeYouTube();
    const { stub, user } = renderApp(`/josie/${JOSIE_ID}`, {
      session: makeSession('listener', { activeProvider: 'google' }),
      routes: [get(josie({ paragraphs: josie().paragraphs.slice(0, 1) }))],
    });
    await user.click(
      await screen.findByRole('button', { name: 'Play Nightcall on YouTube' }, { timeout: 5000 }),
    );
    await waitFor(() => expect(players).toHaveLength(1));
    players[0]!.fire('onStateChange', 1);
    await waitFor(() => expect(sent(stub, 'josie_play')).toHaveLength(1));
    expect(sent(stub, 'josie_play')[0]?.params).toMatchObject({
      item: 'spotify:4uLU6hMCjMI75M1A2tKUQC',
      service: 'youtube',
    });
  });
});

describe('also_on_click (decision 0050)', () => {
  it('is sent once per click of an "Also on" link, with its service', async () => {
    const { stub, user } = renderApp(`/josie/${JOSIE_ID}`, {
      session: makeSession('listener', { activeProvider: 'spotify' }),
      routes: [get(josie())],
    });
    const audio = await screen.findByRole('article', { name: 'Audio: Nightcall' }, { timeout: 5000 });
    const alsoOn = await within(audio).findByRole('list', { name: 'Also on' });
    await waitFor(() => expect(sent(stub, 'josie_view')).toHaveLength(1));
    expect(sent(stub, 'also_on_click')).toHaveLength(0);

    // The link opens a new tab; the test keeps this one.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const youtube = within(alsoOn).getByRole('link', { name: 'YouTube (opens in a new tab)' });
    youtube.addEventListener('click', (event) => event.preventDefault());
    await user.click(youtube);
    const deezer = within(alsoOn).getByRole('link', { name: 'Deezer (opens in a new tab)' });
    deezer.addEventListener('click', (event) => event.preventDefault());
    await user.click(deezer);
    await waitFor(() => expect(sent(stub, 'also_on_click')).toHaveLength(2));
    expect(sent(stub, 'also_on_click').map((event) => event.params)).toMatchObject([
      { josie_id: JOSIE_ID, service: 'youtube' },
      { josie_id: JOSIE_ID, service: 'deezer' },
    ]);
    open.mockRestore();
  });
});

describe('nothing is counted outside a published josie (decision 0050)', () => {
  it("sends nothing from the editor's preview", async () => {
    const stub = installFetchStub([
      { method: 'POST', path: '/api/analytics/events', reply: () => json(202, { success: true }) },
    ]);
    const players = fakeYouTube();
    // As the editor's preview (editor/EditorPreview.tsx) renders it: no `listen`, no published josie around.
    render(
      <StaticSessionProvider user={null}>
        <JosieParagraphs paragraphs={josie().paragraphs} title="Night drive" />
      </StaticSessionProvider>,
    );
    const frame = await screen.findByTitle('Spotify player: Nightcall', undefined, { timeout: 5000 });
    await pressInside(frame);
    screen.getByRole('button', { name: 'Play: YouTube video: Take On Me' }).click();
    await waitFor(() => expect(players).toHaveLength(1));
    players[0]!.fire('onStateChange', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stub.requests).toHaveLength(0);
  });

  it('sends no play from a josie waiting for review (its creator reads it)', async () => {
    const { stub } = renderApp(`/josie/${JOSIE_ID}`, {
      session: makeSession('curator'),
      routes: [get(josie({ status: 'pending' }))],
    });
    const frame = await screen.findByTitle('Spotify player: Nightcall', undefined, { timeout: 5000 });
    await pressInside(frame);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent(stub, 'josie_play')).toHaveLength(0);
    expect(sent(stub, 'josie_view')).toHaveLength(0);
  });
});

describe("the josie page's Share button (decision 0050)", () => {
  it('copies the shared link, says so, and counts one copy share', async () => {
    const { stub, user } = renderApp(`/josie/${JOSIE_ID}`, { routes: [get(josie())] });
    await user.click(await screen.findByRole('button', { name: 'Share' }, { timeout: 5000 }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/josie/${JOSIE_ID}?ref=share`,
    );
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent(stub, 'josie_share').map((body) => body.params)).toEqual([
        expect.objectContaining({ josie_id: JOSIE_ID, channel: 'copy' }),
      ]),
    );
  });

  it('is not offered on a josie waiting for review', async () => {
    renderApp(`/josie/${JOSIE_ID}`, {
      session: makeSession('curator'),
      routes: [get(josie({ status: 'pending' }))],
    });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
