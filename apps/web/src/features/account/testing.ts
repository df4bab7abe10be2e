import { GENRES, INTERESTS, type Preferences, ROUTES, type User } from '@josie/contract';
import { json, type StubRoute } from '../../test/fetchStub';

/** The live lists as `GET /api/preferences/options` answers them (seed names, sorted). */
export const OPTIONS = {
  genres: [...GENRES].sort().map((name, index) => ({ _id: `g${index}`, name })),
  interests: [...INTERESTS].sort().map((name, index) => ({ _id: `i${index}`, name })),
};

/** The caller's own session, as `GET /api/users/me/sessions` lists it. */
export const THIS_SESSION = {
  _id: 'session-this',
  createdAt: '2026-01-01T10:00:00.000Z',
  lastSeenAt: '2026-01-02T10:00:00.000Z',
  browser: 'Chrome 131',
  os: 'macOS 15',
  current: true,
};

/**
 * Handlers the account page needs for `user`: its preferences (or `preferences`), the live lists, its one
 * session (this one) and no export.
 * Tests add their own before these to override one.
 */
export function accountRoutes(user: User, preferences: Preferences = user.preferences): StubRoute[] {
  return [
    { ...ROUTES.getPreferences, reply: () => json(200, { success: true, preferences }) },
    { ...ROUTES.preferenceOptions, reply: () => json(200, OPTIONS) },
    { ...ROUTES.mySessions, reply: () => json(200, { sessions: [THIS_SESSION] }) },
    { ...ROUTES.getExport, reply: () => json(200, { export: null }) },
  ];
}
