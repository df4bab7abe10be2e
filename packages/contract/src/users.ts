import { z } from 'zod';
import { FEED_THEMES, LANGUAGES, PROVIDERS, ROLES } from './catalogues.js';
import { text } from './common.js';

/** Notification switches; both default true. docs/product/data-and-config.md#data. */
export const NotificationSettings = z.object({
  allowPushNotifications: z.boolean(),
  allowEmails: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** Stored preferences; the server merges defaults (empty lists and strings). docs/product/data-and-config.md#data. */
export const Preferences = z.object({
  theme: z.enum(FEED_THEMES),
  genres: z.array(text()),
  interests: z.array(text()),
  myFont: text(),
  myColor: text(),
});
export type Preferences = z.infer<typeof Preferences>;

/** Onboarding status. docs/product/data-and-config.md#data. */
export const OnboardingStatus = z.object({
  completed: z.boolean(),
  step: z.number().int().min(1).max(3),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;

/**
 * The signed-in user as the API answers it (docs/product/data-and-config.md#data). `_id` and `id` carry the
 * same value because the spec reads both. Provider tokens never leave the server
 * (docs/product/differences.md#provider-tokens).
 */
export const User = z.object({
  _id: text(),
  id: text(),
  name: text(),
  email: text(),
  role: z.enum(ROLES),
  avatar: text().nullable(),
  headerImage: text().nullable(),
  bio: text(),
  spotifyId: text().nullable(),
  preferredLanguage: z.enum(LANGUAGES),
  lastLogin: text().nullable(),
  activeProvider: z.enum(PROVIDERS),
  following: z.array(text()),
  createdAt: text(),
  notificationSettings: NotificationSettings,
  preferences: Preferences,
  onboarding: OnboardingStatus,
});
export type User = z.infer<typeof User>;
