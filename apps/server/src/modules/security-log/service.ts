import type { SECURITY_EVENT_KINDS } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { insertSecurityEvent } from './queries.js';

/** One security event as a flow records it: who, what, and the request it came from (no secrets). */
export interface SecurityEventInput {
  /** The account the event is about; null once it is deleted. */
  userId: string | null;
  kind: (typeof SECURITY_EVENT_KINDS)[number];
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
  };
}
export type SecurityLog = ReturnType<typeof createSecurityLog>;
