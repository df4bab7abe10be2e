import {
  type AccountRelationResponse,
  type AccountRelationsQuery,
  type AccountRelationsResponse,
  ERROR_CODES,
} from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { decodeCursor, encodeCursor } from '../feed/index.js';
import type { FollowsService } from '../follows/index.js';
import {
  deleteRelation,
  insertRelation,
  liveAccountExists,
  pageOfRelations,
  type RelationKind,
} from './queries.js';

/** Accounts per page of the blocked or muted lists. */
export const RELATIONS_PAGE_SIZE = 20;

const accountNotFound = () => errors.notFound('Account not found');

/**
 * Blocking and muting (docs/decisions/0048-blocking-and-muting.md,
 * docs/product/rules-and-limits.md#blocking-and-muting). A block ends the follows between the two accounts
 * both ways (through the follows module, in the block's transaction) and, read by the comments and follows
 * modules, refuses the blocked account's comments on the blocker's josies, replies to the blocker's comments
 * and follows of the blocker (403 `BLOCKED`), and hides its comments from the blocker. A mute only hides the
 * muted account's comments from the muter. Adding and removing either is idempotent.
 */
export function createBlocksService(deps: {
  db: Db;
  /** The owner of `follows`: ends the follows of a block in its transaction, announces them after commit. */
  follows: Pick<FollowsService, 'endBetween' | 'announce'>;
}) {
  const { db, follows } = deps;

  /**
   * The other account of a block or mute, checked.
   * @throws AppError 400 `SELF_BLOCK` for oneself; 404 for a malformed id.
   */
  function checkTarget(actor: AuthUser, userId: string, kind: RelationKind): void {
    if (!isUuid(userId)) throw accountNotFound();
    if (userId === actor.id) {
      throw errors.badRequest(
        kind === 'block' ? 'You cannot block yourself' : 'You cannot mute yourself',
        ERROR_CODES.SELF_BLOCK,
      );
    }
  }

  /** Adds a mute (a block goes through {@link block}, which also ends follows). */
  async function add(actor: AuthUser, userId: string, kind: 'mute'): Promise<AccountRelationResponse> {
    checkTarget(actor, userId, kind);
    if (!(await liveAccountExists(db, userId))) throw accountNotFound();
    await insertRelation(db, kind, actor.id, userId);
    return { data: { userId, active: true } };
  }

  /** Removes a block or mute; removing one that is not there answers the same (idempotent). */
  async function remove(
    actor: AuthUser,
    userId: string,
    kind: RelationKind,
  ): Promise<AccountRelationResponse> {
    checkTarget(actor, userId, kind);
    const removed = await deleteRelation(db, kind, actor.id, userId);
    if (!removed && !(await liveAccountExists(db, userId))) throw accountNotFound();
    return { data: { userId, active: false } };
  }

  /** A page of the caller's blocked or muted accounts, newest first. */
  async function list(
    actor: AuthUser,
    kind: RelationKind,
    query: AccountRelationsQuery,
  ): Promise<AccountRelationsResponse> {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await pageOfRelations(db, kind, actor.id, after, RELATIONS_PAGE_SIZE + 1);
    const shown = rows.slice(0, RELATIONS_PAGE_SIZE);
    const last = shown.at(-1);
    const nextCursor =
      rows.length > RELATIONS_PAGE_SIZE && last ? encodeCursor({ at: last.since, id: last.id }) : null;
    return {
      data: {
        accounts: shown.map((row) => ({
          _id: row.id,
          name: row.name,
          avatar: row.avatarUrl,
          since: row.since,
        })),
        nextCursor,
      },
    };
  }

  return {
    /**
     * `POST /api/blocks`: `actor` blocks `userId`. In one transaction: the block, and the end of the follows
     * between them both ways (the follows module keeps the timelines in step); after commit each ended follow
     * is announced (`follow.changed`), so open sockets leave the curator's room.
     * @throws AppError 400 `SELF_BLOCK`; 404 for an unknown, deleted or malformed account.
     */
    async block(actor: AuthUser, userId: string): Promise<AccountRelationResponse> {
      checkTarget(actor, userId, 'block');
      const ended = await db.transaction(async (tx) => {
        if (!(await liveAccountExists(tx, userId))) throw accountNotFound();
        await insertRelation(tx, 'block', actor.id, userId);
        return follows.endBetween(tx, actor.id, userId);
      });
      for (const { followerId, curatorId } of ended) follows.announce(followerId, [curatorId], false);
      return { data: { userId, active: true } };
    },

    /**
     * `DELETE /api/blocks/{id}`: the block goes; follows that it ended do not come back.
     * @throws AppError 400 `SELF_BLOCK`; 404 for an unknown account that was not blocked.
     */
    unblock: (actor: AuthUser, userId: string) => remove(actor, userId, 'block'),

    /** `GET /api/blocks`: the accounts `actor` blocked, newest first, {@link RELATIONS_PAGE_SIZE} a page. */
    blocked: (actor: AuthUser, query: AccountRelationsQuery) => list(actor, 'block', query),

    /**
     * `POST /api/mutes`: `actor` no longer sees the comments of `userId`, who is not told.
     * @throws AppError 400 `SELF_BLOCK`; 404 for an unknown, deleted or malformed account.
     */
    mute: (actor: AuthUser, userId: string) => add(actor, userId, 'mute'),

    /**
     * `DELETE /api/mutes/{id}`.
     * @throws AppError 400 `SELF_BLOCK`; 404 for an unknown account that was not muted.
     */
    unmute: (actor: AuthUser, userId: string) => remove(actor, userId, 'mute'),

    /** `GET /api/mutes`: the accounts `actor` muted, newest first. */
    muted: (actor: AuthUser, query: AccountRelationsQuery) => list(actor, 'mute', query),
  };
}
export type BlocksService = ReturnType<typeof createBlocksService>;
