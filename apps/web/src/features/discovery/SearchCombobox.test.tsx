import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { feedPage, makeJosie } from '../feed/fixtures';
import { SUGGEST_DEBOUNCE_MS } from './SearchCombobox';
import { curatorsPage, getRoute, makeCurator } from './testing';

const JOSIES = [makeJosie(1, { title: 'Jazz at night' }), makeJosie(2, { title: 'Jazz for breakfast' })];
const CURATORS = [makeCurator(1, { name: 'Jazz Noa' })];

function routes() {
  return [
    getRoute('/api/search/josies', (request) =>
      request.url.searchParams.get('q') === 'nothing' ? feedPage([]) : feedPage(JOSIES),
    ),
    getRoute('/api/search/curators', (request) =>
      request.url.searchParams.get('q') === 'nothing' ? curatorsPage([]) : curatorsPage(CURATORS),
    ),
    getRoute(`/api/josies/${JOSIES[0]?._id}`, () => JOSIES[0]),
  ];
}

/** Opens the header's combobox with `/` and answers it. */
async function openWithSlash(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 5000 });
  await user.keyboard('/');
  const combobox = await screen.findByRole('combobox', { name: 'Search' }, { timeout: 5000 });
  await waitFor(() => expect(combobox).toHaveFocus());
  return combobox;
}

describe('header search combobox (docs/product/routes-and-roles.md#search-and-explore)', () => {
  it('opens on "/", suggests josies and curators once typing pauses, one request per pause', async () => {
    const { user, stub } = renderApp('/about', { routes: routes() });
    const combobox = await openWithSlash(user);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    // The live region is out of the popup, hidden while collapsed: a region in a hidden box is never read.
    const live = document.getElementById(combobox.getAttribute('aria-describedby') ?? '');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live?.closest('.hidden')).toBeNull();
    await user.type(combobox, 'jazz');
    const listbox = await screen.findByRole('listbox', { name: 'Search' });
    await within(listbox).findByRole('option', { name: /Jazz at night/ }, { timeout: 5000 });
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    // Debounced: the keystrokes made one request per endpoint, for the whole word, asking for 3.
    const josieCalls = stub.calls('GET', '/api/search/josies');
    expect(josieCalls.map((call) => call.url.searchParams.get('q'))).toEqual(['jazz']);
    expect(josieCalls[0]?.url.searchParams.get('limit')).toBe('3');
    expect(stub.calls('GET', '/api/search/curators').map((c) => c.url.searchParams.get('q'))).toEqual([
      'jazz',
    ]);
    const groups = within(listbox).getAllByRole('group');
    expect(groups).toHaveLength(2);
    expect(within(groups[0] as HTMLElement).getAllByRole('option')).toHaveLength(2);
    expect(within(groups[1] as HTMLElement).getByRole('option', { name: 'Jazz Noa' })).toBeInTheDocument();
    expect(within(listbox).getAllByRole('option').at(-1)).toHaveTextContent('See all results for “jazz”');
    expect(live).toHaveTextContent('3 suggestions');
  });

  it('waits the debounce before asking', async () => {
    const { user, stub } = renderApp('/about', { routes: routes() });
    const combobox = await openWithSlash(user);
    await user.type(combobox, 'ja');
    expect(stub.calls('GET', '/api/search/josies')).toHaveLength(0);
    await act(() => new Promise((resolve) => setTimeout(resolve, SUGGEST_DEBOUNCE_MS + 50)));
    await waitFor(() => expect(stub.calls('GET', '/api/search/josies')).toHaveLength(1));
  });

  it('moves with the arrow keys (wrapping) and opens the chosen josie with Enter', async () => {
    const { user, router } = renderApp('/about', { routes: routes() });
    const combobox = await openWithSlash(user);
    await user.type(combobox, 'jazz');
    const options = await screen.findAllByRole('option', {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4), { timeout: 5000 });
    const all = screen.getAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(all[0]).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', all[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(all[3]).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', all[3]?.id);
    await user.keyboard('{ArrowDown}');
    expect(all[0]).toHaveAttribute('aria-selected', 'true');
    expect(options.length).toBeGreaterThan(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/josie/${JOSIES[0]?._id}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jazz at night' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('goes to /search?q= with Enter on the text, and Escape closes the list then empties the field', async () => {
    const { user, router } = renderApp('/about', { routes: routes() });
    const combobox = await openWithSlash(user);
    await user.type(combobox, 'jazz');
    await screen.findByRole('option', { name: /Jazz at night/ }, { timeout: 5000 });
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveValue('jazz');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveValue('');
    // Once mounted, "/" focuses the combobox itself.
    combobox.blur();
    await user.keyboard('/');
    expect(combobox).toHaveFocus();
    expect(combobox).toHaveValue('');
    await user.type(combobox, 'jazz');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=jazz');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Results for “jazz”' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('says when nothing matches, and shows the error when suggestions fail', async () => {
    const { user, stub } = renderApp('/about', { routes: routes() });
    const combobox = await openWithSlash(user);
    await user.type(combobox, 'nothing');
    // Shown in the popup and announced by the live region: the same words twice.
    expect(await screen.findAllByText('No matches for “nothing”', {}, { timeout: 5000 })).toHaveLength(2);
    stub.use(
      getRoute('/api/search/josies', () => json(500, { message: 'Search is down', code: 'INTERNAL_ERROR' })),
    );
    await user.clear(combobox);
    await user.type(combobox, 'broken');
    expect(await screen.findAllByText('Could not load suggestions', {}, { timeout: 5000 })).toHaveLength(2);
  });

  it('leaves "/" alone while the user types in a field', async () => {
    const { user } = renderApp('/search?q=x', {
      routes: [getRoute('/api/search/josies', () => feedPage([]))],
    });
    const field = await screen.findByRole(
      'searchbox',
      { name: 'Search josies and curators' },
      { timeout: 5000 },
    );
    await user.click(field);
    await user.keyboard('/');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('x/');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
