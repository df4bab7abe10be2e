import { EventEmitter } from 'node:events';
import type { Notification, Role } from '@josie/contract';

/**
 * Domain events raised after a transaction commits (docs/ARCHITECTURE.md#practices), consumed by realtime
 * fan-out and
 * notifications. In-process here; with `REDIS_URL` socket.io's Redis adapter carries room emits across
 * instances, so every instance only needs its own events.
 */
export interface DomainEvents {
  /** A josie became published (approved). */
  'josie.published': { josieId: string; creatorId: string };
  /** A josie left the published state (edited back to pending, or deleted). */
  'josie.unpublished': { josieId: string; creatorId: string };
  /**
   * A like was added (committed): its row is the notification's outbox
   * (docs/decisions/0034-a-like-in-one-statement.md). Not raised for an unlike.
   */
  'like.added': { josieId: string; userId: string };
  /**
   * A comment was posted or deleted (committed): the josie's live count after it, for the sockets watching
   * its page (docs/decisions/0046-comments.md).
   */
  'comments.changed': { josieId: string; commentCount: number };
  /** A josie was saved (committed); the studio counts it (docs/decisions/0050-curator-studio-counts.md). */
  'save.added': { josieId: string; userId: string };
  /** A comment was posted (committed); the studio counts it (docs/decisions/0050-curator-studio-counts.md). */
  'comment.added': { josieId: string; commentId: string };
  /** A user followed or unfollowed a curator. */
  'follow.changed': { followerId: string; curatorId: string; following: boolean };
  /** An editor or admin approved or rejected a pending josie (`reason` is the rejection's). */
  'josie.reviewed': {
    josieId: string;
    creatorId: string;
    reviewerId: string;
    action: 'approved' | 'rejected';
    reason: string | null;
  };
  /** Someone accepted a curator's invite (and now follows the curator). */
  'invite.joined': { inviteId: string; curatorId: string; userId: string };
  /** An admin deleted a user: the likes they gave and the follows of and to them are gone. */
  'user.deleted': { userId: string };
  /**
   * A user changed what their josies show of them: their name, avatar, colour or font (cached josies
   * carry them; docs/decisions/0033-josies-cached-until-changed.md).
   */
  'user.profile-changed': { userId: string };
  /** An admin gave a user another role. */
  'user.role-changed': { userId: string; from: Role; to: Role };
  /** One session was revoked (logout): whatever it holds open must close (decision 0003). */
  'session.revoked': { sessionId: string };
  /** Every session of a user was revoked (password reset, role change, deletion; decision 0003). */
  'user.sessions-revoked': { userId: string };
  /**
   * A notification job wrote (or moved up) an entry of the notifications centre: sent to the recipient's
   * sockets with their unread count after it (docs/decisions/0024-notifications-centre.md).
   */
  'notification.changed': { userId: string; notification: Notification; unreadCount: number };
  /** A user read notifications: their other tabs and devices update the bell. */
  'notifications.read': { userId: string; unreadCount: number };
}

/** A typed publish/subscribe bus; listeners run asynchronously and their failures are logged, not thrown. */
export interface EventBus {
  publish<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): void;
  subscribe<K extends keyof DomainEvents>(
    event: K,
    listener: (payload: DomainEvents[K]) => Promise<void> | void,
  ): () => void;
  /**
   * Resolves once every listener started so far, and every listener those started, has finished. A listener
   * that enqueues a job does so after the request answered; the job queue's `idle()` waits here first, so a
   * test never counts the queue before that insert landed.
   */
  idle(): Promise<void>;
}

/** The in-process {@link EventBus}. */
export function createEventBus(onError: (err: unknown, event: string) => void): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(50);
  const running = new Set<Promise<void>>();
  return {
    publish(event, payload) {
      emitter.emit(event, payload);
    },
    subscribe(event, listener) {
      const wrapped = (payload: DomainEvents[typeof event]) => {
        const run: Promise<void> = Promise.resolve()
          .then(() => listener(payload))
          .catch((err) => onError(err, event))
          .finally(() => running.delete(run));
        running.add(run);
      };
      emitter.on(event, wrapped);
      return () => emitter.off(event, wrapped);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
