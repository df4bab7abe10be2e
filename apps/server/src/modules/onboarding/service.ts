import type { OnboardingResponse, OnboardingUpdateBody } from '@josie/contract';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { FollowsService } from '../follows/index.js';
import type { UsersService } from '../users/index.js';
import { onboardingOf } from './queries.js';

/** The three-step onboarding of docs/product/rules-and-limits.md#onboarding: status reads and writes, and the completion step's follows. */
export function createOnboardingService(deps: {
  db: Db;
  follows: FollowsService;
  /** The owner of the `users` table, which stores the status in the update's transaction. */
  users: Pick<UsersService, 'setOnboarding'>;
}) {
  const { db, follows, users } = deps;

  return {
    /** `GET /api/users/me/onboarding`. */
    async get(actor: AuthUser): Promise<OnboardingResponse> {
      const onboarding = await onboardingOf(db, actor.id);
      if (!onboarding) throw errors.notFound('User not found');
      return { onboarding };
    },

    /**
     * `PUT /api/users/me/onboarding`: stores `{completed, step}`. The `followed` ids are followed in the same
     * transaction (live curators only; anything else, or the caller, is skipped so that a curator who left
     * meanwhile cannot block the finish). `skipped` ids need nothing stored: not following is the default.
     */
    async update(actor: AuthUser, body: OnboardingUpdateBody): Promise<OnboardingResponse> {
      const { onboarding, followed } = await db.transaction(async (tx) => {
        const onboarding = await users.setOnboarding(tx, actor.id, {
          completed: body.completed,
          step: body.step,
        });
        if (!onboarding) throw errors.notFound('User not found');
        const followed = await follows.followCurators(tx, actor.id, body.followed ?? []);
        return { onboarding, followed };
      });
      follows.announce(actor.id, followed, true);
      return { onboarding };
    },
  };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
