import type { FollowResponse } from '@josie/contract';
import { ERROR_CODES } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db, Executor } from '../../db/client.js';
import { AppError, errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { HomeTimelines } from '../feed/index.js';
import type { Notifier } from '../notifications/index.js';
import {
  blockBetween,
  deleteFollow,
  deleteFollowsBetween,
  deleteFollowsOf,
  findLiveUserRole,
  followingIds,
  insertFollow,
  insertFollowsOfCurators,
} from './queries.js';

/** Error codes of the follow rules, beside the status. */
export const FOLLOW_ERROR_CODES = {
  notACurator: ERROR_CODES.NOT_A_CURATOR,
  selfFollow: ERROR_CODES.SELF_FOLLOW,
} as const;

/**
 * Following curators (docs/product/rules-and-limits.md#follows-and-recommendations,
 * docs/product/routes-and-roles.md#api). Only curators can be followed, never oneself; both calls are
 * idempotent. `follow.changed` is published after the commit so that open sockets join or leave the curator's
 * room (docs/product/routes-and-roles.md#realtime).
 */
export function createFollowsService(deps: {
  db: Db;
  bus: EventBus;
  /** Tells the curator of a new follower (docs/decisions/0024-notifications-centre.md), in the follow's transaction. */
  notifier: Notifier;
  /** Keeps the follower's home timeline in step, in the follow's transaction (docs/decisions/0027-home-timelines.md). */
  timelines: Pick<HomeTimelines, 'followed' | 'unfollowed'>;
}) {
  const { db, bus, notifier, timelines } = deps;

  function checkTarget(actor: AuthUser, id: string) {
    if (!isUuid(id)) throw errors.notFound('Curator not found');
    if (id === actor.id) throw errors.badRequest('You cannot follow yourself', FOLLOW_ERROR_CODES.selfFollow);
  }

  /** Publishes one `follow.changed` per curator; call after the transaction committed. */
  function announce(followerId: string, curatorIds: readonly string[], following: boolean) {
    for (const curatorId of curatorIds) bus.publish('follow.changed', { followerId, curatorId, following });
  }

  return {
    /**
     * Ids of the curators `userId` follows, oldest follow first; read with `db`, or inside a caller's
     * transaction.
     */
    followingIds: (userId: string, executor: Executor = db): Promise<string[]> =>
      followingIds(executor, userId),
    /**
     * `POST /api/users/follow/{id}`.
     * @throws AppError 404 unknown, deleted or malformed id; 400 `NOT_A_CURATOR`; 400 `SELF_FOLLOW`;
     * 403 `BLOCKED` when the curator blocked the caller, 403 `YOU_BLOCKED` when the caller blocked the
     * curator (docs/decisions/0048-blocking-and-muting.md).
     */
    async follow(actor: AuthUser, curatorId: string): Promise<FollowResponse> {
      checkTarget(actor, curatorId);
      const { added, following } = await db.transaction(async (tx) => {
        const target = await findLiveUserRole(tx, curatorId);
        if (!target) throw errors.notFound('Curator not found');
        if (target.role !== 'curator') {
          throw errors.badRequest('Only curators can be followed', FOLLOW_ERROR_CODES.notACurator);
        }
        const block = await blockBetween(tx, actor.id, curatorId);
        if (block === 'blocked') {
          throw new AppError(403, ERROR_CODES.BLOCKED, "You can't follow this account");
        }
        if (block === 'blocker') {
          throw new AppError(
            403,
            ERROR_CODES.YOU_BLOCKED,
            'You blocked this account: unblock it to follow it',
          );
        }
        const added = await insertFollow(tx, actor.id, curatorId);
        if (added) {
          await timelines.followed(tx, actor.id, [curatorId]);
          await notifier.caused(tx, { kind: 'follower', followerId: actor.id, curatorId });
        }
        return { added, following: await followingIds(tx, actor.id) };
      });
      if (added) {
        notifier.committed();
        announce(actor.id, [curatorId], true);
      }
      return { success: true, following };
    },

    /**
     * `POST /api/users/unfollow/{id}`. Works whatever the user's role now is, so a curator who became a
     * listener can still be unfollowed.
     * @throws AppError 404 unknown or malformed id (and no follow to remove); 400 `SELF_FOLLOW`.
     */
    async unfollow(actor: AuthUser, curatorId: string): Promise<FollowResponse> {
      checkTarget(actor, curatorId);
      const { removed, following } = await db.transaction(async (tx) => {
        const removed = await deleteFollow(tx, actor.id, curatorId);
        if (!removed && !(await findLiveUserRole(tx, curatorId))) throw errors.notFound('Curator not found');
        if (removed) await timelines.unfollowed(tx, actor.id, curatorId);
        return { removed, following: await followingIds(tx, actor.id) };
      });
      if (removed) announce(actor.id, [curatorId], false);
      return { success: true, following };
    },

    /**
     * Follows the live curators among `curatorIds` inside the caller's transaction (onboarding's completion
     * step); the caller passes the result to {@link announce} once committed.
     * @returns the curator ids newly followed.
     */
    async followCurators(tx: Executor, followerId: string, curatorIds: readonly string[]): Promise<string[]> {
      const added = await insertFollowsOfCurators(tx, followerId, curatorIds);
      if (added.length > 0) await timelines.followed(tx, followerId, added);
      return added;
    },

    /**
     * A block, inside the blocker's transaction (docs/decisions/0048-blocking-and-muting.md): ends the follows
     * between the two accounts both ways and takes each unfollowed curator's josies out of the follower's
     * home timeline, so the follower lists and counts (read from `follows`) are right once it commits. The
     * caller passes the answer to {@link announce} per follower after commit.
     * @returns the follows that ended.
     */
    async endBetween(
      tx: Executor,
      a: string,
      b: string,
    ): Promise<{ followerId: string; curatorId: string }[]> {
      const ended = await deleteFollowsBetween(tx, a, b);
      for (const { followerId, curatorId } of ended) await timelines.unfollowed(tx, followerId, curatorId);
      return ended;
    },
    /**
     * Account deletion, inside the caller's transaction: removes the user's follows both ways. Nothing is
     * announced: the caller's `user.deleted` tells the read caches after commit.
     */
    removeAllOfUser: (tx: Executor, userId: string): Promise<void> => deleteFollowsOf(tx, userId),

    announce,
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
