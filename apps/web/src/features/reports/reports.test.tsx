import type { ModerationQueueResponse, ModerationTarget } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { makeJosie } from '../josie/testing';

const josie = makeJosie({ _id: 'j1', title: 'Night drive', status: 'published' });

function target(id: string, overrides: Partial<ModerationTarget> = {}): ModerationTarget {
  return {
    targetType: 'comment',
    targetId: id,
    reportCount: 3,
    latestAt: new Date(Date.now() - 60_000).toISOString(),
    reasons: { spam: 2, other: 1 },
    texts: [{ text: 'Links to a shop', reason: 'other', createdAt: new Date().toISOString() }],
    preview: {
      exists: true,
      text: 'Buy my stuff',
      josieId: 'j1',
      josieTitle: 'Night drive',
      josieStatus: 'published',
      userId: 'u-spam',
      userName: 'Spammy',
      suspended: false,
    },
    ...overrides,
  };
}
const queue = (targets: ModerationTarget[], nextCursor: string | null = null): ModerationQueueResponse => ({
  data: { targets, nextCursor },
});

beforeAll(async () => {
  await import('./ModerationPage');
  await import('./ReportMenu');
  await import('../josie/JosieViewPage');
});
afterEach(() => {
  toast.dismiss();
  localStorage.removeItem('i18nextLng');
  window.history.replaceState(null, '', '/');
});

describe('the report dialog (decision 0047)', () => {
  const josieRoutes = (extra: StubRoute[] = []): StubRoute[] => [
    { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
    ...extra,
  ];

  it('reports a josie from its menu with the keyboard: a reason, the text "other" needs, then thanks', async () => {
    let sent: unknown = null;
    const { user, stub } = renderApp('/josie/j1', {
      session: makeSession('listener'),
      routes: josieRoutes([
        {
          method: 'POST',
          path: '/api/reports',
          reply: (r) => {
            sent = r.body;
            return json(201, { data: { report: {} } });
          },
        },
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report josie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this josie' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Tell us what is wrong.')).toBeInTheDocument();
    expect(stub.calls('POST', '/api/reports')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'What is wrong?' }), '  Stolen cover ');
    await user.keyboard('{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(/Thank you/);
    expect(sent).toEqual({ targetType: 'josie', targetId: 'j1', reason: 'other', text: 'Stolen cover' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal by its code, in Hebrew', async () => {
    window.history.replaceState(null, '', '/josie/j1?lng=he');
    const { user } = renderApp('/josie/j1?lng=he', {
      flags: { language_select: 'true' },
      session: makeSession('listener'),
      routes: josieRoutes([
        {
          method: 'POST',
          path: '/api/reports',
          reply: () => json(409, { message: 'English words', code: 'ALREADY_REPORTED' }),
        },
      ]),
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'), { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'פעולות נוספות' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('menuitem', { name: 'דיווח על הג׳וזי' }));
    const dialog = await screen.findByRole('dialog', { name: 'דיווח על הג׳וזי הזאת' });
    await user.click(within(dialog).getByRole('radio', { name: 'ספאם או פרסום' }));
    await user.click(within(dialog).getByRole('button', { name: 'שליחת הדיווח' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'כבר דיווחתם על זה. עורך יבדוק את הדיווח.',
    );
  });

  it('offers no report to a visitor nor to the josie’s creator', async () => {
    renderApp('/josie/j1', { routes: josieRoutes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });
});

describe('the moderation queue (decision 0047)', () => {
  it('shows an empty queue, and links the review queue', async () => {
    renderApp('/editor/moderation', {
      session: makeSession('editor'),
      routes: [{ method: 'GET', path: '/api/moderation/reports', reply: () => json(200, queue([])) }],
    });
    expect(await screen.findByText('Nothing reported')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review queue' })).toHaveAttribute('href', '/editor/dashboard');
  });

  it('shows a load error with a retry', async () => {
    renderApp('/editor/moderation', {
      session: makeSession('editor'),
      routes: [
        {
          method: 'GET',
          path: '/api/moderation/reports',
          reply: () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
        },
      ],
    });
    expect(
      await screen.findByText('The moderation queue could not be loaded.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('loads the next page, and keeps the first when the next one fails', async () => {
    let failing = true;
    const { user } = renderApp('/editor/moderation', {
      session: makeSession('editor'),
      routes: [
        {
          method: 'GET',
          path: '/api/moderation/reports',
          reply: (r) => {
            if (!r.url.searchParams.get('cursor')) return json(200, queue([target('c1')], 'next'));
            return failing
              ? json(503, { message: 'x', code: 'SERVICE_UNAVAILABLE' })
              : json(
                  200,
                  queue([target('c2', { preview: { ...target('c2').preview, text: 'Second page' } })]),
                );
          },
        },
      ],
    });
    expect(await screen.findByText('Buy my stuff')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      /^Could not load more: /,
    );
    expect(screen.getByText('Buy my stuff')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('previews a reported comment and removes it after a confirmation; an editor is offered no suspension', async () => {
    let acted: unknown = null;
    let reads = 0;
    const { user } = renderApp('/editor/moderation', {
      session: makeSession('editor'),
      routes: [
        {
          method: 'GET',
          path: '/api/moderation/reports',
          reply: () => json(200, queue(reads++ === 0 ? [target('c1')] : [])),
        },
        {
          method: 'POST',
          path: '/api/moderation/actions',
          reply: (r) => {
            acted = r.body;
            return json(200, { data: { resolved: 3 } });
          },
        },
      ],
    });
    expect(await screen.findByText('Buy my stuff')).toBeInTheDocument();
    expect(screen.getByText('3 reports')).toBeInTheDocument();
    expect(screen.getByText('Spam or advertising × 2')).toBeInTheDocument();
    expect(screen.getByText('Links to a shop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Night drive' })).toHaveAttribute('href', '/josie/j1');
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Remove comment' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this comment?' });
    expect(acted).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Remove comment' }));
    await waitFor(() =>
      expect(acted).toEqual({ targetType: 'comment', targetId: 'c1', action: 'remove-comment' }),
    );
    expect(await screen.findByText('Nothing reported')).toBeInTheDocument();
  });

  it('lets an admin suspend the author with a reason, in Hebrew', async () => {
    let acted: unknown = null;
    window.history.replaceState(null, '', '/editor/moderation?lng=he');
    const { user } = renderApp('/editor/moderation?lng=he', {
      flags: { language_select: 'true' },
      session: makeSession('admin'),
      routes: [
        { method: 'GET', path: '/api/moderation/reports', reply: () => json(200, queue([target('c1')])) },
        {
          method: 'POST',
          path: '/api/moderation/actions',
          reply: (r) => {
            acted = r.body;
            return json(200, { data: { resolved: 3 } });
          },
        },
      ],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'), { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'השעיית החשבון' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'להשעות את החשבון?' });
    await user.click(within(dialog).getByRole('button', { name: 'השעיה' }));
    expect(within(dialog).getByText('כתבו סיבה.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'סיבה' }), 'ספאם');
    await user.click(within(dialog).getByRole('button', { name: 'השעיה' }));
    await waitFor(() =>
      expect(acted).toEqual({ targetType: 'comment', targetId: 'c1', action: 'suspend', reason: 'ספאם' }),
    );
  });
});
