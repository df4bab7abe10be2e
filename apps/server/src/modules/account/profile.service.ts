import type { ProfileUpdateBody, ProfileUpdateResponse } from '@josie/contract';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { EventBus } from '../../realtime/bus.js';
import type { UsersService } from '../users/index.js';

/**
 * The Profile tab's editable text: the bio shown on the public profile, and the display name.
 * docs/product/routes-and-roles.md#account.
 */
export function createProfileService(deps: { users: UsersService; bus: EventBus }) {
  const { users, bus } = deps;
  return {
    /**
     * `PUT /api/users/me/profile`: saves the (already trimmed and bounded) bio and optional name of the
     * actor and answers the updated user.
     * @throws AppError 404 when the account was deleted meanwhile.
     */
    async update(actor: AuthUser, body: ProfileUpdateBody): Promise<ProfileUpdateResponse> {
      if (!(await users.updateProfile(actor.id, body))) throw errors.notFound('User not found');
      if (body.name !== undefined) bus.publish('user.profile-changed', { userId: actor.id });
      return { user: await users.loadUser(actor.id) };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
