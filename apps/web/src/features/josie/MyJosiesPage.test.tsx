import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { nextSort, sortJosies } from './josieSort';
import { ME, makeJosie } from './testing';

const mine = { ...makeJosie().creator, _id: ME, name: 'Dana Levi' };
const josies = [
  makeJosie({ _id: 'a', title: 'banana split', updatedAt: '2024-05-02T10:00:00.000Z', creator: mine }),
  makeJosie({
    _id: 'b',
    title: 'Apple pie',
    status: 'rejected',
    updatedAt: '2024-05-03T10:00:00.000Z',
    text: 'One two three',
    rejectionReason: 'Needs a song',
    reviews: [
      {
        reviewedAt: '2024-05-03T09:00:00.000Z',
        reviewedBy: 'e',
        action: 'rejected',
        rejectionReason: 'Needs a song',
      },
    ],
    creator: mine,
  }),
  makeJosie({
    _id: 'c',
    title: 'Cherry',
    status: 'pending',
    updatedAt: '2024-05-01T10:00:00.000Z',
    creator: mine,
  }),
];

const list = (posts = josies): StubRoute => ({
  method: 'GET',
  path: '/api/josies/my-josies',
  reply: () => json(200, { data: { posts } }),
});

function titlesInOrder(): string[] {
  const table = screen.getByRole('table', { name: 'Your josies' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .filter((row) => !row.hidden)
    .map((row) => within(row).getAllByRole('cell')[0]?.querySelector('[dir="auto"]')?.textContent ?? '');
}

beforeAll(async () => {
  await import('./MyJosiesPage');
});

afterEach(() => {
  toast.dismiss();
});

describe('sorting rules (docs/product/routes-and-roles.md#authoring, docs/product/rules-and-limits.md#constants)', () => {
  it('toggles the active field and starts another one descending', () => {
    expect(nextSort({ field: 'updatedAt', direction: 'desc' }, 'updatedAt')).toEqual({
      field: 'updatedAt',
      direction: 'asc',
    });
    expect(nextSort({ field: 'updatedAt', direction: 'asc' }, 'title')).toEqual({
      field: 'title',
      direction: 'desc',
    });
  });

  it('sorts titles with the language collation, ignoring case', () => {
    expect(sortJosies(josies, { field: 'title', direction: 'asc' }, 'en').map((j) => j.title)).toEqual([
      'Apple pie',
      'banana split',
      'Cherry',
    ]);
  });
});

describe('my josies page (docs/product/routes-and-roles.md#authoring, docs/product/messages.md#josies)', () => {
  it("says the page's own message, in the reader's language, when a failure carries none", async () => {
    const failing: StubRoute = {
      method: 'GET',
      path: '/api/josies/my-josies',
      reply: () => new Response('<h1>oops</h1>', { status: 500, statusText: 'Internal Server Error' }),
    };
    renderApp('/my-josies', { session: makeSession('curator'), routes: [failing] });
    // One retry after a server failure, a second later.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Could not load your josies. Please try again.');
    expect(alert).not.toHaveTextContent('Internal Server Error');
  });

  it('says it in Hebrew to a Hebrew reader', async () => {
    window.localStorage.setItem('i18nextLng', 'he');
    const failing: StubRoute = {
      method: 'GET',
      path: '/api/josies/my-josies',
      reply: () => new Response(null, { status: 400, statusText: 'Bad Request' }),
    };
    renderApp('/my-josies', {
      session: makeSession('curator'),
      routes: [failing],
      flags: { language_select: 'true' },
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('לא הצלחנו לטעון את הג׳וזיז שלכם. נסו שוב.');
    expect(alert).not.toHaveTextContent('Bad Request');
  });

  it('lists by last update, newest first, and re-sorts on the sort buttons', async () => {
    const { user } = renderApp('/my-josies', { session: makeSession('curator'), routes: [list()] });
    await screen.findByRole('table', { name: 'Your josies' });
    expect(titlesInOrder()).toEqual(['Apple pie', 'banana split', 'Cherry']);
    const updated = screen.getByRole('button', { name: 'Last updated' });
    expect(updated).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Latest updates first')).toBeInTheDocument();

    await user.click(updated);
    expect(titlesInOrder()).toEqual(['Cherry', 'banana split', 'Apple pie']);
    expect(screen.getByText('Oldest updates first')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(screen.getByRole('button', { name: 'Title' })).toHaveAttribute('aria-pressed', 'true');
    expect(titlesInOrder()).toEqual(['Cherry', 'banana split', 'Apple pie']);
    await user.click(screen.getByRole('button', { name: 'Title' }));
    expect(titlesInOrder()).toEqual(['Apple pie', 'banana split', 'Cherry']);
  });

  it('shows status badges, dates and the actions of each row', async () => {
    renderApp('/my-josies', { session: makeSession('curator'), routes: [list()] });
    const table = await screen.findByRole('table', { name: 'Your josies' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByText('May 3, 2024')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/josie/edit/b');
    expect(within(row).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/josie/b');
    expect(within(table).getByText('Pending review')).toBeInTheDocument();
    expect(within(table).getByText('Published')).toBeInTheDocument();
  });

  it('expands a row to its excerpt, status and latest rejection reason', async () => {
    const { user } = renderApp('/my-josies', { session: makeSession('curator'), routes: [list()] });
    const table = await screen.findByRole('table', { name: 'Your josies' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    const expand = within(row).getByRole('button', { name: 'Show details' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(within(row).getByRole('button', { name: 'Hide details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const details = document.getElementById(expand.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(details).toBeVisible();
    expect(within(details).getByText('One two three')).toBeInTheDocument();
    expect(within(details).getByText('Needs a song')).toBeInTheDocument();
  });

  it('deletes after a confirmation, and says so when it fails', async () => {
    let fail = false;
    let stored = [...josies];
    const { user, stub } = renderApp('/my-josies', {
      session: makeSession('curator'),
      routes: [
        { method: 'GET', path: '/api/josies/my-josies', reply: () => json(200, { data: { posts: stored } }) },
        {
          method: 'DELETE',
          path: /^\/api\/josies\/\w+$/,
          reply: (request) => {
            if (fail) return json(500, { message: 'Boom', code: 'INTERNAL_ERROR' });
            stored = stored.filter((j) => request.path !== `/api/josies/${j._id}`);
            return json(200, { success: true });
          },
        },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Your josies' });
    const firstRow = within(table).getAllByRole('row')[1] as HTMLElement;
    await user.click(within(firstRow).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this josie?' });
    expect(dialog).toHaveAccessibleDescription(
      '“Apple pie” will be deleted for good. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.calls('DELETE', '/api/josies/b')).toHaveLength(0);

    await user.click(within(firstRow).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titlesInOrder()).toEqual(['banana split', 'Cherry']));
    expect(stub.calls('DELETE', '/api/josies/b')).toHaveLength(1);
    expect(await screen.findByText('Josie deleted')).toBeInTheDocument();

    fail = true;
    const next = within(table).getAllByRole('row')[1] as HTMLElement;
    await user.click(within(next).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete this josie. Please try again.')).toBeInTheDocument();
    expect(titlesInOrder()).toEqual(['banana split', 'Cherry']);
  });

  it('offers to create the first josie when there is none, and always a floating create button', async () => {
    renderApp('/my-josies', { session: makeSession('curator'), routes: [list([])] });
    expect(await screen.findByText("You haven't written any josies yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first josie' })).toHaveAttribute(
      'href',
      '/josie/new',
    );
    expect(screen.getByRole('link', { name: 'New josie' })).toHaveAttribute('href', '/josie/new');
  });

  it('shows the error with a retry when the list fails to load', async () => {
    renderApp('/my-josies', {
      session: makeSession('curator'),
      routes: [
        {
          method: 'GET',
          path: '/api/josies/my-josies',
          reply: () => json(403, { message: 'Only curators have josies', code: 'FORBIDDEN' }),
        },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ErrorCould not load your josies. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
