import {
  type AuthResponse,
  DEFAULT_FEED_THEME,
  mergeNotificationSettings,
  type Role,
  type User,
} from '@josie/contract';
import { abilitiesOfRole } from '../session/abilities';

/**
 * A complete contract `User` for tests; `overrides` replace any field. The abilities are those the server
 * gives the role unless `overrides.abilities` says otherwise.
 */
export function makeUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? overrides._id ?? '0190a0b0-0000-7000-8000-000000000001';
  const role = overrides.role ?? 'listener';
  return {
    _id: id,
    id,
    name: 'Dana Levi',
    email: 'dana@example.com',
    role,
    avatar: null,
    headerImage: null,
    bio: '',
    spotifyId: null,
    preferredLanguage: 'en',
    lastLogin: '2024-05-01T10:00:00.000Z',
    activeProvider: 'spotify',
    following: [],
    createdAt: '2024-01-15T09:30:00.000Z',
    emailVerified: true,
    hasPassword: true,
    notificationSettings: mergeNotificationSettings({ allowPushNotifications: true, allowEmails: true }),
    preferences: { theme: DEFAULT_FEED_THEME, genres: [], interests: [], myFont: '', myColor: '' },
    onboarding: { completed: true, step: 3 },
    abilities: abilitiesOfRole(role),
    ...overrides,
  };
}

/** A login answer for a user of `role` (onboarding completed unless overridden). */
export function makeSession(role: Role = 'listener', overrides: Partial<User> = {}): AuthResponse {
  return { token: `token-${role}`, user: makeUser({ role, ...overrides }) };
}
