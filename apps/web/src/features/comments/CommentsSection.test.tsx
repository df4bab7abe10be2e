import type { Comment, CommentsResponse, CommentThread } from '@josie/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastFakeSocket } from '../../realtime/testing';
import { json, type StubRoute } from '../../test/fetchStub';
import { makeSession } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';
import { makeJosie } from '../josie/testing';
import { linkParts } from './CommentText';

const josie = makeJosie({ _id: 'j1', title: 'Night drive', status: 'published', commentCount: 3 });
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

function comment(id: string, overrides: Partial<Comment> = {}): Comment {
  return {
    _id: id,
    josieId: 'j1',
    parentId: null,
    author: { _id: `u-${id}`, name: `Person ${id}`, avatar: null },
    text: `Words of ${id}`,
    removed: false,
    createdAt: at(90),
    editedAt: null,
    canEdit: false,
    canDelete: false,
    ...overrides,
  };
}
const thread = (c: Comment, replies: Comment[] = [], replyCount = replies.length): CommentThread => ({
  ...c,
  replies,
  replyCount,
});
const page = (comments: CommentThread[], nextCursor: string | null = null, count = 3): CommentsResponse => ({
  data: { comments, nextCursor, commentCount: count, policy: 'everyone' },
});

const routes = (comments: (url: URL) => CommentsResponse, extra: StubRoute[] = []): StubRoute[] => [
  { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
  { method: 'GET', path: '/api/josies/j1/comments', reply: (r) => json(200, comments(r.url)) },
  ...extra,
];

beforeAll(async () => {
  await import('../josie/JosieViewPage');
  await import('./CommentsSection');
});
afterEach(() => {
  toast.dismiss();
  // A `?lng=` link is remembered as a choice (LanguageSync); the test setup clears the cookie.
  localStorage.removeItem('i18nextLng');
  window.history.replaceState(null, '', '/');
});

describe('comments under a josie (docs/decisions/0046-comments.md)', () => {
  it('shows nothing of comments while the flag is off', async () => {
    const { stub } = renderApp('/josie/j1', { flags: { comments: 'false' }, routes: routes(() => page([])) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Night drive' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: /Comments/ })).toBeNull();
    expect(stub.calls('GET', '/api/josies/j1/comments')).toHaveLength(0);
  });

  it('shows a visitor the count, the threads with their text and links, and "Log in to comment"', async () => {
    const reply = comment('r1', { parentId: 'c1', text: 'See https://example.com/x now', createdAt: at(5) });
    renderApp('/josie/j1', {
      flags: { comments: 'true' },
      routes: routes(() =>
        page([
          thread(comment('c1', { text: 'First line\nsecond line', editedAt: at(80) }), [reply], 4),
          thread(comment('c2', { removed: true, author: null, text: null }), [
            comment('r2', { parentId: 'c2' }),
          ]),
        ]),
      ),
    });
    expect(await screen.findByRole('heading', { name: /Comments \(3 comments\)/ })).toBeInTheDocument();
    const first = (await screen.findByText(/First line/)).closest('p') as HTMLElement;
    expect(first).toHaveAttribute('dir', 'auto');
    expect(first.textContent).toBe('First line\nsecond line');
    expect(screen.getByText('(edited)')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'https://example.com/x' });
    expect(link).toHaveAttribute('href', 'https://example.com/x');
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(screen.getByText('Comment removed')).toBeInTheDocument();
    expect(screen.getByText('Person c1').tagName).toBe('BDI');
    expect(screen.getByRole('button', { name: 'Show 3 more replies' })).toBeInTheDocument();
    const login = screen.getByRole('link', { name: 'Log in to comment' });
    expect(login).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('tells an unverified user to verify their email instead of a box', async () => {
    renderApp('/josie/j1', {
      flags: { comments: 'true' },
      session: makeSession('listener', { emailVerified: false }),
      routes: routes(() => page([])),
    });
    expect(await screen.findByText(/Verify your email address to comment/)).toBeInTheDocument();
    expect(await screen.findByText('No comments yet. Be the first to say something.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('posts a comment and shows a refusal by its code, in Hebrew too', async () => {
    let posted: unknown = null;
    const { user, stub } = renderApp('/josie/j1', {
      flags: { comments: 'true' },
      session: makeSession('listener'),
      routes: routes(
        () => page([]),
        [
          {
            method: 'POST',
            path: '/api/josies/j1/comments',
            reply: (r) => {
              posted = r.body;
              return json(403, { message: 'English words', code: 'COMMENTS_FOLLOWERS_ONLY' });
            },
          },
        ],
      ),
    });
    const box = await screen.findByRole('textbox', { name: 'Write a comment' });
    await user.type(box, 'Hello there');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText(/Only the curator's followers can comment/)).toBeInTheDocument();
    expect(screen.queryByText('English words')).toBeNull();
    expect(posted).toEqual({ text: 'Hello there' });
    // The text stays, to send again.
    expect(box).toHaveValue('Hello there');
    expect(stub.calls('POST', '/api/josies/j1/comments')).toHaveLength(1);
  });

  it('orders newest first on the toggle and loads more pages', async () => {
    const { user, stub } = renderApp('/josie/j1', {
      flags: { comments: 'true' },
      routes: routes((url) => {
        if (url.searchParams.get('cursor')) return page([thread(comment('c3'))]);
        return url.searchParams.get('order') === 'newest'
          ? page([thread(comment('c9'))])
          : page([thread(comment('c1'))], 'next');
      }),
    });
    expect(await screen.findByText('Words of c1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more comments' }));
    expect(await screen.findByText('Words of c3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Newest first' }));
    expect(await screen.findByText('Words of c9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');
    const orders = stub.calls('GET', '/api/josies/j1/comments').map((r) => r.url.searchParams.get('order'));
    expect(orders).toEqual(['oldest', 'oldest', 'newest']);
  });

  it('deletes after a confirmation, and edits in place', async () => {
    let deleted = false;
    let patched: unknown = null;
    const mine = comment('c1', { canEdit: true, canDelete: true, createdAt: at(2) });
    const { user } = renderApp('/josie/j1', {
      flags: { comments: 'true' },
      session: makeSession('listener'),
      routes: routes(
        () => page(deleted ? [] : [thread(mine)]),
        [
          {
            method: 'DELETE',
            path: '/api/comments/c1',
            reply: () => {
              deleted = true;
              return json(200, { data: { commentCount: 2 } });
            },
          },
          {
            method: 'PATCH',
            path: '/api/comments/c1',
            reply: (r) => {
              patched = r.body;
              return json(200, { data: { comment: { ...mine, text: 'Better' }, commentCount: 3 } });
            },
          },
        ],
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('textbox', { name: 'Edit your comment' });
    await user.clear(edit);
    await user.type(edit, 'Better');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toEqual({ text: 'Better' }));

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await screen.findByText('No comments yet. Be the first to say something.')).toBeInTheDocument();
  });

  it('reads in Hebrew, right to left, with the name isolated', async () => {
    // The app reads `lng` from the address bar (`LanguageSync`), which a memory router does not set.
    window.history.replaceState(null, '', '/josie/j1?lng=he');
    renderApp('/josie/j1?lng=he', {
      flags: { comments: 'true', language_select: 'true' },
      routes: routes(() =>
        page([thread(comment('c1', { author: { _id: 'u', name: 'Noa', avatar: null } }))], null, 2),
      ),
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'he'), { timeout: 5000 });
    expect(
      await screen.findByRole('heading', { name: /תגובות \(שתי תגובות\)/ }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('Noa').tagName).toBe('BDI');
    expect(screen.getByRole('link', { name: 'התחברו כדי להגיב' })).toBeInTheDocument();
  });
});

describe('live comments (docs/decisions/0046-comments.md)', () => {
  it('offers the comments others posted meanwhile, without moving the list', async () => {
    let answer = page([thread(comment('c1'))], null, 1);
    const { user } = renderApp('/josie/j1', {
      flags: { comments: 'true' },
      session: makeSession('listener'),
      routes: routes(() => answer),
    });
    expect(await screen.findByText('Words of c1')).toBeInTheDocument();
    const socket = await waitFor(() => {
      const made = lastFakeSocket();
      expect(made).toBeDefined();
      return made;
    });
    socket.connectFromServer();
    // The page asks to hear this josie's comments, again on every (re)connection.
    const watches = () => socket.emitted.filter((e) => e.event === 'watch-josie').map((e) => e.args[0]);
    expect(watches()).toEqual(['j1']);
    socket.connectFromServer();
    expect(watches()).toEqual(['j1', 'j1']);

    socket.push('comments-changed', { josieId: 'other', commentCount: 9 });
    socket.push('comments-changed', { josieId: 'j1', commentCount: 3 });
    const arrived = await screen.findByRole('button', { name: 'Show 2 new comments' });
    // Nothing was added to the list yet.
    expect(screen.queryByText('Words of c2')).toBeNull();
    answer = page([thread(comment('c1')), thread(comment('c2')), thread(comment('c3'))], null, 3);
    await user.click(arrived);
    expect(await screen.findByText('Words of c3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new comment/ })).toBeNull();
  });
});

describe('live comments for visitors (docs/decisions/0049-comment-notifications-and-live-visitors.md)', () => {
  it('opens a visitor socket that only watches the josie, and offers the new comment', async () => {
    renderApp('/josie/j1', {
      flags: { comments: 'true' },
      routes: routes(() => page([thread(comment('c1'))], null, 1)),
    });
    expect(await screen.findByText('Words of c1')).toBeInTheDocument();
    const socket = await waitFor(() => {
      const made = lastFakeSocket();
      expect(made).toBeDefined();
      return made;
    });
    // No session: the handshake says visitor, and carries no token.
    expect(socket.options.auth).toEqual({ visitor: true });
    socket.connectFromServer();
    expect(socket.emitted).toEqual([{ event: 'watch-josie', args: ['j1'] }]);
    socket.push('comments-changed', { josieId: 'j1', commentCount: 2 });
    expect(await screen.findByRole('button', { name: 'Show 1 new comment' })).toBeInTheDocument();
  });
});

describe('links in a comment', () => {
  it('makes web addresses links and leaves other schemes as text', () => {
    expect(linkParts('see www.music.com and javascript:alert(1)')).toEqual([
      { text: 'see ' },
      { text: 'www.music.com', href: 'http://www.music.com' },
      { text: ' and javascript:alert(1)' },
    ]);
  });
});
