import type { Invite, InviteLanding, InvitePerson } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { isInviteActive } from './access.js';
import { findInviteUsers, type InviteWithCreator } from './queries.js';

/** The landing-page shape of an invite: no users, no visit counts. */
export function presentInviteLanding(row: InviteWithCreator, now = new Date()): InviteLanding {
  return {
    _id: row.id,
    inviteText: row.inviteText,
    code: row.code,
    isActive: isInviteActive(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    creator: { _id: row.creatorId, name: row.creatorName, avatar: row.creatorAvatar },
  };
}

/**
 * Presents many invites for their curator with one more query whatever their number (the users who
 * used them, ranked and counted per invite); visits came with the rows. Order of `rows` is kept.
 */
export async function presentInvites(db: Executor, rows: InviteWithCreator[]): Promise<Invite[]> {
  if (rows.length === 0) return [];
  const now = new Date();
  const uses = await findInviteUsers(
    db,
    rows.map((r) => r.id),
  );
  const usedBy = new Map<string, { count: number; users: InvitePerson[] }>();
  for (const u of uses) {
    const entry = usedBy.get(u.inviteId) ?? { count: u.total, users: [] };
    entry.users.push({ _id: u.userId, name: u.name, avatar: u.avatar });
    usedBy.set(u.inviteId, entry);
  }
  return rows.map((row) => ({
    ...presentInviteLanding(row, now),
    usedBy: usedBy.get(row.id) ?? { count: 0, users: [] },
    stats: { pageVisits: row.pageVisits },
  }));
}
