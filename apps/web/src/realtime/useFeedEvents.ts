import type { CommentsChanged, JoinFeedAck, Josie, PostRemoved, ServerToClientEvents } from '@josie/contract';
import { createContext, type RefObject, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { appFeedSocket, type FeedEvent, type FeedSocketHub } from './feedSocket';

const FeedSocketContext = createContext<FeedSocketHub>(appFeedSocket);

/**
 * Provides the feed socket the hooks below listen on: the app's own ({@link appFeedSocket}) without a
 * provider; a test provides one built on a stand-in client (`realtime/testing.ts`), so no module of the
 * app is replaced (docs/decisions/0017-one-web-data-layer.md).
 */
export const FeedSocketProvider = FeedSocketContext.Provider;

/** A ref that always holds the latest `value`, so effects can call it without resubscribing. */
function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Calls `handler` with each `new-post` the server pushes (docs/product/routes-and-roles.md#realtime) while
 * the component is mounted: the shared feed socket connects for the first listener and disconnects when the
 * last one leaves. The latest `handler` is always called, so callers need not memoise it. With `enabled:
 * false` the component does not hold the socket at all (e.g. a list that takes no live posts).
 */
export function useNewPosts(handler: (post: Josie) => void, enabled = true): void {
  const latest = useLatest(handler);
  const hub = useContext(FeedSocketContext);
  useEffect(() => {
    if (!enabled) return;
    return hub.subscribeFeedEvent('new-post', (post) => latest.current(post));
  }, [enabled, latest, hub]);
}

/**
 * Calls `handler` when a josie leaves the feeds (`post-removed`: edited back to pending, or deleted), on
 * the same shared socket and terms as {@link useNewPosts}.
 */
export function usePostRemoved(handler: (post: PostRemoved) => void, enabled = true): void {
  const latest = useLatest(handler);
  const hub = useContext(FeedSocketContext);
  useEffect(() => {
    if (!enabled) return;
    return hub.subscribeFeedEvent('post-removed', (post) => latest.current(post));
  }, [enabled, latest, hub]);
}

/**
 * Calls `handler` with the acknowledgement each time the feed socket has (re)joined the feed's rooms
 * (`FeedSocketHub.subscribeFeedJoined`), while the component is mounted and `enabled`.
 */
export function useFeedJoined(handler: (joined: Partial<JoinFeedAck>) => void, enabled = true): void {
  const latest = useLatest(handler);
  const hub = useContext(FeedSocketContext);
  useEffect(() => {
    if (!enabled) return;
    return hub.subscribeFeedJoined((joined) => latest.current(joined));
  }, [enabled, latest, hub]);
}

/**
 * Calls `handler` with each `event` the server pushes on the shared feed socket, on the same terms as
 * {@link useNewPosts}: e.g. `notification` and `notifications-read` for the header's bell
 * (docs/decisions/0024-notifications-centre.md), which the server sends to the user's own room.
 */
export function useFeedEvent<E extends FeedEvent>(
  event: E,
  handler: ServerToClientEvents[E],
  enabled = true,
): void {
  const latest = useLatest(handler);
  const hub = useContext(FeedSocketContext);
  useEffect(() => {
    if (!enabled) return;
    const forward = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...a: typeof args) => void)(...args)) as ServerToClientEvents[E];
    return hub.subscribeFeedEvent(event, forward);
  }, [event, enabled, latest, hub]);
}

/**
 * Calls `handler` each time the comments of `josieId` change (`comments-changed`, posted or deleted by
 * anyone, on any instance; docs/decisions/0046-comments.md) while the component is mounted and `enabled`,
 * signed in or not (a visitor's socket may watch josie pages only: decision 0049). Watches the josie, then
 * holds the shared socket, so a visitor's socket is opened with a page to watch.
 */
export function useCommentsChanged(
  josieId: string,
  handler: (event: CommentsChanged) => void,
  enabled = true,
): void {
  const latest = useLatest(handler);
  const hub = useContext(FeedSocketContext);
  useEffect(() => {
    if (!enabled) return;
    const unwatch = hub.watchJosie(josieId);
    const stop = hub.subscribeFeedEvent('comments-changed', (event) => {
      if (event.josieId === josieId) latest.current(event);
    });
    return () => {
      unwatch();
      stop();
    };
  }, [enabled, josieId, latest, hub]);
}
