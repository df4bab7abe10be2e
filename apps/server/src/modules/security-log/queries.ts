import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { securityEvents, users } from '../../db/schema.js';
import { afterCursor, type Keyset, keysetTime, newestFirst } from '../feed/index.js';
import type { SecurityEventInput } from './service.js';

/** Appends one event to the security log (the only writer of `security_events`). */
export async function insertSecurityEvent(db: Executor, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    kind: event.kind,
    actorId: event.actorId ?? null,
    detail: event.detail ?? null,
    ip: event.ip ?? null,
    userAgent: event.userAgent ?? null,
  });
}

/**
 * At most `limit` events, newest first (`security_events_recent_idx`, or `security_events_user_idx` for
 * one user), after `after` when given, with the name of the account each is about.
 */
export async function listSecurityEvents(
  db: Executor,
  opts: { userId?: string; after?: Keyset; limit: number },
) {
  const where: SQL[] = [];
  if (opts.userId) where.push(eq(securityEvents.userId, opts.userId));
  if (opts.after) where.push(afterCursor(securityEvents.createdAt, securityEvents.id, opts.after));
  return db
    .select({
      id: securityEvents.id,
      kind: securityEvents.kind,
      userId: securityEvents.userId,
      userName: users.name,
      actorId: securityEvents.actorId,
      detail: securityEvents.detail,
      ip: securityEvents.ip,
      userAgent: securityEvents.userAgent,
      createdAt: securityEvents.createdAt,
      at: keysetTime(securityEvents.createdAt),
    })
    .from(securityEvents)
    .leftJoin(users, eq(users.id, securityEvents.userId))
    .where(and(...where))
    .orderBy(...newestFirst(securityEvents.createdAt, securityEvents.id))
    .limit(opts.limit);
}
