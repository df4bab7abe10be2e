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

  it('indexes the genres at the top, each a link to its row', async () => {
    renderApp('/explore', { routes: [getRoute('/api/explore', () => overview())] });
    const index = await screen.findByRole('navigation', { name: 'Jump to a genre' }, { timeout: 5000 });
    const links = within(index).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Jazz', 'Shoegaze']);
    for (const link of links) {
      const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      expect(target).toBe(screen.getByRole('region', { name: link.textContent ?? '' }));
    }
    // Before the rows: the first thing after the page's lead.
    const trending = screen.getByRole('region', { name: 'Trending this week' });
    expect(index.compareDocumentPosition(trending) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['en', 'ltr', 'Previous: Jazz', 'Next: Jazz', 1],
    ['he', 'rtl', 'הקודמות: ג׳אז', 'הבאות: ג׳אז', -1],
  ] as const)(
    'gives each row previous and next arrows, disabled at its edges and mirrored in RTL (%s)',
    async (language, dir, previousLabel, nextLabel, sign) => {
      window.localStorage.setItem('i18nextLng', language);
      const { user } = renderApp('/explore', {
        flags: { language_select: 'true' },
        routes: [getRoute('/api/explore', () => overview())],
      });
      await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', dir));
      const previous = await screen.findByRole('button', { name: previousLabel }, { timeout: 5000 });
      const next = screen.getByRole('button', { name: nextLabel });
      const row = document.getElementById(next.getAttribute('aria-controls') ?? '') as HTMLUListElement;
      expect(row).toBe(screen.getByRole('list', { name: previousLabel.split(': ')[1] }));
      // A row wider than its view, at its start.
      Object.defineProperty(row, 'scrollWidth', { configurable: true, value: 1200 });
      Object.defineProperty(row, 'clientWidth', { configurable: true, value: 500 });
      const scrolled: number[] = [];
      row.scrollBy = ((options: ScrollToOptions) => {
        scrolled.push(options.left ?? 0);
        row.scrollLeft += options.left ?? 0;
        row.dispatchEvent(new Event('scroll'));
      }) as typeof row.scrollBy;
      row.dispatchEvent(new Event('scroll'));
      await waitFor(() => expect(next).toBeEnabled());
      expect(previous).toBeDisabled();

      // Keyboard: Tab reaches the arrow, Enter presses it.
      next.focus();
      await user.keyboard('{Enter}');
      expect(scrolled).toEqual([sign * 400]);
      await waitFor(() => expect(previous).toBeEnabled());
      // The icons turn round in a right-to-left page.
      expect(next.querySelector('svg')).toHaveClass('rtl:-scale-x-100');

      await user.click(previous);
      expect(scrolled).toEqual([sign * 400, -sign * 400]);
      await waitFor(() => expect(previous).toBeDisabled());
    },
  );

  it('orders the genre rows and the index by their Hebrew names for a Hebrew reader', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    renderApp('/explore', {
      flags: { language_select: 'true' },
      routes: [
        getRoute('/api/explore', () => ({
          data: {
            ...overview().data,
            genres: ['HipHop', 'Jazz', 'Pop', 'Shoegaze'].map((name, i) => ({
              name,
              posts: [makeJosie(10 + i, { genres: [name] })],
            })),
          },
        })),
      ],
    });
    const index = await screen.findByRole('navigation', { name: 'קפיצה לז׳אנר' }, { timeout: 5000 });
    await waitFor(() =>
      expect(
        within(index)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['ג׳אז', 'היפ-הופ', 'פופ', 'Shoegaze']),
    );
  });

  it('shows the error with Try again, and the empty state when nothing is published', async () => {
    let answer: unknown = json(500, { message: 'Explore is down', code: 'INTERNAL_ERROR' });
    const { user } = renderApp('/explore', { routes: [getRoute('/api/explore', () => answer)] });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Could not load Explore');
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
    // The genre's Atom feed (decision 0042): a plain link to the server's document.
    const feed = screen.getByRole('link', { name: 'Atom feed' });
    expect(feed).toHaveAttribute('href', '/explore/genre/Jazz/feed.atom');
    expect(feed).toHaveAttribute('type', 'application/atom+xml');
    expect(feed).toHaveAttribute('title', "Follow this genre's josies in a feed reader");
  });

  it('says when the genre has no josies', async () => {
    renderApp('/explore/genre/Polka', {
      routes: [getRoute('/api/explore/genres/Polka', () => feedPage([]))],
    });
    expect(await screen.findByText('No josies in Polka yet.', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it.each([
    ['en', 'Genre not found', 'There is no genre by this name on Josie.', 'All genres'],
    ['he', 'הז׳אנר לא נמצא', 'אין ב-Josie ז׳אנר בשם הזה.', 'כל הז׳אנרים'],
  ] as const)(
    'says there is no such genre when the server knows none, not "no josies yet" (%s)',
    async (language, title, text, back) => {
      window.localStorage.setItem('i18nextLng', language);
      renderApp('/explore/genre/Zydeco', {
        flags: { language_select: 'true' },
        routes: [
          getRoute('/api/explore/genres/Zydeco', () =>
            json(404, { message: 'Genre not found', code: 'NOT_FOUND' }),
          ),
        ],
      });
      await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', language));
      expect(
        await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 }),
      ).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByText(/Zydeco/)).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: back })).toHaveAttribute('href', '/explore');
      expect(screen.queryByRole('link', { name: /Atom/ })).not.toBeInTheDocument();
    },
  );

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
    expect(alert).toHaveTextContent('Could not load this genre');
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
      await screen.findByRole('heading', { level: 1, name: 'ג׳אז' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('עדיין אין ג׳וזיז בז׳אנר ג׳אז.')).toBeInTheDocument();
    const feed = screen.getByRole('link', { name: 'פיד Atom' });
    expect(feed).toHaveAttribute('href', '/explore/genre/Jazz/feed.atom');
    expect(feed).toHaveAttribute('title', 'לעקוב אחרי הג׳וזיז בז׳אנר הזה בקורא פידים');
  });
});
