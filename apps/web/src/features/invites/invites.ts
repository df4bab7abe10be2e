import type { Invite, InviteListResponse } from '@josie/contract';
import type { QueryClient } from '@tanstack/react-query';

/** The query of the signed-in curator's invites. */
export const myInvitesQueryKey = ['invites', 'mine'] as const;

/** The shareable link of an invite: `{origin}/join/{code}` (docs/product/rules-and-limits.md#constants). */
export function inviteLink(code: string, origin = window.location.origin): string {
  return `${origin}/join/${code}`;
}

/** Newest first, whatever order the cache was built in. */
export function newestFirst(invites: readonly Invite[]): Invite[] {
  return [...invites].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Puts an invite the server answered into the cached list, replacing its older copy. */
export function cacheInvite(queryClient: QueryClient, invite: Invite): void {
  queryClient.setQueryData<InviteListResponse>(myInvitesQueryKey, (list) =>
    list ? { invites: [invite, ...list.invites.filter((i) => i._id !== invite._id)] } : list,
  );
}

/** What an invite card shows it as: usable, turned off by its curator, or past its expiry. */
export type InviteState = 'active' | 'disabled' | 'expired';

/** An inactive invite past its expiry reads 'Expired'; otherwise it was disabled (docs/product/rules-and-limits.md#invites, docs/product/differences.md#invite-expiry). */
export function stateOf(invite: Invite, now: number): InviteState {
  if (invite.isActive) return 'active';
  return Date.parse(invite.expiresAt) <= now ? 'expired' : 'disabled';
}
