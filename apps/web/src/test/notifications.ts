import type { Notification } from '@josie/contract';
import { json, type StubRoute } from './fetchStub';

/** A notification in the contract's shape (`packages/contract/src/notifications.ts`); `overrides` replace fields. */
export function makeNotification(n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    _id: `0190a0b0-0000-7000-8000-${String(n).padStart(12, '0')}`,
    kind: 'follower',
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    readAt: null,
    actors: { total: 1, items: [{ _id: `actor-${n}`, name: `Noa ${n}`, avatar: null }] },
    subject: null,
    url: `/curator/actor-${n}`,
    ...overrides,
  };
}

/** Answers `GET /api/notifications/unread-count` with `count` (read on each call). */
export function unreadCountRoute(count: () => number): StubRoute {
  return {
    method: 'GET',
    path: '/api/notifications/unread-count',
    reply: () => json(200, { unreadCount: count() }),
  };
}

/**
 * Answers `GET /api/notifications` from `all`, newest first, `limit` at a time after `cursor` (the last
 * entry's id), as the server pages; `unreadCount` counts the unread ones of `all`.
 */
export function notificationsRoute(all: () => Notification[]): StubRoute {
  return {
    method: 'GET',
    path: '/api/notifications',
    reply: (request) => {
      const list = all();
      const limit = Number(request.url.searchParams.get('limit') ?? 20);
      const cursor = request.url.searchParams.get('cursor');
      const start = cursor ? list.findIndex((n) => n._id === cursor) + 1 : 0;
      const page = list.slice(start, start + limit);
      const hasMore = start + limit < list.length;
      return json(200, {
        data: {
          notifications: page,
          hasMore,
          nextCursor: hasMore ? (page.at(-1)?._id ?? null) : null,
          unreadCount: list.filter((n) => n.readAt === null).length,
        },
      });
    },
  };
}

/** Answers `POST /api/notifications/read` by marking `ids` (all without) read in `all`. */
export function markReadRoute(all: () => Notification[]): StubRoute {
  return {
    method: 'POST',
    path: '/api/notifications/read',
    reply: (request) => {
      const ids = (request.body as { ids?: string[] }).ids;
      for (const n of all()) if (!ids || ids.includes(n._id)) n.readAt ??= new Date().toISOString();
      return json(200, { unreadCount: all().filter((n) => n.readAt === null).length });
    },
  };
}
