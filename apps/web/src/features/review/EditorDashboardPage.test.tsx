import type { Josie } from '@josie/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { makeJosie } from '../josie/testing';

const fresh = makeJosie({
  _id: 'p1',
  title: 'Fresh one',
  status: 'pending',
  updatedAt: '2024-06-01T10:00:00.000Z',
});
const resubmitted = makeJosie({
  _id: 'p2',
  title: 'Second try',
  status: 'pending',
  updatedAt: '2024-06-02T10:00:00.000Z',
  rejectionReason: 'Old reason',
  reviews: [
    {
      reviewedAt: '2024-05-01T10:00:00.000Z',
      reviewedBy: 'e',
      action: 'rejected',
      rejectionReason: 'First reason',
    },
    {
      reviewedAt: '2024-05-20T10:00:00.000Z',
      reviewedBy: 'e',
      action: 'rejected',
      rejectionReason: 'Latest reason',
    },
  ],
});

/** The review queue, answering what is still pending. */
function queue(initial: Josie[]) {
  let pending = [...initial];
  const routes: StubRoute[] = [
    { method: 'GET', path: '/api/josies/pending', reply: () => json(200, { data: { posts: pending } }) },
    {
      method: 'PUT',
      path: /^\/api\/josies\/\w+\/(approve|reject)$/,
      reply: (request) => {
        const [, , , id, action] = request.path.split('/');
        const josie = pending.find((j) => j._id === id) as Josie;
        pending = pending.filter((j) => j._id !== id);
        const body = request.body as { rejectionReason?: string } | undefined;
        return json(
          200,
          action === 'approve'
            ? { ...josie, status: 'published' }
            : { ...josie, status: 'rejected', rejectionReason: body?.rejectionReason ?? null },
        );
      },
    },
  ];
  return routes;
}

function rowOf(title: string): HTMLElement {
  const table = screen.getByRole('table', { name: 'Josies waiting for review' });
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByRole('link', { name: title }));
  if (!row) throw new Error(`No row for ${title}`);
  return row;
}

function events(stub: ReturnType<typeof renderApp>['stub'], name: string) {
  return stub
    .calls('POST', '/api/analytics/events')
    .map((r) => r.body as { name: string; params: Record<string, unknown> })
    .filter((event) => event.name === name);
}

beforeAll(async () => {
  await import('./EditorDashboardPage');
});

afterEach(() => {
  toast.dismiss();
});

describe('editor dashboard (docs/product/routes-and-roles.md#review, docs/product/rules-and-limits.md#review-flow, docs/product/routes-and-roles.md#api, docs/product/messages.md#josies)', () => {
  it('lists pending josies with title, last update and actions', async () => {
    renderApp('/editor/dashboard', { session: makeSession('editor'), routes: queue([fresh, resubmitted]) });
    await screen.findByRole('table', { name: 'Josies waiting for review' });
    const row = rowOf('Fresh one');
    expect(within(row).getByRole('link', { name: 'Fresh one' })).toHaveAttribute('href', '/josie/p1');
    expect(within(row).getByText('Jun 1, 2024')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/josie/edit/p1');
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(rowOf('Second try')).getByText('Resubmitted')).toBeInTheDocument();
    expect(screen.getByText('2 josies are waiting for your review.')).toBeInTheDocument();
  });

  it('opens the josie when a row is clicked', async () => {
    const { user, router } = renderApp('/editor/dashboard', {
      session: makeSession('editor'),
      routes: [...queue([fresh]), { method: 'GET', path: '/api/josies/p1', reply: () => json(200, fresh) }],
    });
    await screen.findByRole('table', { name: 'Josies waiting for review' });
    await user.click(within(rowOf('Fresh one')).getByText('Jun 1, 2024'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/josie/p1'));
  });

  it('expands a row to the latest rejection reason of a resubmitted josie', async () => {
    const { user } = renderApp('/editor/dashboard', {
      session: makeSession('editor'),
      routes: queue([fresh, resubmitted]),
    });
    await screen.findByRole('table', { name: 'Josies waiting for review' });
    const expand = within(rowOf('Second try')).getByRole('button', { name: 'Show details' });
    await user.click(expand);
    const details = document.getElementById(expand.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(details).getByText('Latest reason')).toBeInTheDocument();

    await user.click(within(rowOf('Fresh one')).getByRole('button', { name: 'Show details' }));
    expect(screen.getByText('Not rejected before.')).toBeInTheDocument();
  });

  it('approves from the row: the josie leaves the queue and approve_josie is sent', async () => {
    const { user, stub } = renderApp('/editor/dashboard', {
      session: makeSession('editor'),
      routes: queue([fresh, resubmitted]),
    });
    await screen.findByRole('table', { name: 'Josies waiting for review' });
    await user.click(within(rowOf('Fresh one')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Josie approved and published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fresh one' })).not.toBeInTheDocument());
    expect(stub.calls('PUT', '/api/josies/p1/approve')).toHaveLength(1);
    await waitFor(() =>
      expect(events(stub, 'approve_josie')[0]?.params).toMatchObject({
        josie_id: 'p1',
        josie_title: 'Fresh one',
        editor_role: 'editor',
      }),
    );
  });

  it('rejects from the row in two presses with a reason', async () => {
    const { user, stub } = renderApp('/editor/dashboard', {
      session: makeSession('admin'),
      routes: queue([fresh, resubmitted]),
    });
    await screen.findByRole('table', { name: 'Josies waiting for review' });
    const reject = within(rowOf('Second try')).getByRole('button', { name: 'Reject' });
    await user.click(reject);
    expect(reject).toHaveAccessibleName('Confirm reject');
    await user.click(reject);
    expect(await screen.findByText('Please write a reason for the rejection.')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/josies/p2/reject')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Rejection reason' }), ' Still no song ');
    await user.click(reject);
    expect(await screen.findByText('Josie rejected; the curator will see your reason')).toBeInTheDocument();
    expect(stub.calls('PUT', '/api/josies/p2/reject')[0]?.body).toEqual({ rejectionReason: 'Still no song' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Second try' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(events(stub, 'reject_josie')[0]?.params).toMatchObject({
        josie_id: 'p2',
        reason: 'Still no song',
        editor_role: 'admin',
      }),
    );
  });

  it('sends one approval for a double click on Approve, and shows one toast', async () => {
    const { stub } = renderApp('/editor/dashboard', {
      session: makeSession('editor'),
      routes: queue([fresh, resubmitted]),
    });
    await screen.findByRole('table', { name: 'Josies waiting for review' });
    const approve = within(rowOf('Fresh one')).getByRole('button', { name: 'Approve' });
    // Two clicks in one task: before the pending state can disable the button.
    fireEvent.click(approve);
    fireEvent.click(approve);
    expect(await screen.findByText('Josie approved and published')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Fresh one' })).not.toBeInTheDocument());
    expect(stub.calls('PUT', '/api/josies/p1/approve')).toHaveLength(1);
    expect(screen.queryByText('Failed to approve josie')).toBeNull();
  });

  it('sends one rejection for a double click on Confirm reject', async () => {
    const { user, stub } = renderApp('/editor/dashboard', {
      session: makeSession('editor'),
      routes: queue([fresh, resubmitted]),
    });
    await screen.findByRole('table', { name: 'Josies waiting for review' });
    const reject = within(rowOf('Second try')).getByRole('button', { name: 'Reject' });
    await user.click(reject);
    await user.type(screen.getByRole('textbox', { name: 'Rejection reason' }), 'No song');
    fireEvent.click(reject);
    fireEvent.click(reject);
    expect(await screen.findByText('Josie rejected; the curator will see your reason')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Second try' })).not.toBeInTheDocument());
    expect(stub.calls('PUT', '/api/josies/p2/reject')).toHaveLength(1);
  });

  it('says when there is nothing to review', async () => {
    renderApp('/editor/dashboard', { session: makeSession('editor'), routes: queue([]) });
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  });

  it("shows 'Error' and the message when the queue fails to load", async () => {
    renderApp('/editor/dashboard', {
      session: makeSession('editor'),
      routes: [
        {
          method: 'GET',
          path: '/api/josies/pending',
          reply: () => json(403, { message: 'Editors only', code: 'FORBIDDEN' }),
        },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ErrorCould not load the review queue. Please try again.',
    );
  });

  it("says the queue's own message when a failure carries none", async () => {
    renderApp('/editor/dashboard', {
      session: makeSession('editor'),
      routes: [
        {
          method: 'GET',
          path: '/api/josies/pending',
          reply: () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
        },
      ],
    });
    // One retry after a server failure, a second later.
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Could not load the review queue. Please try again.');
    expect(alert).not.toHaveTextContent('Internal Server Error');
  });
});
