import { z } from 'zod';
import { FEED_THEMES, LANGUAGES, PROVIDERS, ROLES } from './catalogues.js';

/** Notification switches; both default true. Spec 000 §3. */
export const NotificationSettings = z.object({
  allowPushNotifications: z.boolean(),
  allowEmails: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** Stored preferences; the server merges defaults (empty lists and strings). Spec 001 §3. */
export const Preferences = z.object({
  theme: z.enum(FEED_THEMES),
  genres: z.array(z.string()),
  interests: z.array(z.string()),
  myFont: z.string(),
  myColor: z.string(),
});
export type Preferences = z.infer<typeof Preferences>;

/** Onboarding status. Spec 000 §3. */
export const OnboardingStatus = z.object({
  completed: z.boolean(),
  step: z.number().int().min(1).max(3),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatus>;

/**
 * The signed-in user as the API answers it (spec 000 §3 User). `_id` and `id` carry the same value
 * because the spec reads both. Provider tokens never leave the server (DESIGN §9.4).
 */
export const User = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  avatar: z.string().nullable(),
  headerImage: z.string().nullable(),
  bio: z.string(),
  spotifyId: z.string().nullable(),
  preferredLanguage: z.enum(LANGUAGES),
  lastLogin: z.string().nullable(),
  activeProvider: z.enum(PROVIDERS),
  following: z.array(z.string()),
  createdAt: z.string(),
  notificationSettings: NotificationSettings,
  preferences: Preferences,
  onboarding: OnboardingStatus,
});
export type User = z.infer<typeof User>;
