/**
 * Follows, curator profiles and cards, likes and saves, recommendations, onboarding, preferences and the
 * realtime events. docs/product/data-and-config.md#data,
 * docs/product/rules-and-limits.md#follows-and-recommendations, docs/product/routes-and-roles.md#api;
 * docs/product/routes-and-roles.md#pages, docs/product/rules-and-limits.md#follows-and-recommendations,
 * docs/product/routes-and-roles.md#api, docs/product/routes-and-roles.md#realtime,
 * docs/product/differences.md#feed-content, docs/product/differences.md#saved-josies,
 * docs/product/differences.md#public-profile.
 */
import { z } from 'zod';
import { COLOURS, FEED_THEMES, FONTS, LIMITS, ROLES } from './catalogues.js';
import { text } from './common.js';
import { NOTIFICATION_CHANNELS_OF, type NotificationKind } from './notification-kinds.js';
import { NotificationDigestSetting, NotificationKindSettingsUpdate } from './notifications.js';
import { NotificationSettings, OnboardingStatus, Preferences } from './users.js';

/**
 * A path segment that names a user or a josie. Any short string is accepted here: an id that is not a UUID
 * names nothing, so the server answers 404 for it as for an unknown id, never 400 or 500.
 */
export const PathId = text().min(1).max(100);
export type PathId = z.infer<typeof PathId>;

/** `:id` of `/api/users/{id}`, `/api/users/follow/{id}`, `/api/josies/{id}/like` and the like. */
export const PathIdParams = z.object({ id: PathId });
export type PathIdParams = z.infer<typeof PathIdParams>;

/** `:curatorId` of `/api/josies/curator/{curatorId}/feed`. */
export const CuratorIdParams = z.object({ curatorId: PathId });
export type CuratorIdParams = z.infer<typeof CuratorIdParams>;

/** Comma-joined UUIDs in a query string (`exclude=a,b`); blanks are dropped, at most 100 ids. */
const CommaJoinedIds = text()
  .max(100 * 37)
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.uuid('exclude must hold comma-joined user ids')).max(100));

// ---------------------------------------------------------------------------------------------------------
// Follow

/**
 * Answer of `POST /api/users/follow/{id}` and `/unfollow/{id}`: the caller's followed curator ids after the
 * call, oldest follow first, for the stored user's `following` list
 * (docs/product/rules-and-limits.md#follows-and-recommendations).
 */
export const FollowResponse = z.object({ success: z.literal(true), following: z.array(text()) });
export type FollowResponse = z.infer<typeof FollowResponse>;

// ---------------------------------------------------------------------------------------------------------
// Profiles and curator cards

/**
 * `GET /api/users/{id}`: the public and curator profile (docs/product/routes-and-roles.md#api,
 * docs/product/differences.md#public-profile). `preferences.myColor` is a CSS colour (a catalogue name
 * resolved to its hex; the default pink when unset), as in a josie's creator. Counts: published josies, live
 * followers, live followed curators.
 */
export const PublicProfile = z.object({
  _id: text(),
  id: text(),
  name: text(),
  avatar: text().nullable(),
  headerImage: text().nullable(),
  bio: text(),
  role: z.enum(ROLES),
  preferences: z.object({ myFont: text(), myColor: text() }),
  postsCount: z.number().int().nonnegative(),
  followersCount: z.number().int().nonnegative(),
  followingCount: z.number().int().nonnegative(),
  /** Whether the signed-in caller follows this user. */
  isFollowing: z.boolean(),
  /** Whether the signed-in caller blocked this user (docs/decisions/0048-blocking-and-muting.md). */
  isBlocked: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/**
 * A curator card of the home strip (docs/product/routes-and-roles.md#pages,
 * docs/product/data-and-config.md#data): `font` is the curator's myFont ('' for none) and `color` a CSS
 * colour (catalogue name resolved to hex; default #ff69b4).
 */
export const CuratorCard = z.object({
  _id: text(),
  id: text(),
  name: text(),
  avatar: text().nullable(),
  font: text(),
  color: text(),
});
export type CuratorCard = z.infer<typeof CuratorCard>;

/** `GET /api/users/curators/feed?limit=`: how many cards (default 50, at most 100). */
export const CuratorsFeedQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });
export type CuratorsFeedQuery = z.infer<typeof CuratorsFeedQuery>;

/** Answer of `GET /api/users/curators/feed`: most-followed curators first, then by name. */
export const CuratorsFeedResponse = z.object({ curators: z.array(CuratorCard) });
export type CuratorsFeedResponse = z.infer<typeof CuratorsFeedResponse>;

// ---------------------------------------------------------------------------------------------------------
// Likes and saves

/** Answer of `POST /api/josies/{id}/like` (a toggle): the caller's new state and the josie's count. docs/product/routes-and-roles.md#api. */
export const LikeResponse = z.object({
  data: z.object({ liked: z.boolean(), likeCount: z.number().int().nonnegative() }),
});
export type LikeResponse = z.infer<typeof LikeResponse>;

/** Answer of `POST /api/josies/{id}/save` (a toggle): whether the josie is now in the saved list. docs/product/differences.md#saved-josies. */
export const SaveResponse = z.object({ data: z.object({ saved: z.boolean() }) });
export type SaveResponse = z.infer<typeof SaveResponse>;

// ---------------------------------------------------------------------------------------------------------
// Recommendations

/** How curators are picked: at random, by followers, or by genres shared with the caller. */
export const RECOMMENDATION_STRATEGIES = ['random', 'popular', 'genre'] as const;
export type RecommendationStrategy = (typeof RECOMMENDATION_STRATEGIES)[number];

/**
 * `GET /api/recommendations/curators?limit=&strategy=&exclude=`: limit 1-20 (default 3, the curator
 * profile's suggestions; onboarding asks for 5), strategy (default random), `exclude` comma-joined user ids.
 */
export const RecommendationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(LIMITS.curatorSuggestions),
  strategy: z.enum(RECOMMENDATION_STRATEGIES).default('random'),
  exclude: CommaJoinedIds.default([]),
});
export type RecommendationsQuery = z.infer<typeof RecommendationsQuery>;

/** A recommended curator: a card plus bio and follower count. docs/product/data-and-config.md#data (`_id, name, avatar`). */
export const CuratorRecommendation = CuratorCard.extend({
  bio: text(),
  followersCount: z.number().int().nonnegative(),
});
export type CuratorRecommendation = z.infer<typeof CuratorRecommendation>;

/** Answer of `GET /api/recommendations/curators`. */
export const RecommendationsResponse = z.object({ recommendations: z.array(CuratorRecommendation) });
export type RecommendationsResponse = z.infer<typeof RecommendationsResponse>;

// ---------------------------------------------------------------------------------------------------------
// Onboarding

/** Answer of `GET` and `PUT /api/users/me/onboarding`. docs/product/routes-and-roles.md#api. */
export const OnboardingResponse = z.object({ onboarding: OnboardingStatus });
export type OnboardingResponse = z.infer<typeof OnboardingResponse>;

/**
 * `PUT /api/users/me/onboarding`. The completion step
 * (docs/product/rules-and-limits.md#follows-and-recommendations) also carries the ids of the recommended
 * curators the user followed and skipped; the followed ones are followed in the same transaction.
 */
export const OnboardingUpdateBody = OnboardingStatus.extend({
  followed: z.array(z.uuid()).max(50).optional(),
  skipped: z.array(z.uuid()).max(50).optional(),
});
export type OnboardingUpdateBody = z.infer<typeof OnboardingUpdateBody>;

// ---------------------------------------------------------------------------------------------------------
// Preferences and notification settings

/** The 14 curator font families (docs/product/data-and-config.md#data). */
export const FONT_FAMILIES = FONTS.map((f) => f.family);
/** The six curator colour names (docs/product/rules-and-limits.md#preferences-and-catalogues). */
export const COLOUR_NAMES = COLOURS.map((c) => c.name);

const catalogueName = (names: readonly string[], what: string) =>
  text().refine((value) => value === '' || names.includes(value), {
    error: (issue) => `Unknown ${what}: ${String(issue.input)}`,
  });

/** A genre or interest name as sent; the server checks it against the live list. */
const ListEntry = text().trim().min(1).max(100);

/**
 * `PUT /api/users/me/preferences` (docs/product/rules-and-limits.md#follows-and-recommendations,
 * docs/product/routes-and-roles.md#api). Genres and interests must be in the live lists (the server answers
 * 400 naming an unknown one); `myFont` and `myColor` must be catalogue entries or '' (none) and only curators
 * may change them (403); `theme` is one of the four feed themes. Omitted optional fields keep their stored
 * value.
 */
export const PreferencesUpdateBody = z.object({
  genres: z.array(ListEntry).max(50),
  interests: z.array(ListEntry).max(50),
  myFont: catalogueName(FONT_FAMILIES, 'font').optional(),
  myColor: catalogueName(COLOUR_NAMES, 'colour').optional(),
  theme: z.enum(FEED_THEMES).optional(),
});
export type PreferencesUpdateBody = z.infer<typeof PreferencesUpdateBody>;

/** Answer of `GET` and `PUT /api/users/me/preferences`: the stored preferences merged with the defaults. */
export const PreferencesResponse = z.object({ success: z.literal(true), preferences: Preferences });
export type PreferencesResponse = z.infer<typeof PreferencesResponse>;

/**
 * `PUT /api/users/me/notification-settings`: the switches to change (docs/product/routes-and-roles.md#account,
 * docs/decisions/0024-notifications-centre.md); omitted ones keep their stored value. A switch for a channel a
 * kind cannot use (`NOTIFICATION_CHANNELS_OF`) is refused with 400.
 */
export const NotificationSettingsUpdateBody = z
  .object({
    allowPushNotifications: z.boolean().optional(),
    allowEmails: z.boolean().optional(),
    kinds: NotificationKindSettingsUpdate.optional(),
    digest: NotificationDigestSetting.optional(),
  })
  .refine(
    (body) =>
      Object.entries(body.kinds ?? {}).every(([kind, switches]) =>
        Object.keys(switches ?? {}).every((channel) =>
          (NOTIFICATION_CHANNELS_OF[kind as NotificationKind] as readonly string[]).includes(channel),
        ),
      ),
    { message: 'That kind of notification cannot be sent on that channel', path: ['kinds'] },
  );
export type NotificationSettingsUpdateBody = z.infer<typeof NotificationSettingsUpdateBody>;

/** Answer of `PUT /api/users/me/notification-settings`: every switch after the change. */
export const NotificationSettingsResponse = z.object({ data: NotificationSettings });
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;

/** One entry of a live list (genre or interest). */
export const LiveListEntry = z.object({ _id: text(), name: text() });
export type LiveListEntry = z.infer<typeof LiveListEntry>;

/**
 * `GET /api/preferences/options`: the live genre and interest lists (admins edit them,
 * docs/product/data-and-config.md#data), sorted by name, for onboarding and the preferences tab.
 */
export const PreferenceOptionsResponse = z.object({
  genres: z.array(LiveListEntry),
  interests: z.array(LiveListEntry),
});
export type PreferenceOptionsResponse = z.infer<typeof PreferenceOptionsResponse>;
