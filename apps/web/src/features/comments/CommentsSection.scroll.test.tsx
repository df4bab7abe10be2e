import type { CommentsResponse } from '@josie/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetchStub';
import { renderApp } from '../../test/renderApp';
import { makeJosie } from '../josie/testing';

const josie = makeJosie({ _id: 'j1', title: 'Night drive', status: 'published', commentCount: 1 });
const answer: CommentsResponse = {
  data: {
    comments: [
      {
        _id: 'c1',
        josieId: 'j1',
        parentId: null,
        author: { _id: 'u1', name: 'Noa', avatar: null },
        text: 'Words of c1',
        removed: false,
        createdAt: new Date().toISOString(),
        editedAt: null,
        canEdit: false,
        canDelete: false,
        replies: [],
        replyCount: 0,
      },
    ],
    nextCursor: null,
    commentCount: 1,
    policy: 'everyone',
  },
};

// The window is shared with other files (decision 0039): the page's own `scrollIntoView` comes back after.
const original = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
beforeAll(async () => {
  await import('../josie/JosieViewPage');
  await import('./CommentsSection');
});
afterAll(() => {
  if (original) Object.defineProperty(Element.prototype, 'scrollIntoView', original);
});

describe('opened from a notification (docs/decisions/0049-comment-notifications-and-live-visitors.md)', () => {
  it('scrolls to the comments once they are listed when the address ends in #comments', async () => {
    const scrollIntoView = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: scrollIntoView,
      configurable: true,
      writable: true,
    });
    renderApp('/josie/j1#comments', {
      flags: { comments: 'true' },
      routes: [
        { method: 'GET', path: '/api/josies/j1', reply: () => json(200, josie) },
        { method: 'GET', path: '/api/josies/j1/comments', reply: () => json(200, answer) },
      ],
    });
    expect(await screen.findByText('Words of c1')).toBeInTheDocument();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect((scrollIntoView.mock.contexts[0] as Element).id).toBe('comments');
  });
});
