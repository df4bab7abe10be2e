import {
  DEFAULT_FEED_THEME,
  FEED_THEMES,
  type FeedTheme,
  mergeNotificationSettings,
  type Preferences,
  type PublicProfile,
  type User,
} from '@josie/contract';
import type { users } from '../../db/schema.js';
import { creatorColour } from '../josies/index.js';
import { userAbilities } from './abilities.js';
import type { ProfileRow } from './queries.js';

type UserRow = typeof users.$inferSelect;

/** Merges stored preferences with the defaults (empty lists and strings, theme josie). docs/product/data-and-config.md#data. */
export function presentPreferences(stored: UserRow['preferences']): Preferences {
  const theme = FEED_THEMES.includes(stored.theme as FeedTheme)
    ? (stored.theme as FeedTheme)
    : DEFAULT_FEED_THEME;
  return {
    theme,
    genres: stored.genres ?? [],
    interests: stored.interests ?? [],
    myFont: stored.myFont ?? '',
    myColor: stored.myColor ?? '',
  };
}

/**
 * The contract's {@link User} from a row and the ids of the curators the user follows, with the abilities of
 * the user's role ({@link userAbilities}). Never send a row: a new column must not leak
 * (docs/ARCHITECTURE.md#practices).
 */
export function presentUser(row: UserRow, following: string[], spotifyId: string | null = null): User {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar: row.avatarUrl,
    headerImage: row.headerImageUrl,
    bio: row.bio,
    spotifyId,
    preferredLanguage: row.preferredLanguage,
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    activeProvider: row.activeProvider,
    following,
    createdAt: row.createdAt.toISOString(),
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    notificationSettings: mergeNotificationSettings(row.notificationSettings),
    preferences: presentPreferences(row.preferences),
    onboarding: row.onboarding,
    abilities: userAbilities(row.role),
  };
}

/** The contract's {@link PublicProfile}: no email, no settings; the colour as CSS like a josie's creator. */
export function presentProfile(row: ProfileRow): PublicProfile {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    avatar: row.avatarUrl,
    headerImage: row.headerImageUrl,
    bio: row.bio,
    role: row.role,
    preferences: {
      myFont: row.preferences.myFont ?? '',
      myColor: creatorColour(row.preferences.myColor),
    },
    postsCount: row.postsCount,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    isFollowing: row.isFollowing,
    isBlocked: row.isBlocked,
  };
}
