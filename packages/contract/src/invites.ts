import { z } from 'zod';
import { text } from './common.js';

/** Most users listed under `usedBy.users` (newest first); `usedBy.count` carries the total. docs/product/routes-and-roles.md#api. */
export const INVITE_USED_BY_LIMIT = 20;

/** Longest invite message a curator may write. */
export const INVITE_TEXT_MAX_LENGTH = 500;

/** The message shown for an unknown, disabled or expired invite link. docs/product/messages.md#invites; docs/product/differences.md#invite-expiry. */
export const INVITE_INVALID_MESSAGE = 'This invite link is invalid or has expired';

/** The server message for a second use of an invite by the same user; the web maps it to a toast. docs/product/messages.md#invites. */
export const INVITE_ALREADY_USED_MESSAGE = 'User has already used this invite';

/** A person as shown on an invite: its curator, or someone who used it. */
export const InvitePerson = z.object({
  _id: text(),
  name: text(),
  avatar: text().nullable(),
});
export type InvitePerson = z.infer<typeof InvitePerson>;

/**
 * An invite as its curator sees it (docs/product/rules-and-limits.md#invites). `isActive` is false once
 * disabled or past `expiresAt` (docs/product/differences.md#invite-expiry). The unbounded lists of the spec
 * are numbers here: `usedBy.count` with the latest {@link INVITE_USED_BY_LIMIT} people, and
 * `stats.pageVisits` as a count of landing-page views.
 */
export const Invite = z.object({
  _id: text(),
  inviteText: text(),
  /** 128 random bits, base64url; the link is `{origin}/join/{code}` (docs/product/rules-and-limits.md#constants). */
  code: text(),
  isActive: z.boolean(),
  createdAt: text(),
  expiresAt: text(),
  usedBy: z.object({
    count: z.number().int().nonnegative(),
    users: z.array(InvitePerson),
  }),
  stats: z.object({ pageVisits: z.number().int().nonnegative() }),
  creator: InvitePerson,
});
export type Invite = z.infer<typeof Invite>;

/**
 * An invite as the public landing page `/join/{code}` sees it: the message and its curator, without
 * who used it or how often it was opened (those are the curator's business).
 * docs/product/routes-and-roles.md#invites, docs/product/routes-and-roles.md#api.
 */
export const InviteLanding = Invite.pick({
  _id: true,
  inviteText: true,
  code: true,
  isActive: true,
  createdAt: true,
  expiresAt: true,
  creator: true,
});
export type InviteLanding = z.infer<typeof InviteLanding>;

/** `POST /api/invites`: the message is required after trimming. docs/product/rules-and-limits.md#invites. */
export const InviteCreateBody = z.object({
  inviteText: text({ error: 'Invite message is required' })
    .trim()
    .min(1, 'Invite message is required')
    .max(INVITE_TEXT_MAX_LENGTH, `Invite message must be at most ${INVITE_TEXT_MAX_LENGTH} characters`),
});
export type InviteCreateBody = z.infer<typeof InviteCreateBody>;

/** Answer of `POST /api/invites` (201) and `POST /api/invites/{id}/disable`. */
export const InviteResponse = z.object({ invite: Invite });
export type InviteResponse = z.infer<typeof InviteResponse>;

/** Answer of `GET /api/invites/my-invites`: the curator's own invites, newest first. */
export const InviteListResponse = z.object({ invites: z.array(Invite) });
export type InviteListResponse = z.infer<typeof InviteListResponse>;

/**
 * The `{code}` path parameter. Any short string is accepted so that a mangled link gets the same
 * "invalid or expired" answer as an unknown one rather than a validation error.
 */
export const InviteCodeParams = z.object({ code: text().min(1).max(128) });
export type InviteCodeParams = z.infer<typeof InviteCodeParams>;

/** Answer of `GET /api/invites/code/{code}` (public). */
export const InviteLandingResponse = z.object({ invite: InviteLanding });
export type InviteLandingResponse = z.infer<typeof InviteLandingResponse>;

/**
 * `POST /api/invites/code/{code}/register`. The spec's client sends `userId`
 * (docs/product/routes-and-roles.md#api); the server acts for the signed-in user only, so a `userId` naming
 * anyone else is refused. The body may be omitted.
 */
export const InviteRegisterBody = z.object({ userId: text().max(64).optional() }).nullish();
export type InviteRegisterBody = z.infer<typeof InviteRegisterBody>;

/**
 * Answer of a successful registration: the curator now followed (for the welcome toast) and the user's
 * whole `following` list (to update the stored user).
 */
export const InviteRegisterResponse = z.object({
  success: z.literal(true),
  curator: z.object({ _id: text(), name: text() }),
  following: z.array(text()),
});
export type InviteRegisterResponse = z.infer<typeof InviteRegisterResponse>;
