/**
 * Test probes for the social modules (feeds, likes, follows, realtime): the actor a request would carry,
 * readable titles, microsecond timestamps. Their rows come from `test/factories.ts`.
 */
import type { Josie } from '@josie/contract';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../plugins/auth.js';
import type { TestUser } from '../../test/factories.js';

/** The `AuthUser` a request of `user` would carry, for calling services directly. */
export function asActor(user: TestUser): AuthUser {
  return {
    id: user.user._id,
    role: user.user.role,
    sessionId: 'test-session',
    email: user.user.email,
    name: user.user.name,
  };
}

/** Titles of a page of posts, for readable assertions. */
export const titles = (posts: Josie[]) => posts.map((p) => p.title);

/** A microsecond-precise timestamp literal (PostgreSQL keeps microseconds; a `Date` keeps milliseconds). */
export const micros = (iso: string) => sql`${iso}::timestamptz`;
