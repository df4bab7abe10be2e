import type { PublicProfile, User } from '@josie/contract';
import { validate as isUuid } from 'uuid';
import type { Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { FollowsService } from '../follows/index.js';
import { presentPreferences, presentProfile, presentUser } from './presenter.js';
import { findProfile, findUserByEmail, findUserById, spotifyIdOf } from './queries.js';

/**
 * Account reads shared by the auth and users routes, and the user rows other modules read (the `users`
 * table is this module's: docs/decisions/0016-composition-root-and-module-boundaries.md).
 */
export function createUsersService(deps: { db: Executor; follows: Pick<FollowsService, 'followingIds'> }) {
  const { db, follows } = deps;

  /**
   * The full contract {@link User} for an id (three indexed reads).
   * @throws AppError 404 when the user does not exist or was deleted.
   */
  async function loadUser(id: string): Promise<User> {
    const row = await findUserById(db, id);
    if (!row) throw errors.notFound('User not found');
    const [following, spotifyId] = await Promise.all([follows.followingIds(id), spotifyIdOf(db, id)]);
    return presentUser(row, following, spotifyId);
  }

  return {
    loadUser,
    /** A live (not deleted) user row by id, or undefined. */
    findById: (id: string) => findUserById(db, id),
    /** A live user row by email (compared lower-cased), or undefined. */
    findByEmail: (email: string) => findUserByEmail(db, email),
    /** `GET /api/users/me`. */
    me: (actor: AuthUser) => loadUser(actor.id),
    /**
     * `GET /api/users/{id}`: the public and curator profile with its counts, in one query
     * (docs/product/routes-and-roles.md#api, docs/product/differences.md#public-profile).
     * @throws AppError 404 'User not found' for an unknown, deleted or malformed id.
     */
    async profile(actor: AuthUser, id: string): Promise<PublicProfile> {
      const row = isUuid(id) ? await findProfile(db, id, actor.id) : undefined;
      if (!row) throw errors.notFound('User not found');
      return presentProfile(row);
    },
    presentPreferences,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
