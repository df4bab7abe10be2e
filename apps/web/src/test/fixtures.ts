import { type AuthResponse, DEFAULT_FEED_THEME, type Role, type User } from '@josie/contract';

/** A complete contract `User` for tests; `overrides` replace any field. */
export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? overrides._id ?? '0190a0b0-0000-7000-8000-000000000001';
  return {
    _id: id,
    id,
    name: 'Dana Levi',
    email: 'dana@example.com',
    role: 'listener',
    avatar: null,
    headerImage: null,
    bio: '',
    spotifyId: null,
    preferredLanguage: 'en',
    lastLogin: '2024-05-01T10:00:00.000Z',
    activeProvider: 'spotify',
    following: [],
    createdAt: '2024-01-15T09:30:00.000Z',
    notificationSettings: { allowPushNotifications: true, allowEmails: true },
    preferences: { theme: DEFAULT_FEED_THEME, genres: [], interests: [], myFont: '', myColor: '' },
    onboarding: { completed: true, step: 3 },
    ...overrides,
  };
}

/** A login answer for a user of `role` (onboarding completed unless overridden). */
export function makeSession(role: Role = 'listener', overrides: Partial<User> = {}): AuthResponse {
  return { token: `token-${role}`, user: makeUser({ role, ...overrides }) };
}
