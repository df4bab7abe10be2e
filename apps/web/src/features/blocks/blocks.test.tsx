import type { AccountRelationsResponse, Comment, CommentsResponse, RelatedAccount } from '@josie/contract';
import { ROUTES } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { accountRoutes } from '../account/testing';
import { makeJosie } from '../josie/testing';

const josie = makeJosie({ _id: 'j1', title: 'Night drive', status: 'published', commentCount: 2 });
const session = makeSession('listener');
const me = session.user;

function comment(id: string, author: { _id: string; name: string }): Comment {
  return {
    _id: id,
    josieId: 'j1',
    parentId: null,
    author: { ...author, avatar: null },
    text: `Words of ${id}`,
    removed: false,
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    editedAt: null,
    canEdit: false,
    canDelete: false,
  };
}
const page = (comments: Comment[]): CommentsResponse => ({
  data: {
    comments: comments.map((c) => ({ ...c, replies: [], replyCount: 0 })),
    nextCursor: null,
    commentCount: comments.length,
    policy: 'everyone',
  },
});
const troll = { _id: 'u-troll', name: 'Troll Person' };
const mine = comment('c-mine', { _id: me.id, name: me.name });
const theirs = comment('c-troll', troll);

/** The josie page with comments on; the thread shows the troll's comment until `hidden()` says not. */
function josiePage(hidden: () => boolean, extra: StubRoute[] = []): StubRoute[] {
  return [
    { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
    {
      method: 'GET',
      path: '/api/josies/j1/comments',
      reply: () => json(200, page(hidden() ? [mine] : [mine, theirs])),
    },
    ...extra,
  ];
}

beforeAll(async () => {
  await import('../josie/JosieViewPage');
  await import('../comments/CommentsSection');
  await import('../account/AccountPage');
});
afterEach(() => {
  toast.dismiss();
  localStorage.removeItem('i18nextLng');
  window.history.replaceState(null, '', '/');
});

describe('muting and blocking from a comment (decision 0048)', () => {
  it("offers Mute and Block on another person's comment only, and never to a visitor", async () => {
    renderApp('/josie/j1', { flags: { comments: 'true' }, session, routes: josiePage(() => false) });
    expect(await screen.findByText('Words of c-troll')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute Troll Person' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Block Troll Person' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Mute ${me.name}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Block ${me.name}` })).toBeNull();
  });

  it('shows a visitor no Mute or Block', async () => {
    renderApp('/josie/j1', { flags: { comments: 'true' }, routes: josiePage(() => false) });
    expect(await screen.findByText('Words of c-troll')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mute|^Block/ })).toBeNull();
  });

  it('blocks after a confirmation that says what it does; the comments leave without a reload', async () => {
    let blocked: unknown = null;
    const { user, stub } = renderApp('/josie/j1', {
      flags: { comments: 'true' },
      session,
      routes: josiePage(
        () => blocked !== null,
        [
          {
            ...ROUTES.block,
            reply: (r) => {
              blocked = r.body;
              return json(200, { data: { userId: troll._id, active: true } });
            },
          },
        ],
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Block Troll Person' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Troll Person').tagName).toBe('BDI');
    expect(within(dialog).getByText(/won't be able to comment on your josies/)).toBeInTheDocument();
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.calls('POST', '/api/blocks')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Block Troll Person' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(screen.queryByText('Words of c-troll')).toBeNull());
    expect(blocked).toEqual({ userId: troll._id });
    expect(screen.getByText('Words of c-mine')).toBeInTheDocument();
    expect(await screen.findByText(/is blocked\./)).toBeInTheDocument();
  });

  it('mutes at once; the comments leave the thread', async () => {
    let muted = false;
    const { user } = renderApp('/josie/j1', {
      flags: { comments: 'true' },
      session,
      routes: josiePage(
        () => muted,
        [
          {
            ...ROUTES.mute,
            reply: () => {
              muted = true;
              return json(200, { data: { userId: troll._id, active: true } });
            },
          },
        ],
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Mute Troll Person' }));
    await waitFor(() => expect(screen.queryByText('Words of c-troll')).toBeNull());
    expect(await screen.findByText(/is muted\. You won't see their comments\./)).toBeInTheDocument();
  });

  it("shows the blocked account's refusal by its code, in English and in Hebrew", async () => {
    const refusal: StubRoute = {
      method: 'POST',
      path: '/api/josies/j1/comments',
      reply: () => json(403, { message: 'Server words', code: 'BLOCKED' }),
    };
    const { user, unmount } = renderApp('/josie/j1', {
      flags: { comments: 'true' },
      session,
      routes: josiePage(() => false, [refusal]),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Write a comment' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText("You can't comment here.")).toBeInTheDocument();
    expect(screen.queryByText('Server words')).toBeNull();
    unmount();

    window.history.replaceState(null, '', '/josie/j1?lng=he');
    const hebrew = renderApp('/josie/j1?lng=he', {
      flags: { comments: 'true', language_select: 'true' },
      session,
      routes: josiePage(() => false, [refusal]),
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'), { timeout: 5000 });
    await hebrew.user.type(await screen.findByRole('textbox', { name: 'כתבו תגובה' }), 'שלום');
    await hebrew.user.click(screen.getByRole('button', { name: 'פרסום' }));
    expect(await screen.findByText('אי אפשר להגיב כאן.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'להשתיק את Troll Person' })).toBeInTheDocument();
  });
});

describe('the account page\'s "Blocked and muted" tab (decision 0048)', () => {
  const account = (id: string, name: string): RelatedAccount => ({
    _id: id,
    name,
    avatar: null,
    since: '2026-12-01T10:00:00.000000Z',
  });
  const list = (accounts: RelatedAccount[], nextCursor: string | null = null): AccountRelationsResponse => ({
    data: { accounts, nextCursor },
  });
  const open = (routes: StubRoute[], path = '/account?tab=blocked') =>
    renderApp(path, { session, routes: [...routes, ...accountRoutes(session.user)] });

  it('lists both, unblocks and unmutes, and shows the empty states', async () => {
    let blocked = [account('b1', 'Blocked One')];
    let muted = [account('m1', 'Muted One')];
    const { user, stub } = open([
      { ...ROUTES.listBlocks, reply: () => json(200, list(blocked)) },
      { ...ROUTES.listMutes, reply: () => json(200, list(muted)) },
      {
        method: 'DELETE',
        path: '/api/blocks/b1',
        reply: () => {
          blocked = [];
          return json(200, { data: { userId: 'b1', active: false } });
        },
      },
      {
        method: 'DELETE',
        path: '/api/mutes/m1',
        reply: () => {
          muted = [];
          return json(200, { data: { userId: 'm1', active: false } });
        },
      },
    ]);
    const blockedList = within(await screen.findByRole('region', { name: 'Blocked accounts' }));
    // The name, isolated, and again in the Unblock button's label for screen readers.
    const names = await blockedList.findAllByText('Blocked One');
    expect(names.map((n) => n.tagName)).toEqual(['BDI', 'BDI']);
    expect(blockedList.getByText(/^Since /)).toBeInTheDocument();
    const mutedList = within(screen.getByRole('region', { name: 'Muted accounts' }));
    expect((await mutedList.findAllByText('Muted One')).length).toBeGreaterThan(0);

    await user.click(blockedList.getByRole('button', { name: 'Unblock Blocked One' }));
    expect(await blockedList.findByText("You haven't blocked anyone.")).toBeInTheDocument();
    expect(stub.calls('DELETE', '/api/blocks/b1')).toHaveLength(1);
    await user.click(mutedList.getByRole('button', { name: 'Unmute Muted One' }));
    expect(await mutedList.findByText("You haven't muted anyone.")).toBeInTheDocument();
  });

  it('pages with "Load more" and retries a failed read', async () => {
    let failing = true;
    const { user } = open([
      {
        ...ROUTES.listBlocks,
        reply: (r) =>
          r.url.searchParams.get('cursor')
            ? json(200, list([account('b2', 'Second Page')]))
            : json(200, list([account('b1', 'First Page')], 'next')),
      },
      {
        ...ROUTES.listMutes,
        reply: () => (failing ? json(500, { message: 'x', code: 'INTERNAL_ERROR' }) : json(200, list([]))),
      },
    ]);
    const blockedList = within(await screen.findByRole('region', { name: 'Blocked accounts' }));
    expect(await blockedList.findByRole('button', { name: 'Unblock First Page' })).toBeInTheDocument();
    await user.click(blockedList.getByRole('button', { name: 'Load more' }));
    expect(await blockedList.findByRole('button', { name: 'Unblock Second Page' })).toBeInTheDocument();
    expect(blockedList.queryByRole('button', { name: 'Load more' })).toBeNull();

    const mutedList = within(screen.getByRole('region', { name: 'Muted accounts' }));
    expect(await mutedList.findByText('The list could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(mutedList.getByRole('button', { name: /Try again/ }));
    expect(await mutedList.findByText("You haven't muted anyone.")).toBeInTheDocument();
  });

  it('reads in Hebrew', async () => {
    window.history.replaceState(null, '', '/account?tab=blocked&lng=he');
    renderApp('/account?tab=blocked&lng=he', {
      session,
      flags: { language_select: 'true' },
      routes: [
        { ...ROUTES.listBlocks, reply: () => json(200, list([account('b1', 'Noa')])) },
        { ...ROUTES.listMutes, reply: () => json(200, list([])) },
        ...accountRoutes(session.user),
      ],
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'), { timeout: 5000 });
    const blockedList = within(
      await screen.findByRole('region', { name: 'חשבונות חסומים' }, { timeout: 5000 }),
    );
    expect(await blockedList.findByRole('button', { name: 'לבטל את החסימה של Noa' })).toBeInTheDocument();
    expect(screen.getByText('לא השתקתם אף אחד.')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
