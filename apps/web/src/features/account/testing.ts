import { GENRES, INTERESTS, type Preferences, ROUTES, type User } from '@josie/contract';
import { json, type StubRoute } from '../../test/fetchStub';

/** The live lists as `GET /api/preferences/options` answers them (seed names, sorted). */
export const OPTIONS = {
  genres: [...GENRES].sort().map((name, index) => ({ _id: `g${index}`, name })),
  interests: [...INTERESTS].sort().map((name, index) => ({ _id: `i${index}`, name })),
};

/**
 * Handlers the account page needs for `user`: its preferences (or `preferences`) and the live lists.
 * Tests add their own before these to override one.
 */
export function accountRoutes(user: User, preferences: Preferences = user.preferences): StubRoute[] {
  return [
    { ...ROUTES.getPreferences, reply: () => json(200, { success: true, preferences }) },
    { ...ROUTES.preferenceOptions, reply: () => json(200, OPTIONS) },
  ];
}
