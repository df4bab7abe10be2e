import type { SECURITY_EVENT_KINDS, SecurityEventsQuery, SecurityEventsResponse } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { describeUserAgent } from '../../lib/user-agent.js';
import { decodeCursor, encodeCursor } from '../feed/index.js';
import { insertSecurityEvent, listSecurityEvents } from './queries.js';

/** Events per page of the admins' list. */
export const SECURITY_EVENTS_PAGE_SIZE = 50;

/** One security event as a flow records it: who, what, and the request it came from (no secrets). */
export interface SecurityEventInput {
  /** The account the event is about; null once it is deleted. */
  userId: string | null;
  kind: (typeof SECURITY_EVENT_KINDS)[number];
  /** Who acted, when not the account itself: the editor or admin of a moderation action (decision 0047). */
  actorId?: string | null;
  /** Why, in the actor's words: a moderation action's reason. Never a secret. */
  detail?: string | null;
  /** The request's address (`request.ip`, the trusted proxy's client address). */
  ip?: string | null;
  /** The request's User-Agent header. */
  userAgent?: string | null;
}

/** Where a request came from, as the security log records it. */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * The security log admins read (docs/decisions/0025-account-and-data.md): verification, password and email
 * changes, revoked sessions, exports and deletions, never with a password, token or link.
 */
export function createSecurityLog(deps: { db: Executor }) {
  const { db } = deps;
  return {
    /**
     * Records `event`, in the caller's transaction when `tx` is given (an event of a change that rolls back
     * is never logged).
     */
    async record(event: SecurityEventInput, tx: Executor = db): Promise<void> {
      await insertSecurityEvent(tx, event);
    },

    /**
     * `GET /api/admin/security-events?cursor=&userId=` (admins only): {@link SECURITY_EVENTS_PAGE_SIZE}
     * events a page, newest first, of everyone or of one account; browser and OS read from each event's
     * user agent (the header itself is not answered).
     * @throws AppError 400 'Invalid cursor' for a cursor this server did not write.
     */
    async list(query: SecurityEventsQuery): Promise<SecurityEventsResponse> {
      const rows = await listSecurityEvents(db, {
        ...(query.userId ? { userId: query.userId } : {}),
        ...(query.cursor ? { after: decodeCursor(query.cursor) } : {}),
        limit: SECURITY_EVENTS_PAGE_SIZE + 1,
      });
      const hasMore = rows.length > SECURITY_EVENTS_PAGE_SIZE;
      const page = rows.slice(0, SECURITY_EVENTS_PAGE_SIZE);
      const last = page.at(-1);
      return {
        data: {
          events: page.map((row) => ({
            _id: row.id,
            kind: row.kind as SecurityEventInput['kind'],
            userId: row.userId,
            userName: row.userName,
            actorId: row.actorId,
            detail: row.detail,
            ip: row.ip,
            ...describeUserAgent(row.userAgent),
            createdAt: row.createdAt.toISOString(),
          })),
          hasMore,
          nextCursor: hasMore && last ? encodeCursor({ at: last.at, id: last.id }) : null,
        },
      };
    },
  };
}
export type SecurityLog = ReturnType<typeof createSecurityLog>;
