import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { feedPage, makeJosie, makeJosies } from '../feed/fixtures';
import { getRoute, makeCurator } from './testing';

function overview() {
  return {
    data: {
      trending: [makeJosie(1, { title: 'Hot one' })],
      genres: [
        { name: 'Jazz', posts: [makeJosie(2, { title: 'Blue notes', genres: ['Jazz'] })] },
        { name: 'Shoegaze', posts: [makeJosie(3, { title: 'Walls of sound', genres: ['Shoegaze'] })] },
      ],
      newCurators: [makeCurator(1, { name: 'Fresh Curator' })],
    },
  };
}

describe('explore page (docs/product/routes-and-roles.md#search-and-explore)', () => {
  it('shows a visitor trending josies, a row per genre with See all, and new curators', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderApp('/explore', {
      routes: [
        getRoute('/api/explore', async () => {
          await answered;
          return overview();
        }),
      ],
    });
    expect(await screen.findByText('Loading Explore…', {}, { timeout: 5000 })).toBeInTheDocument();
    release();
    const trending = await screen.findByRole('region', { name: 'Trending this week' });
    expect(within(trending).getByRole('article', { name: 'Hot one' })).toBeInTheDocument();
    const jazz = screen.getByRole('region', { name: 'Jazz' });
    expect(within(jazz).getByRole('article', { name: 'Blue notes' })).toBeInTheDocument();
    expect(within(jazz).getByRole('link', { name: 'See all Jazz josies' })).toHaveAttribute(
      'href',
      '/explore/genre/Jazz',
    );
    expect(
      within(screen.getByRole('region', { name: 'Shoegaze' })).getByRole('link', {
        name: 'See all Shoegaze josies',
      }),
    ).toHaveAttribute('href', '/explore/genre/Shoegaze');
    const curators = screen.getByRole('region', { name: 'New curators' });
    expect(within(curators).getByRole('link', { name: /Fresh Curator/ })).toHaveAttribute(
      'href',
      `/curator/${makeCurator(1).id}`,
    );
  });

  it('shows the error with Try again, and the empty state when nothing is published', async () => {
    let answer: unknown = json(500, { message: 'Explore is down', code: 'INTERNAL_ERROR' });
    const { user } = renderApp('/explore', { routes: [getRoute('/api/explore', () => answer)] });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Explore is down');
    answer = { data: { trending: [], genres: [], newCurators: [] } };
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing published yet. Come back soon.')).toBeInTheDocument();
  });

  it("sends a visitor's like to sign-in, and asks the server nothing", async () => {
    const { user, router, stub } = renderApp('/explore', {
      routes: [getRoute('/api/explore', () => overview())],
    });
    const card = await screen.findByRole('article', { name: 'Hot one' }, { timeout: 5000 });
    await user.click(within(card).getByRole('button', { name: /^Like/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/explore' } });
    expect(stub.requests.filter((request) => request.method === 'POST' && /like/.test(request.path))).toEqual(
      [],
    );
  });

  it('is linked from the visitor home page', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('link', { name: 'Explore the music first' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/explore');
  });
});

describe('genre page (docs/product/routes-and-roles.md#search-and-explore, decision 0020)', () => {
  it("lists the genre's josies and loads more with the cursor", async () => {
    const { user, stub } = renderApp('/explore/genre/Jazz', {
      routes: [
        getRoute('/api/explore/genres/Jazz', (request) =>
          request.url.searchParams.get('cursor') === 'next'
            ? feedPage(makeJosies(3, 1))
            : feedPage(makeJosies(1, 2), 'next'),
        ),
      ],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jazz' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Josie number 2' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Josie number 3' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(
      stub.calls('GET', '/api/explore/genres/Jazz').map((call) => call.url.searchParams.get('cursor')),
    ).toEqual([null, 'next']);
    expect(screen.getByRole('link', { name: 'All genres' })).toHaveAttribute('href', '/explore');
  });

  it('says when the genre has no josies, and when there is no such genre', async () => {
    renderApp('/explore/genre/Polka', {
      routes: [getRoute('/api/explore/genres/Polka', () => feedPage([]))],
    });
    expect(await screen.findByText('No josies in Polka yet.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('offers Try again when the genre page fails', async () => {
    let fail = true;
    const { user } = renderApp('/explore/genre/Jazz', {
      routes: [
        getRoute('/api/explore/genres/Jazz', () =>
          fail ? json(503, { message: 'Try later', code: 'INTERNAL_ERROR' }) : feedPage(makeJosies(1, 1)),
        ),
      ],
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Try later');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('article', { name: 'Josie number 1' })).toBeInTheDocument());
  });

  it('names a seed genre in Hebrew for a Hebrew reader', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp('/explore/genre/Jazz', {
      flags: { language_select: 'true' },
      routes: [getRoute('/api/explore/genres/Jazz', () => feedPage([]))],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(
      await screen.findByRole('heading', { level: 1, name: "ג'אז" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("עדיין אין ג'וזיז בז׳אנר ג'אז.")).toBeInTheDocument();
  });
});
