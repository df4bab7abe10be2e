import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastFakeSocket, resetFakeSockets } from '../../realtime/testing';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { feedPage, makeCuratorCard, makeJosie, preferencesAnswer } from './fixtures';

vi.mock('socket.io-client', async () => (await import('../../realtime/testing')).socketIoModule);

const preferences: StubRoute = {
  method: 'GET',
  path: '/api/users/me/preferences',
  reply: () => json(200, preferencesAnswer()),
};

describe('home strip and feed (spec 000 §2)', () => {
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

  it("shows 'Error loading curators: ' with the message when the strip fails", async () => {
    renderApp('/', {
      session: makeSession('curator'),
      routes: [
        preferences,
        {
          method: 'GET',
          path: '/api/users/curators/feed',
          reply: () => json(503, { message: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }),
        },
        { method: 'GET', path: '/api/josies/feed', reply: () => json(200, feedPage([])) },
      ],
    });
    expect(
      await screen.findByText('Error loading curators: Service unavailable', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('No posts to show')).toBeInTheDocument();
  });
});

describe('saved page (DESIGN §9.15)', () => {
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
