import { z } from 'zod';
import { FEED_THEMES, LANGUAGES, LISTEN_SERVICES, ROLES } from './catalogues.js';
import { text } from './common.js';
import { NotificationDigestSetting, NotificationKindSettings } from './notifications.js';

/**
 * Notification switches (docs/product/data-and-config.md#data, docs/decisions/0024-notifications-centre.md).
 * The spec's two global switches (both default true) still mean "no push at all" and "no email at all";
 * under them, `kinds` switches each kind per channel, and `digest` says how often new josies of followed
 * curators are mailed (default `off`).
 */
export const NotificationSettings = z.object({
  allowPushNotifications: z.boolean(),
  allowEmails: z.boolean(),
  kinds: NotificationKindSettings,
  digest: NotificationDigestSetting,
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
 * What the signed-in user may do, decided by the server from the access policies of the endpoints each
 * ability stands for (docs/decisions/0002-route-access-policies.md, docs/product/routes-and-roles.md#roles),
 * so the web's guards, menu and home route act on them instead of copying the role rules
 * (docs/decisions/0015-endpoints-in-the-contract.md). Named after actions, not roles:
 * - `createJosie`: write josies and keep a list of one's own (`POST /api/josies`, `GET /api/josies/my-josies`);
 * - `invite`: invite people and list one's invites;
 * - `review`: the review queue, approve and reject;
 * - `administer`: the admin area (every `/api/admin` endpoint);
 * - `setHeaderImage`: upload a profile header image;
 * - `chooseStyle`: choose the font and colour that dress one's josies (preferences `myFont`, `myColor`).
 */
export const UserAbilities = z.object({
  createJosie: z.boolean(),
  invite: z.boolean(),
  review: z.boolean(),
  administer: z.boolean(),
  setHeaderImage: z.boolean(),
  chooseStyle: z.boolean(),
});
export type UserAbilities = z.infer<typeof UserAbilities>;

/**
 * The signed-in user as the API answers it (docs/product/data-and-config.md#data). `_id` and `id` carry the
 * same value because the spec reads both. Provider tokens never leave the server
 * (docs/product/differences.md#provider-tokens). `abilities`: {@link UserAbilities}.
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
  activeProvider: z.enum(LISTEN_SERVICES),
  following: z.array(text()),
  createdAt: text(),
  /**
   * Whether the account's email address is proven (the link of the verification mail was followed, or the
   * account came verified: demo, `create-admin`, or a provider's verified address). Until it is, publishing
   * a josie and creating an invite answer 403 `EMAIL_NOT_VERIFIED` (docs/decisions/0025-account-and-data.md).
   */
  emailVerified: z.boolean(),
  /**
   * Whether the account has a password (false for one made through Spotify or Google that never set one):
   * the deletion dialog asks for the password, or offers the mailed confirmation link
   * (docs/decisions/0025-account-and-data.md, "Deleting one's account").
   */
  hasPassword: z.boolean(),
  notificationSettings: NotificationSettings,
  preferences: Preferences,
  onboarding: OnboardingStatus,
  abilities: UserAbilities,
});
export type User = z.infer<typeof User>;
