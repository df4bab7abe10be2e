import { FIRST_PAINT_BLOCK_ID, PAGE_QUERY_KEYS } from '@josie/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lastFakeSocket, resetFakeSockets } from '../../realtime/testing';
import { json, type StubRoute } from '../../test/fetchStub';
import { removeFirstPaint, writeFirstPaint } from '../../test/firstPaint';
import { makeSession, makeUser } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { feedPage, makeCuratorCard, makeJosie, preferencesAnswer } from './fixtures';

const preferences: StubRoute = {
  method: 'GET',
  path: '/api/users/me/preferences',
  reply: () => json(200, preferencesAnswer()),
};

describe('the home page the server rendered for this session (docs/performance.md, decision 0008)', () => {
  afterEach(removeFirstPaint);

  const session = makeSession('listener', { name: 'Dana' });
  const cards = [makeCuratorCard(1, { name: 'Maya' })];
  /** Every read of the home page, each answering something else than the page's blocks. */
  const answersOf: Record<string, () => unknown> = {
    '/api/users/curators/feed': () => ({ curators: [] }),
    '/api/josies/feed': () => feedPage([]),
    '/api/users/me/preferences': () => preferencesAnswer(),
    '/api/users/me': () => session.user,
  };
  const paths = Object.keys(answersOf);
  const served: StubRoute[] = Object.entries(answersOf).map(([path, answer]) => ({
    method: 'GET',
    path,
    reply: () => json(200, answer()),
  }));
  /** The page's block as the server writes it (`apps/server/src/modules/feed/home-page.ts`). */
  const writeAnswers = (userId: string) =>
    writeFirstPaint(
      [
        [PAGE_QUERY_KEYS.curatorStrip, cards],
        [
          PAGE_QUERY_KEYS.feedPages('following'),
          { pages: [feedPage([makeJosie(1)]).data], pageParams: [null] },
        ],
        [PAGE_QUERY_KEYS.preferences, preferencesAnswer('vibrant')],
        [PAGE_QUERY_KEYS.servedUser, makeUser({ ...session.user, name: 'Dana Fresh' })],
      ],
      userId,
    );

  it('renders the strip, the first page, the theme and the fresh user from the answers in the page, asking for none of them', async () => {
    resetFakeSockets();
    writeAnswers(session.user.id);
    const { stub } = renderApp('/', { session, routes: served });
    const strip = await screen.findByRole('region', { name: 'Curators' }, { timeout: 5000 });
    // No skeleton in between: the cards are in the first render.
    expect(within(strip).getByRole('link', { name: /Maya/ })).toBeInTheDocument();
    expect(screen.queryAllByTestId('curator-skeleton')).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Josie number 1' })).toBeInTheDocument();
    expect(document.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'vibrant');
    // The stored user is refreshed from the page's copy, as from GET /api/users/me.
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Dana Fresh' })).toBeInTheDocument();
    // Past the feed's 300 ms debounce: still nothing asked.
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const path of paths) expect(stub.calls('GET', path), path).toHaveLength(0);
    expect(document.getElementById(FIRST_PAINT_BLOCK_ID)).toBeNull();
    // Live posts still arrive.
    expect(lastFakeSocket().options.auth).toEqual({ token: 'token-listener' });
  });

  it('asks for none of them in StrictMode either, where React mounts the page twice', async () => {
    writeAnswers(session.user.id);
    const { stub } = renderApp('/', { session, routes: served, strict: true });
    expect(
      await screen.findByRole('article', { name: 'Josie number 1' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (const path of paths) expect(stub.calls('GET', path), path).toHaveLength(0);
  });

  it('ignores answers written for another user (the page was served to an account that signed out since)', async () => {
    writeAnswers('0190a0b0-0000-7000-8000-0000000000ff');
    const { stub } = renderApp('/', { session, routes: served });
    expect(await screen.findByText('No posts to show', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Maya/ })).toBeNull();
    for (const path of paths) expect(stub.calls('GET', path), path).toHaveLength(1);
  });
});

describe('the home page read by the app (no answers in the page)', () => {
  const reads = ['/api/josies/feed', '/api/users/curators/feed', '/api/users/me/preferences'];
  const routes: StubRoute[] = [
    preferences,
    { method: 'GET', path: '/api/users/curators/feed', reply: () => json(200, { curators: [] }) },
    { method: 'GET', path: '/api/josies/feed', reply: () => json(200, feedPage([makeJosie(1)])) },
  ];
  const counts = (stub: ReturnType<typeof renderApp>['stub']) =>
    reads.map((path) => stub.calls('GET', path).filter((r) => !r.url.searchParams.has('cursor')).length);

  it.each([
    ['', false],
    [' in StrictMode, as main.tsx renders', true],
  ])(
    'asks once for the first page, the strip and the preferences%s; the first page once more per (re)join only',
    async (_, strict) => {
      resetFakeSockets();
      const { stub } = renderApp('/', { session: makeSession('listener'), routes, strict });
      expect(
        await screen.findByRole('article', { name: 'Josie number 1' }, { timeout: 5000 }),
      ).toBeInTheDocument();
      // Past the feed's 300 ms debounce.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(counts(stub)).toEqual([1, 1, 1]);

      // Decision 0008: once the socket joined the feed's rooms, the first page is read again for the posts
      // published before, and so after every reconnection, unless the join says nothing was missed (it
      // does not say so here; `Feed.test.tsx` covers that). Nothing else is read again.
      const socket = lastFakeSocket();
      for (const expected of [2, 3]) {
        await act(async () => {
          socket.connectFromServer();
          socket.acknowledgeJoin();
        });
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(counts(stub)).toEqual([expected, 1, 1]);
      }
    },
  );
});

describe('home strip and feed (docs/product/routes-and-roles.md#home-and-feed)', () => {
  it('shows 5 skeletons, then curator cards linking to their profiles, then the feed', async () => {
    resetFakeSockets();
    let answerCurators: () => void = () => {};
    const cards = [
      makeCuratorCard(1, { name: 'Maya' }),
      makeCuratorCard(2, { name: 'Yoni', avatar: '/media/a.webp' }),
    ];
    renderApp('/', {
      session: makeSession('listener', { name: 'Dana' }),
      routes: [
        preferences,
        {
          method: 'GET',
          path: '/api/users/curators/feed',
          reply: () =>
            new Promise<void>((resolve) => {
              answerCurators = resolve;
            }).then(() => json(200, { curators: cards })),
        },
        { method: 'GET', path: '/api/josies/feed', reply: () => json(200, feedPage([makeJosie(1)])) },
      ],
    });
    // The first visit loads the page's chunk: give it time.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hi, Dana' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getAllByTestId('curator-skeleton')).toHaveLength(5);
    expect(screen.getByText('Loading curators…')).toBeInTheDocument();

    answerCurators();
    const strip = screen.getByRole('region', { name: 'Curators' });
    const maya = await within(strip).findByRole('link', { name: /Maya/ });
    expect(maya).toHaveAttribute('href', `/curator/${cards[0]?.id}`);
    expect(within(strip).getByRole('link', { name: /Yoni/ })).toHaveAttribute(
      'href',
      `/curator/${cards[1]?.id}`,
    );
    expect(screen.queryAllByTestId('curator-skeleton')).toHaveLength(0);

    expect(screen.getByRole('heading', { level: 2, name: 'Your Feed' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Josie number 1' })).toBeInTheDocument();
    // The home feed listens for live posts.
    expect(lastFakeSocket().options.auth).toEqual({ token: 'token-listener' });
  });

  it.each([
    {
      failure: "with the code's text",
      reply: () => json(503, { message: 'Server words', code: 'SERVICE_UNAVAILABLE' }),
      shown: 'Error loading curators: The service is unavailable right now. Please try again later.',
    },
    {
      failure: "with the strip's own message when the failure carries none",
      reply: () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
      shown: 'Error loading curators: Could not load curators',
    },
  ])("shows 'Error loading curators: ' $failure", async ({ reply, shown }) => {
    renderApp('/', {
      session: makeSession('curator'),
      routes: [
        preferences,
        { method: 'GET', path: '/api/users/curators/feed', reply },
        { method: 'GET', path: '/api/josies/feed', reply: () => json(200, feedPage([])) },
      ],
    });
    expect(await screen.findByText(shown, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/Internal Server Error/)).not.toBeInTheDocument();
    expect(await screen.findByText('No posts to show')).toBeInTheDocument();
  });
});

describe('saved page (docs/product/differences.md#saved-josies)', () => {
  it("lists the user's saved josies and takes no live posts", async () => {
    resetFakeSockets();
    const { stub } = renderApp('/saved', {
      session: makeSession('listener'),
      routes: [
        preferences,
        {
          method: 'GET',
          path: '/api/josies/saved',
          reply: () => json(200, feedPage([makeJosie(3, { savedByMe: true })])),
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Saved' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Josie number 3' });
    expect(within(card).getByRole('button', { name: 'Save' })).toHaveAttribute('aria-pressed', 'true');
    expect(stub.calls('GET', '/api/josies/saved')).toHaveLength(1);
    // Only removals are followed there: a new post is nobody's saved josie.
    act(() => lastFakeSocket().push('new-post', makeJosie(9)));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('says so when nothing is saved yet', async () => {
    renderApp('/saved', {
      session: makeSession('listener'),
      routes: [
        preferences,
        { method: 'GET', path: '/api/josies/saved', reply: () => json(200, feedPage([])) },
      ],
    });
    expect(await screen.findByText('No saved josies yet', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse your feed' })).toHaveAttribute('href', '/');
  });
});
