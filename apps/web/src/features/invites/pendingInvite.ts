import { InviteRegisterResponse, type User } from '@josie/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/errorText';
import { PUBLIC_QUERY_ROOTS } from '../../api/queryClient';
import { request } from '../../api/request';
import { i18n } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { readStoredSession } from '../../session/storage';
import { toast } from '../../ui/toast';

/** localStorage key of the invite a signed-out visitor chose to accept (docs/product/rules-and-limits.md#invites). */
export const PENDING_INVITE_KEY = 'pendingInvite';

/** A pending invite older than this (1 day, in milliseconds) is dropped unused: the visitor moved on. */
export const PENDING_INVITE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The pending invite stored before a signed-out visitor leaves the landing page to sign in: the invite
 * code, its curator's id and when it was stored (epoch milliseconds).
 * docs/product/rules-and-limits.md#invites.
 */
export const PendingInvite = z.object({
  code: z.string().min(1),
  curatorId: z.string(),
  timestamp: z.number().finite(),
});
export type PendingInvite = z.infer<typeof PendingInvite>;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy modes); the visitor then accepts on the landing page after sign-in.
    return null;
  }
}

/** Remembers the invite `code` of curator `curatorId` until the visitor has signed in. */
export function storePendingInvite(invite: { code: string; curatorId: string }, now = Date.now()): void {
  const entry: PendingInvite = { code: invite.code, curatorId: invite.curatorId, timestamp: now };
  storage()?.setItem(PENDING_INVITE_KEY, JSON.stringify(entry));
}

/**
 * Removes the stored pending invite and answers it, or null when there is none, it is unreadable, or it
 * is older than {@link PENDING_INVITE_MAX_AGE_MS}. Reading and removing in one step means two callers
 * (the auth callback and onboarding, say) can never register the same invite twice.
 */
export function takePendingInvite(now = Date.now()): PendingInvite | null {
  const store = storage();
  const raw = store?.getItem(PENDING_INVITE_KEY) ?? null;
  if (raw === null) return null;
  store?.removeItem(PENDING_INVITE_KEY);
  let parsed: ReturnType<typeof PendingInvite.safeParse>;
  try {
    parsed = PendingInvite.safeParse(JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const age = now - parsed.data.timestamp;
  return age >= 0 && age <= PENDING_INVITE_MAX_AGE_MS ? parsed.data : null;
}

/** How an acceptance ended: joined, already used by this user before, or refused / failed. */
export type AcceptInviteOutcome =
  | { status: 'joined'; curator: InviteRegisterResponse['curator'] }
  | { status: 'alreadyUsed' }
  | { status: 'failed' };

/**
 * What accepting an invite needs: the session's `updateUser`, optionally the query cache, and optionally a
 * stand-in for the typed API client (the app's `request` by default).
 */
export interface AcceptInviteDeps {
  request?: typeof request;
  updateUser(user: User): void;
  /** When given, user data is refetched after joining so the feed includes the new curator at once. */
  queryClient?: QueryClient;
}

/**
 * Registers the signed-in user on invite `code` (`POST /api/invites/code/{code}/register`), which follows
 * its curator, and tells the user how it went (docs/product/messages.md#invites):
 * - success: the stored user's `following` becomes the server's list, toast 'Welcome! You are now
 *   following {name}';
 * - 409 (used before by this user): toast 'You have already joined using this invite link';
 * - 404/410 (unknown, disabled, expired): the localized 'This invite link is invalid or has expired';
 * - anything else: the server's message, else 'Failed to accept invite'.
 * Never throws.
 */
export async function acceptInvite(deps: AcceptInviteDeps, code: string): Promise<AcceptInviteOutcome> {
  const session = readStoredSession();
  const user = session.status === 'valid' ? session.session.user : null;
  try {
    const call = deps.request ?? request;
    const answer = await call(
      'registerInvite',
      { params: { code }, body: user ? { userId: user.id } : undefined },
      { schema: InviteRegisterResponse },
    );
    // Re-read: the stored user may have changed while the request ran.
    const current = readStoredSession();
    if (current.status === 'valid') deps.updateUser({ ...current.session.user, following: answer.following });
    toast.success(i18n.t('invites.welcome', { name: answer.curator.name }));
    if (deps.queryClient) {
      void deps.queryClient.invalidateQueries({
        predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])),
      });
    }
    return { status: 'joined', curator: answer.curator };
  } catch (error) {
    console.warn('Accepting the invite failed', error);
    if (error instanceof ApiError && error.status === 409) {
      toast.info(i18n.t('invites.alreadyJoined'));
      return { status: 'alreadyUsed' };
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 410)) {
      toast.error(i18n.t('invites.invalid'));
    } else {
      toast.error(errorText(i18n.t, error, i18n.t('invites.acceptFailed')));
    }
    return { status: 'failed' };
  }
}

/**
 * After sign-in by any route (login, signup, the Spotify callback, onboarding): registers the pending
 * invite stored by the landing page, once, and removes it whatever happens
 * (docs/product/rules-and-limits.md#invites "Auth callback and pending invite",
 * docs/product/rules-and-limits.md#invites). Entries older than a day are dropped unused. Toasts as {@link
 * acceptInvite}. Answers whether the user joined; false when signed out (the entry is then kept for after
 * sign-in), when there was nothing pending, or when it failed.
 */
export async function processPendingInvite(deps: AcceptInviteDeps): Promise<boolean> {
  if (readStoredSession().status !== 'valid') return false;
  const pending = takePendingInvite();
  if (!pending) return false;
  const outcome = await acceptInvite(deps, pending.code);
  return outcome.status === 'joined';
}

/**
 * {@link processPendingInvite} bound to the app's API client, session and query cache, for pages that
 * sign the user in: `const processInvite = usePendingInviteProcessor(); ... signIn(answer); void
 * processInvite();`
 */
export function usePendingInviteProcessor(): () => Promise<boolean> {
  const { updateUser } = useSession();
  const queryClient = useQueryClient();
  return useCallback(() => processPendingInvite({ updateUser, queryClient }), [updateUser, queryClient]);
}
