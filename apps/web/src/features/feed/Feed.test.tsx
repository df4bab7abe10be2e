import type { Josie } from '@josie/contract';
import { FLAG_DEFAULTS } from '@josie/contract';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/queryClient';
import { AppRoot } from '../../layout/AppRoot';
import { FeedSocketProvider } from '../../realtime';
import { createFakeFeedSocket, lastFakeSocket, resetFakeSockets } from '../../realtime/testing';
import { storeSession } from '../../session/storage';
import { defaultRoutes, type FetchStub, installFetchStub, json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import type { FeedSource } from './api';
import { Feed, type FeedHandle } from './Feed';
import { FEED_THEME_KEY } from './feedTheme';
import { CURATOR_ID, feedPage, makeJosie, makeJosies, preferencesAnswer } from './fixtures';

const FOLLOWING: FeedSource = { kind: 'following' };
const session = makeSession('listener');

interface HarnessProps {
  source: FeedSource;
  onHandle?: (handle: FeedHandle) => void;
}

/** The feed inside the real app root (session, toasts), with a button that raises the refresh trigger. */
function Harness({ source, onHandle }: HarnessProps) {
  const [trigger, setTrigger] = useState(0);
  const ref = useRef<FeedHandle>(null);
  return (
    <>
      <button type="button" onClick={() => setTrigger((n) => n + 1)}>
        raise trigger
      </button>
      <button type="button" onClick={() => ref.current && onHandle?.(ref.current)}>
        use handle
      </button>
      <Feed source={source} title="Your Feed" refreshTrigger={trigger} ref={ref} />
    </>
  );
}

/** The `josie_share` events the page sent (docs/decisions/0050-curator-studio-counts.md). */
function shares(stub: FetchStub) {
  return stub
    .calls('POST', '/api/analytics/events')
    .map((call) => call.body as { name: string; params: Record<string, unknown> })
    .filter((body) => body.name === 'josie_share');
}

function renderFeed(routes: StubRoute[], props: HarnessProps = { source: FOLLOWING }) {
  // The first matching handler answers: the test's routes win over the defaults.
  const stub = installFetchStub([
    ...routes,
    { method: 'GET', path: '/api/users/me/preferences', reply: () => json(200, preferencesAnswer()) },
    ...defaultRoutes(),
  ]);
  storeSession(session);
  const router = createMemoryRouter(
    [
      {
        element: <AppRoot />,
        children: [
          { path: '/', element: <Harness {...props} /> },
          { path: '/josie/:id', element: <p>josie page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FeedSocketProvider value={createFakeFeedSocket()}>
        <RouterProvider router={router} />
      </FeedSocketProvider>
    </QueryClientProvider>,
  );
  return { stub, user, router };
}

const feedRoute = (reply: StubRoute['reply'], path = '/api/josies/feed'): StubRoute => ({
  method: 'GET',
  path,
  reply,
});

// Plain selectors: role queries over 30 cards are slow in happy-dom.
const articles = () => [...document.querySelectorAll('article')];
const titles = () => articles().map((a) => a.querySelector('h3')?.textContent);

beforeEach(() => resetFakeSockets());
afterEach(() => vi.useRealTimers());

describe('Feed loading (docs/product/rules-and-limits.md#feed)', () => {
  it('waits 300 ms before asking, and several refreshes within that time make one request', async () => {
    vi.useFakeTimers();
    const { stub } = renderFeed([feedRoute(() => json(200, feedPage(makeJosies(1, 2))))]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(stub.calls('GET', '/api/josies/feed')).toHaveLength(0);
    expect(screen.getByText('Loading posts…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(stub.calls('GET', '/api/josies/feed')).toHaveLength(1);
    // The first card, then the rest a render later.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(articles()).toHaveLength(2);

    // The refresh trigger rising three times within the debounce window: one request.
    const raise = screen.getByRole('button', { name: 'raise trigger' });
    await act(async () => {
      raise.click();
      await vi.advanceTimersByTimeAsync(100);
      raise.click();
      await vi.advanceTimersByTimeAsync(100);
      raise.click();
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(stub.calls('GET', '/api/josies/feed')).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(stub.calls('GET', '/api/josies/feed')).toHaveLength(2);
    expect(stub.calls('GET', '/api/josies/feed')[1]?.url.searchParams.has('cursor')).toBe(false);
  });

  it('appends the next page with the stored cursor and never shows a post twice', async () => {
    const { stub, user } = renderFeed([
      feedRoute((request) =>
        request.url.searchParams.get('cursor') === 'page-2'
          ? json(200, feedPage(makeJosies(18, 13)))
          : json(200, feedPage(makeJosies(1, 20), 'page-2')),
      ),
    ]);
    expect(await screen.findByText('Josie number 1')).toBeInTheDocument();
    // The first cards render first, the rest of the page in a transition right after (docs/performance.md).
    await waitFor(() => expect(articles()).toHaveLength(20));
    await user.click(screen.getByText('Load More'));
    await waitFor(() => expect(articles()).toHaveLength(30));
    expect(stub.calls('GET', '/api/josies/feed')[1]?.url.searchParams.get('cursor')).toBe('page-2');
    expect(new Set(titles()).size).toBe(30);
    expect(titles().at(-1)).toBe('Josie number 30');
    // The last page: no more Load More.
    expect(screen.queryByText('Load More')).not.toBeInTheDocument();
  }, 15_000);

  it("shows the red error line with the code's text", async () => {
    renderFeed([feedRoute(() => json(503, { message: 'Server words', code: 'SERVICE_UNAVAILABLE' }))]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: The service is unavailable right now. Please try again later.');
    expect(alert).toHaveClass('text-red-700');
  });

  it("says 'Could not load feed' when the failure carries no message", async () => {
    renderFeed([feedRoute(() => new Response('', { status: 502, statusText: 'Bad Gateway' }))]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Could not load feed');
    expect(alert).not.toHaveTextContent('Bad Gateway');
  });

  it('shows the empty states of the feed and of a curator feed', async () => {
    renderFeed([feedRoute(() => json(200, feedPage([])))]);
    expect(await screen.findByText('No posts to show')).toBeInTheDocument();
  });

  it("says the curator hasn't posted yet on an empty curator feed", async () => {
    renderFeed([feedRoute(() => json(200, feedPage([])), `/api/josies/curator/${CURATOR_ID}/feed`)], {
      source: { kind: 'curator', curatorId: CURATOR_ID },
    });
    expect(await screen.findByText("This curator hasn't posted any content yet.")).toBeInTheDocument();
  });

  it('removes and replaces posts by id through its handle', async () => {
    let command: (handle: FeedHandle) => void = () => {};
    const { user } = renderFeed([feedRoute(() => json(200, feedPage(makeJosies(1, 3))))], {
      source: FOLLOWING,
      onHandle: (handle) => command(handle),
    });
    await screen.findByRole('heading', { name: 'Josie number 2' });
    command = (handle) => handle.removePost(makeJosie(2)._id);
    await user.click(screen.getByRole('button', { name: 'use handle' }));
    await waitFor(() => expect(titles()).toEqual(['Josie number 1', 'Josie number 3']));
    command = (handle) => handle.replacePost(makeJosie(3, { title: 'Renamed' }));
    await user.click(screen.getByRole('button', { name: 'use handle' }));
    await waitFor(() => expect(titles()).toEqual(['Josie number 1', 'Renamed']));
  });

  it('offers Try again after a failed read, and reads again by itself when the browser is back online', async () => {
    let fail = true;
    const { user, stub } = renderFeed([
      feedRoute(() =>
        fail
          ? json(503, { message: 'Could not load feed', code: 'SERVICE_UNAVAILABLE' })
          : json(200, feedPage(makeJosies(1, 2))),
      ),
    ]);
    await screen.findByRole('alert');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Josie number 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // A failure again, then the network comes back: the feed reads again without a click.
    fail = true;
    await user.click(screen.getByRole('button', { name: 'raise trigger' }));
    await screen.findByRole('alert');
    const before = stub.calls('GET', '/api/josies/feed').length;
    fail = false;
    act(() => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await waitFor(() => expect(stub.calls('GET', '/api/josies/feed').length).toBeGreaterThan(before), {
      timeout: 5_000,
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  }, 15_000);

  it('shows the pages loaded before when the reader comes Back, with no refresh', async () => {
    const { user, stub, router } = renderFeed([
      feedRoute((request) =>
        request.url.searchParams.get('cursor') === 'page-2'
          ? json(200, feedPage(makeJosies(21, 10)))
          : json(200, feedPage(makeJosies(1, 20), 'page-2')),
      ),
    ]);
    await waitFor(() => expect(articles()).toHaveLength(20), { timeout: 10_000 });
    await user.click(screen.getByText('Load More'));
    await waitFor(() => expect(articles()).toHaveLength(30), { timeout: 10_000 });
    await act(() => router.navigate('/josie/j25'));
    expect(await screen.findByText('josie page')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(articles()).toHaveLength(30), { timeout: 10_000 });
    // No refresh scheduled (it would cut the feed to its first page): nothing loads, no new request.
    expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument();
    expect(stub.calls('GET', '/api/josies/feed')).toHaveLength(2);
  }, 30_000);
});

describe('live posts (docs/product/rules-and-limits.md#feed)', () => {
  async function withLiveFeed(source: FeedSource, path: string) {
    const view = renderFeed([feedRoute(() => json(200, feedPage([makeJosie(1)])), path)], { source });
    await screen.findByRole('heading', { name: 'Josie number 1' });
    const socket = lastFakeSocket();
    const push = (post: Josie) => act(() => socket.push('new-post', post));
    return { ...view, socket, push };
  }

  it('puts a new post on top, ignoring duplicates and posts whose creator has no name', async () => {
    const { push, socket } = await withLiveFeed(FOLLOWING, '/api/josies/feed');
    socket.connectFromServer();
    expect(socket.emitted).toEqual([{ event: 'join-feed', args: [session.user.id, expect.any(Function)] }]);

    push(makeJosie(50));
    // Pushed in the same task as the first one: the rules read the cache, not the last render.
    push(makeJosie(50, { title: 'Same id again' }));
    await waitFor(() => expect(titles()).toEqual(['Josie number 50', 'Josie number 1']));
    push(makeJosie(1));
    push(makeJosie(51, { creator: { ...makeJosie(51).creator, name: '  ' } }));
    push({ ...makeJosie(52), creator: undefined } as unknown as Josie);
    // A post taken after the refused ones: once it shows, they would have too.
    push(makeJosie(53));
    await waitFor(() => expect(titles()).toEqual(['Josie number 53', 'Josie number 50', 'Josie number 1']));
  });

  it('catches up once the socket joined: posts published before it, from a fresh first page', async () => {
    const newer = makeJosie(70, { publishedAt: '2030-01-01T00:00:00.000Z' });
    let answer = feedPage([makeJosie(1)]);
    const view = renderFeed([feedRoute(() => json(200, answer))]);
    await screen.findByRole('heading', { name: 'Josie number 1' });
    const socket = lastFakeSocket();
    // Published while the page loaded: the first page predates it, the socket was not in the rooms yet.
    answer = feedPage([newer, makeJosie(1)]);
    socket.connectFromServer();
    act(() => socket.acknowledgeJoin());
    await waitFor(() => expect(titles()).toEqual(['Josie number 70', 'Josie number 1']));
    expect(view.stub.calls('GET', '/api/josies/feed')).toHaveLength(2);
    // A reconnection catches up the same way, and adds nothing already shown.
    socket.connectFromServer();
    act(() => socket.acknowledgeJoin());
    await waitFor(() => expect(view.stub.calls('GET', '/api/josies/feed')).toHaveLength(3));
    expect(titles()).toEqual(['Josie number 70', 'Josie number 1']);
  });

  it('reads nothing again when the join says no post was published that the feed does not show', async () => {
    const first = makeJosie(1);
    const view = renderFeed([feedRoute(() => json(200, feedPage([first])))]);
    await screen.findByRole('heading', { name: 'Josie number 1' });
    const socket = lastFakeSocket();
    socket.connectFromServer();
    act(() => socket.acknowledgeJoin({ curators: [], latest: first.publishedAt }));
    // A reconnection whose feed is still as it was, and one of a reader whose feed is empty.
    socket.connectFromServer();
    act(() => socket.acknowledgeJoin({ curators: [], latest: '2020-01-01T00:00:00.000Z' }));
    socket.connectFromServer();
    act(() => socket.acknowledgeJoin({ curators: [], latest: null }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.stub.calls('GET', '/api/josies/feed')).toHaveLength(1);

    // A post published before a later join, which the socket did not deliver: read again.
    socket.connectFromServer();
    act(() => socket.acknowledgeJoin({ curators: [], latest: '2030-01-01T00:00:00.000Z' }));
    await waitFor(() => expect(view.stub.calls('GET', '/api/josies/feed')).toHaveLength(2));
  });

  it("ignores another curator's post on a curator feed", async () => {
    const { push } = await withLiveFeed(
      { kind: 'curator', curatorId: CURATOR_ID },
      `/api/josies/curator/${CURATOR_ID}/feed`,
    );
    push(makeJosie(60, { creator: { ...makeJosie(60).creator, _id: 'someone-else' } }));
    push(makeJosie(61));
    await waitFor(() => expect(titles()).toEqual(['Josie number 61', 'Josie number 1']));
  });

  it('takes a post out when the server says it left the feeds', async () => {
    const { socket } = await withLiveFeed(FOLLOWING, '/api/josies/feed');
    act(() => socket.push('post-removed', { _id: makeJosie(1)._id, creatorId: CURATOR_ID }));
    await waitFor(() => expect(articles()).toHaveLength(0));
  });
});

describe('post card (docs/product/routes-and-roles.md#home-and-feed)', () => {
  it("shows the josie's genres as plain chips", async () => {
    const post = makeJosie(1, { genres: ['House', 'Techno'] });
    renderFeed([feedRoute(() => json(200, feedPage([post])))]);
    const card = await screen.findByRole('article', { name: 'Josie number 1' });
    const list = within(card).getByRole('list', { name: 'Genres' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['House', 'Techno']);
  });

  it('shows creator, title, the 25-word excerpt, the audio circle and a link to the josie', async () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i + 1}`).join(' ');
    const post = makeJosie(1, {
      paragraphs: [
        { type: 'text', content: long },
        {
          type: 'audioItem',
          content: {
            name: 'Song title',
            type: 'track',
            url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
            provider: 'spotify',
            image: null,
          },
        },
      ],
    });
    renderFeed([feedRoute(() => json(200, feedPage([post])))]);
    const card = await screen.findByRole('article', { name: 'Josie number 1' });
    expect(within(card).getByText('Noa Curates')).toBeInTheDocument();
    expect(within(card).getByText(/^word1 .* word25\.\.\.$/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Josie number 1' })).toHaveAttribute(
      'href',
      `/josie/${post._id}`,
    );
    const play = within(card).getByRole('link', { name: /^Play Song title on Spotify/ });
    expect(play).toHaveAttribute('href', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    expect(play).toHaveAttribute('target', '_blank');
    expect(play).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("names an audio item stored without a name by the resolver's title (docs/decisions/0022-listen-on-your-own-service.md)", async () => {
    const url = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';
    const post = makeJosie(1, {
      paragraphs: [
        { type: 'audioItem', content: { name: '', type: 'track', url, provider: 'spotify', image: null } },
      ],
      listen: [
        {
          itemUrl: url,
          kind: 'audio',
          title: 'Nightcall',
          artistName: 'Kavinsky',
          thumbnailUrl: null,
          links: [{ platform: 'spotify', url, source: 'original', confidence: null }],
        },
      ],
    });
    renderFeed([feedRoute(() => json(200, feedPage([post])))]);
    const card = await screen.findByRole('article', { name: 'Josie number 1' });
    expect(within(card).getByRole('link', { name: /^Play Nightcall on Spotify/ })).toBeInTheDocument();
  });

  it("shows the josie's comment count beside the likes while comments are on (decision 0046)", async () => {
    const post = makeJosie(1, { commentCount: 4 });
    const { user, router } = renderFeed([
      feedRoute(() => json(200, feedPage([post]))),
      {
        method: 'GET',
        path: '/api/config/flags',
        reply: () => json(200, { ...FLAG_DEFAULTS, comments: 'true' }),
      },
    ]);
    const comments = await screen.findByRole('link', { name: '4 comments' });
    expect(comments).toHaveTextContent('4');
    await user.click(comments);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/josie/${post._id}`));
    expect(router.state.location.hash).toBe('#comments');
  });

  it('shows no comment count while comments are off', async () => {
    renderFeed([
      feedRoute(() => json(200, feedPage([makeJosie(1, { commentCount: 4 })]))),
      {
        method: 'GET',
        path: '/api/config/flags',
        reply: () => json(200, { ...FLAG_DEFAULTS, comments: 'false' }),
      },
    ]);
    await screen.findByRole('article', { name: 'Josie number 1' });
    expect(screen.queryByRole('link', { name: '4 comments' })).toBeNull();
  });

  it('flips the like only after the server answered, and only logs a failure', async () => {
    let answer: (value: unknown) => void = () => {};
    const { user, stub } = renderFeed([
      feedRoute(() => json(200, feedPage([makeJosie(1, { likeCount: 2 })]))),
      {
        method: 'POST',
        path: `/api/josies/${makeJosie(1)._id}/like`,
        reply: () =>
          new Promise((resolve) => {
            answer = resolve;
          }).then(() => json(200, { data: { liked: true, likeCount: 3 } })),
      },
    ]);
    const like = await screen.findByRole('button', { name: 'Like (2 likes)' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await user.click(like);
    await waitFor(() => expect(stub.calls('POST', `/api/josies/${makeJosie(1)._id}/like`)).toHaveLength(1));
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveTextContent('2');
    answer(undefined);
    await waitFor(() => expect(like).toHaveAttribute('aria-pressed', 'true'));
    expect(like).toHaveAccessibleName('Like (3 likes)');

    stub.use({
      method: 'POST',
      path: `/api/josies/${makeJosie(1)._id}/like`,
      reply: () => json(500, { message: 'down', code: 'INTERNAL' }),
    });
    await user.click(like);
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith('Like failed', expect.anything()));
    expect(like).toHaveAttribute('aria-pressed', 'true');
    expect(like).toHaveAccessibleName('Like (3 likes)');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says a like tapped without a network was not saved', async () => {
    const { user } = renderFeed([
      feedRoute(() => json(200, feedPage([makeJosie(1, { likeCount: 2 })]))),
      {
        method: 'POST',
        path: `/api/josies/${makeJosie(1)._id}/like`,
        reply: () => {
          throw new TypeError('Failed to fetch');
        },
      },
    ]);
    const like = await screen.findByRole('button', { name: 'Like (2 likes)' });
    await user.click(like);
    expect(
      await screen.findByText("You're offline: the like wasn't saved. Try again when you're back online."),
    ).toBeInTheDocument();
    expect(like).toHaveAttribute('aria-pressed', 'false');
    expect(like).toHaveAccessibleName('Like (2 likes)');
  });

  it('saves through the save route and fills the icon', async () => {
    const id = makeJosie(1)._id;
    const { user, stub } = renderFeed([
      feedRoute(() => json(200, feedPage([makeJosie(1)]))),
      { method: 'POST', path: `/api/josies/${id}/save`, reply: () => json(200, { data: { saved: true } }) },
    ]);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toHaveAttribute('aria-pressed', 'false');
    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-pressed', 'true'));
    expect(stub.calls('POST', `/api/josies/${id}/save`)).toHaveLength(1);
    expect(await screen.findByText('Saved to your list')).toBeInTheDocument();
  });

  it('copies the link with a toast when the Web Share API is missing, and counts one copy share', async () => {
    const { user, stub } = renderFeed([feedRoute(() => json(200, feedPage([makeJosie(1)])))]);
    expect(typeof navigator.share).toBe('undefined');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    // user-event's clipboard stands in for the browser's. The link says it was shared, so the studio names
    // the view it brings a shared link (docs/decisions/0050-curator-studio-counts.md).
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/josie/${makeJosie(1)._id}?ref=share`,
    );
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    await waitFor(() => expect(shares(stub)).toHaveLength(1));
    expect(shares(stub)[0]?.params).toMatchObject({ josie_id: makeJosie(1)._id, channel: 'copy' });
  });

  it('counts no share when copying fails', async () => {
    const { user, stub } = renderFeed([feedRoute(() => json(200, feedPage([makeJosie(1)])))]);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Could not copy the link')).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalled();
    expect(shares(stub)).toHaveLength(0);
  });

  it('uses the Web Share API when the browser has it', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    const { user, stub } = renderFeed([feedRoute(() => json(200, feedPage([makeJosie(1)])))]);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const writeText = vi.spyOn(navigator.clipboard, 'writeText');
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Josie number 1',
        url: `${window.location.origin}/josie/${makeJosie(1)._id}?ref=share`,
      });
      expect(writeText).not.toHaveBeenCalled();
      await waitFor(() => expect(shares(stub)).toHaveLength(1));
      expect(shares(stub)[0]?.params).toMatchObject({ josie_id: makeJosie(1)._id, channel: 'native' });
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('counts no share when the reader closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
    const { user, stub } = renderFeed([feedRoute(() => json(200, feedPage([makeJosie(1)])))]);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await user.click(await screen.findByRole('button', { name: 'Share' }));
      await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(shares(stub)).toHaveLength(0);
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });
});

describe('rendering a page in steps (docs/performance.md)', () => {
  /** The numbers of cards in the page while `action` runs, each time it changed. */
  async function cardCountsWhile(action: () => Promise<void>): Promise<number[]> {
    const counts: number[] = [];
    const observer = new MutationObserver(() => {
      const count = articles().length;
      if (count !== counts.at(-1)) counts.push(count);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await action();
    } finally {
      observer.disconnect();
    }
    return counts;
  }

  it('writes one card first, then four more per render until the page is shown', async () => {
    const counts = await cardCountsWhile(async () => {
      renderFeed([feedRoute(() => json(200, feedPage(makeJosies(1, 20))))]);
      await waitFor(() => expect(articles()).toHaveLength(20));
    });
    expect(counts.filter((count) => count > 0)).toEqual([1, 5, 9, 13, 17, 20]);
  });

  it('writes a page Load More appends in steps too', async () => {
    const { user } = renderFeed([
      feedRoute((request) =>
        request.url.searchParams.get('cursor') === 'page-2'
          ? json(200, feedPage(makeJosies(21, 20)))
          : json(200, feedPage(makeJosies(1, 20), 'page-2')),
      ),
    ]);
    await waitFor(() => expect(articles()).toHaveLength(20));
    const counts = await cardCountsWhile(async () => {
      await user.click(screen.getByText('Load More'));
      await waitFor(() => expect(articles()).toHaveLength(40));
    });
    // Four cards a commit at most (the first page's last step may already have shown one of them).
    expect(counts.at(-1)).toBe(40);
    expect(counts.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < counts.length; i++) expect(counts[i]! - counts[i - 1]!).toBeLessThanOrEqual(4);
  });
});

describe('layouts and themes (docs/product/routes-and-roles.md#home-and-feed, docs/product/data-and-config.md#data, docs/product/messages.md#feed-and-curators)', () => {
  const frame = () => document.querySelector('[data-theme]');

  it("takes the server's theme and stores it on this device", async () => {
    renderFeed([
      {
        method: 'GET',
        path: '/api/users/me/preferences',
        reply: () => json(200, preferencesAnswer('vibrant')),
      },
      feedRoute(() => json(200, feedPage([]))),
    ]);
    await waitFor(() => expect(frame()).toHaveAttribute('data-theme', 'vibrant'));
    expect(window.localStorage.getItem(FEED_THEME_KEY)).toBe('vibrant');
    expect(screen.getByRole('radio', { name: 'Vibrant' })).toBeChecked();
  });

  it('falls back to josie and saves it when the theme cannot be fetched', async () => {
    window.localStorage.setItem(FEED_THEME_KEY, 'classic');
    renderFeed([
      {
        method: 'GET',
        path: '/api/users/me/preferences',
        reply: () => json(500, { message: 'x', code: 'X' }),
      },
      feedRoute(() => json(200, feedPage([]))),
    ]);
    await waitFor(() => expect(frame()).toHaveAttribute('data-theme', 'josie'));
    expect(window.localStorage.getItem(FEED_THEME_KEY)).toBe('josie');
  });

  it('stores a chosen theme locally and in the server preferences, keeping genres and interests', async () => {
    const { user, stub } = renderFeed([
      feedRoute(() => json(200, feedPage([]))),
      {
        method: 'PUT',
        path: '/api/users/me/preferences',
        reply: (request) => json(200, preferencesAnswer((request.body as { theme: 'glassmorphic' }).theme)),
      },
    ]);
    await screen.findByText('No posts to show');
    await user.click(screen.getByRole('radio', { name: 'Glass' }));
    expect(frame()).toHaveAttribute('data-theme', 'glassmorphic');
    expect(window.localStorage.getItem(FEED_THEME_KEY)).toBe('glassmorphic');
    await waitFor(() => expect(stub.calls('PUT', '/api/users/me/preferences')).toHaveLength(1));
    expect(stub.calls('PUT', '/api/users/me/preferences')[0]?.body).toEqual({
      genres: ['Pop'],
      interests: ['Concerts'],
      theme: 'glassmorphic',
    });
  });

  it('switches between List and Funky Grid', async () => {
    const { user } = renderFeed([feedRoute(() => json(200, feedPage(makeJosies(1, 2))))]);
    await screen.findByRole('heading', { name: 'Josie number 1' });
    expect(frame()).toHaveAttribute('data-layout', 'list');
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Funky Grid' }));
    expect(frame()).toHaveAttribute('data-layout', 'grid');
    expect(articles()).toHaveLength(2);
  });
});
