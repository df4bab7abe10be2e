import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { feedPage, makeJosies } from '../feed/fixtures';
import { curatorsPage, getRoute, makeCurator } from './testing';

const FIRST = makeJosies(1, 2);
const SECOND = makeJosies(3, 1);

describe('search page (docs/product/routes-and-roles.md#search-and-explore)', () => {
  it('lists the matching josies as feed cards and loads more with the cursor', async () => {
    const { user, stub } = renderApp('/search?q=night', {
      routes: [
        getRoute('/api/search/josies', (request) =>
          request.url.searchParams.get('cursor') === 'c2' ? feedPage(SECOND) : feedPage(FIRST, 'c2'),
        ),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Josies matching “night”' }, { timeout: 5000 });
    expect(
      within(list)
        .getAllByRole('article')
        .map((card) => card.querySelector('h3')?.textContent),
    ).toEqual(['Josie number 1', 'Josie number 2']);
    expect(screen.getByRole('tab', { name: 'Josies' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('article', { name: 'Josie number 3' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const calls = stub.calls('GET', '/api/search/josies');
    expect(
      calls.map((call) => [call.url.searchParams.get('q'), call.url.searchParams.get('cursor')]),
    ).toEqual([
      ['night', null],
      ['night', 'c2'],
    ]);
    // The curators' tab asks for nothing until it is opened.
    expect(stub.calls('GET', '/api/search/curators')).toHaveLength(0);
  });

  it('keeps the tab in the address: Curators opens with tab=curators and shows curator cards', async () => {
    const { user, router } = renderApp('/search?q=noa', {
      routes: [
        getRoute('/api/search/josies', () => feedPage([])),
        getRoute('/api/search/curators', () => curatorsPage([makeCurator(1, { name: 'Noa' })])),
      ],
    });
    expect(await screen.findByText('No josies match “noa”.', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Curators' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=noa&tab=curators'));
    const list = await screen.findByRole('list', { name: 'Curators matching “noa”' });
    const card = within(list).getByRole('link', { name: /Noa/ });
    expect(card).toHaveAttribute('href', `/curator/${makeCurator(1).id}`);
    expect(card).toHaveTextContent('Bio of curator 1');
    expect(card).toHaveTextContent('1 follower');
  });

  it('opens on the tab the address names, with its empty state', async () => {
    const { stub } = renderApp('/search?q=zzz&tab=curators', {
      routes: [getRoute('/api/search/curators', () => curatorsPage([]))],
    });
    expect(await screen.findByText('No curators match “zzz”.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Curators' })).toHaveAttribute('aria-selected', 'true');
    expect(stub.calls('GET', '/api/search/josies')).toHaveLength(0);
  });

  it('shows the error with Try again, which asks again', async () => {
    let fail = true;
    const { user } = renderApp('/search?q=night', {
      routes: [
        getRoute('/api/search/josies', () =>
          fail ? json(503, { message: 'Search is resting', code: 'INTERNAL_ERROR' }) : feedPage(FIRST),
        ),
      ],
    });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Could not load josies');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Josie number 1' })).toBeInTheDocument();
  });

  it('asks for nothing without a query, and searches from its own form', async () => {
    const { user, router, stub } = renderApp('/search', {
      routes: [getRoute('/api/search/josies', () => feedPage(FIRST))],
    });
    expect(
      await screen.findByText(
        'Type a few words: a title, an artist, a curator or a genre.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(stub.calls('GET', '/api/search/josies')).toHaveLength(0);
    await user.type(screen.getByRole('searchbox', { name: 'Search josies and curators' }), 'night{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=night'));
    expect(await screen.findByRole('article', { name: 'Josie number 1' })).toBeInTheDocument();
  });
});
