import { randomBytes } from 'node:crypto';
import {
  ERROR_CODES,
  INVITE_ALREADY_USED_MESSAGE,
  INVITE_INVALID_MESSAGE,
  type Invite,
  type InviteCreateBody,
  type InviteLanding,
  type InviteRegisterResponse,
  LIMITS,
} from '@josie/contract';
import type { Db, Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { FollowsService } from '../follows/index.js';
import type { UsersService } from '../users/index.js';
import { canAcceptFor, canAcceptInvite, canManageInvite, countsAsVisit, isInviteActive } from './access.js';
import { presentInviteLanding, presentInvites } from './presenter.js';
import {
  deactivateInvite,
  deleteInvitesOf,
  findInviteByCode,
  findInviteById,
  findInvitesByCreator,
  type InviteWithCreator,
  insertInvite,
  insertInviteUse,
  insertInviteVisit,
} from './queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new invite code: 128 random bits, base64url (22 characters), so codes cannot be guessed or enumerated. */
export function newInviteCode(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * Invite links that grow a curator's audience. docs/product/routes-and-roles.md#invites (invite management,
 * landing), docs/product/rules-and-limits.md#invites, docs/product/routes-and-roles.md#api,
 * docs/product/messages.md#invites; docs/product/differences.md#invite-expiry.
 */
export function createInvitesService(deps: {
  db: Db;
  bus: EventBus;
  follows: FollowsService;
  /** The email-verification gate: an invite reaches other people (docs/decisions/0025-account-and-data.md). */
  users: Pick<UsersService, 'assertEmailVerified'>;
}) {
  const { db, follows, users } = deps;

  async function ownInvite(actor: AuthUser, id: string) {
    const row = await findInviteById(db, id);
    if (!row) throw errors.notFound('Invite not found');
    if (!canManageInvite(actor, row)) throw errors.forbidden('You can only manage your own invites');
    return row;
  }

  async function presentOne(row: InviteWithCreator): Promise<Invite> {
    const [invite] = await presentInvites(db, [row]);
    return invite!;
  }

  return {
    /** `GET /api/invites/my-invites`: the actor's invites, newest first (two queries in all). */
    async listOwn(actor: AuthUser): Promise<Invite[]> {
      return presentInvites(db, await findInvitesByCreator(db, actor.id));
    },

    /**
     * `POST /api/invites`: a new active invite with a fresh code, expiring
     * {@link LIMITS.inviteLifetimeDays} days after creation. The route admits curators only.
     * @throws AppError 403 `EMAIL_NOT_VERIFIED` before the curator's address is verified.
     */
    async create(actor: AuthUser, body: InviteCreateBody): Promise<Invite> {
      await users.assertEmailVerified(actor);
      const createdAt = new Date();
      const expiresAt = new Date(createdAt.getTime() + LIMITS.inviteLifetimeDays * DAY_MS);
      const id = await insertInvite(db, {
        creatorId: actor.id,
        inviteText: body.inviteText,
        code: newInviteCode(),
        createdAt,
        expiresAt,
      });
      return presentOne(await ownInvite(actor, id));
    },

    /**
     * `POST /api/invites/{id}/disable`: one way; disabling a disabled invite answers it unchanged.
     * @throws AppError 404 for an unknown invite, 403 when the actor is not its creator.
     */
    async disable(actor: AuthUser, id: string): Promise<Invite> {
      const row = await ownInvite(actor, id);
      if (row.isActive) await deactivateInvite(db, id);
      return presentOne({ ...row, isActive: false });
    },

    /**
     * `GET /api/invites/code/{code}` (public): the invite and its curator; each view by someone other than
     * the curator counts as a page visit. Unknown, disabled and expired codes take the same path (one
     * indexed lookup) and answer the same message.
     * @throws AppError 404 for an unknown code, 410 for a disabled or expired invite.
     */
    async landing(viewerId: string | null, code: string): Promise<InviteLanding> {
      const row = await findInviteByCode(db, code);
      if (!row) throw errors.notFound(INVITE_INVALID_MESSAGE);
      if (!isInviteActive(row)) throw errors.gone(INVITE_INVALID_MESSAGE);
      if (countsAsVisit(viewerId, row)) await insertInviteVisit(db, row.id);
      return presentInviteLanding(row);
    },

    /**
     * `POST /api/invites/code/{code}/register`: records the actor's use of the invite and makes the actor
     * follow its curator, in one transaction; `follow.changed` is published after commit when the follow
     * is new, and `invite.joined` (the curator is told).
     * @throws AppError 403 when `userId` names someone else, 404 unknown code, 410 disabled or expired (or
     *   its creator is no longer a curator),
     *   400 for the curator's own invite, 409 'User has already used this invite'.
     */
    async register(actor: AuthUser, code: string, userId?: string): Promise<InviteRegisterResponse> {
      if (!canAcceptFor(actor, userId)) {
        throw errors.forbidden('You can only accept an invite for yourself');
      }
      const result = await db.transaction(async (tx) => {
        const invite = await findInviteByCode(tx, code, true);
        if (!invite) throw errors.notFound(INVITE_INVALID_MESSAGE);
        if (!isInviteActive(invite)) throw errors.gone(INVITE_INVALID_MESSAGE);
        if (!canAcceptInvite(actor, invite)) {
          throw errors.badRequest('You cannot accept your own invite', ERROR_CODES.OWN_INVITE);
        }
        if (!(await insertInviteUse(tx, invite.id, actor.id))) {
          throw errors.conflict(INVITE_ALREADY_USED_MESSAGE, ERROR_CODES.INVITE_ALREADY_USED);
        }
        const added = await follows.followCurators(tx, actor.id, [invite.creatorId]);
        return {
          inviteId: invite.id,
          curator: { _id: invite.creatorId, name: invite.creatorName },
          added,
          following: await follows.followingIds(actor.id, tx),
        };
      });
      follows.announce(actor.id, result.added, true);
      deps.bus.publish('invite.joined', {
        inviteId: result.inviteId,
        curatorId: result.curator._id,
        userId: actor.id,
      });
      return { success: true, curator: result.curator, following: result.following };
    },

    /**
     * Account deletion, inside the caller's transaction: removes the invites the user created, with their
     * uses and visits, and the user's uses of other invites.
     */
    removeAllOfUser: (tx: Executor, userId: string): Promise<void> => deleteInvitesOf(tx, userId),
  };
}
export type InvitesService = ReturnType<typeof createInvitesService>;
