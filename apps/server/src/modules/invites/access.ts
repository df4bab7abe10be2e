import type { InviteWithCreator } from './queries.js';

/** Who acts on an invite: a signed-in user's id. */
export type InviteActor = { id: string };

type Owned = Pick<InviteWithCreator, 'creatorId'>;

/**
 * Whether an invite can still be used: not disabled, not past its expiry
 * (docs/product/differences.md#invite-expiry), and its creator still a curator (only curators can be
 * followed; docs/product/rules-and-limits.md#invites).
 */
export function isInviteActive(
  row: Pick<InviteWithCreator, 'isActive' | 'expiresAt' | 'creatorRole'>,
  now = new Date(),
): boolean {
  return row.isActive && row.expiresAt.getTime() > now.getTime() && row.creatorRole === 'curator';
}

/** Whether `userId` (null for a visitor) is the invite's curator. */
export function isInviteCreator(userId: string | null, invite: Owned): boolean {
  return userId !== null && userId === invite.creatorId;
}

/**
 * Whether `actor` may see, edit, disable or delete an invite: its curator only
 * (docs/product/routes-and-roles.md#invites). Others get 403.
 */
export function canManageInvite(actor: InviteActor, invite: Owned): boolean {
  return isInviteCreator(actor.id, invite);
}

/**
 * Whether `actor` may accept an invite: anyone signed in but its own curator, who cannot follow themselves
 * (docs/product/rules-and-limits.md#invites). Whether the invite is still usable is {@link isInviteActive}.
 */
export function canAcceptInvite(actor: InviteActor, invite: Owned): boolean {
  return !isInviteCreator(actor.id, invite);
}

/**
 * Whether `actor` may accept an invite on behalf of `userId` (the optional field of the request body): only
 * for themselves.
 */
export function canAcceptFor(actor: InviteActor, userId: string | undefined): boolean {
  return userId === undefined || userId === actor.id;
}

/** Whether a view of the landing page counts as a visit: a view by anyone but the invite's curator. */
export function countsAsVisit(viewerId: string | null, invite: Owned): boolean {
  return !isInviteCreator(viewerId, invite);
}
