import type { Role } from '@josie/contract';
import type { Executor } from '../../db/client.js';
import { deleteUserRow, removeFromUserPreferences, setProfileImageUrl, updateRole } from './queries.js';

/**
 * The `users` writes other modules make inside their own transaction (the table is this module's:
 * docs/decisions/0016-composition-root-and-module-boundaries.md): admin's role change, account deletion
 * and the removal of a deleted genre or interest from everyone's choices, and the profile images' URLs.
 * Each takes the caller's `tx`, so the write commits or rolls back with the rest of the caller's change.
 */
export function createUserWrites() {
  return {
    /** Sets a user's role; answers the updated row (the caller has locked and checked it). */
    setRole: (tx: Executor, userId: string, role: Role) => updateRole(tx, userId, role),
    /**
     * Deletes the user row; the foreign keys remove or detach what still points at it (schema.ts). The
     * caller has first removed what the deletion must count (likes, josies) or read (media to release).
     */
    deleteUser: (tx: Executor, userId: string): Promise<void> => deleteUserRow(tx, userId),
    /** Removes `name` (case-insensitively) from every user's chosen genres or interests. */
    removeFromPreferences: (tx: Executor, kind: 'genres' | 'interests', name: string): Promise<void> =>
      removeFromUserPreferences(tx, kind, name),
    /** Points the user's avatar or header image at `url`. */
    setProfileImageUrl: (
      tx: Executor,
      userId: string,
      kind: 'avatar' | 'header',
      url: string,
    ): Promise<void> => setProfileImageUrl(tx, userId, kind, url),
  };
}
export type UserWrites = ReturnType<typeof createUserWrites>;
