import type { Executor } from '../../db/client.js';
import { securityEvents } from '../../db/schema.js';
import type { SecurityEventInput } from './service.js';

/** Appends one event to the security log (the only writer of `security_events`). */
export async function insertSecurityEvent(db: Executor, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    kind: event.kind,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
  });
}
