/**
 * The app's own analytics events (decision 0010): their names and caps, as plain values without zod (like
 * `catalogues.ts`). The web app's analytics client runs on every first page, so importing these must not
 * bring zod into the first pages' scripts (docs/performance.md); the body's schema is in `site.ts`.
 */

/**
 * The analytics events the web app emits (docs/product/routes-and-roles.md#api; decision 0010), the only
 * names the server accepts. The web's `track()` takes an {@link AnalyticsEventName}, so an event added there
 * must be added here.
 */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'publish_josie',
  'approve_josie',
  'reject_josie',
  // The studio's events (docs/decisions/0050-curator-studio-counts.md): their parameters are checked by
  // `STUDIO_EVENT_PARAMS` below and the body's schema.
  'josie_view',
  'josie_play',
  'also_on_click',
  'josie_share',
  'follow_source',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/**
 * Caps of one analytics event (decision 0010), so an anonymous client cannot fill the disk: parameters per
 * event, characters of a parameter name and of a string value, and bytes of the whole request body. The
 * largest event the app sends (`reject_josie` with a 2,000-character Hebrew reason) stays within them.
 */
export const ANALYTICS_LIMITS = {
  maxParams: 16,
  keyMaxLength: 40,
  valueMaxLength: 2000,
  bodyMaxBytes: 8 * 1024,
} as const;

/**
 * Where a reader came to a josie from (docs/decisions/0050-curator-studio-counts.md): the home feed, explore,
 * search, a genre page, the curator's profile, an invite, a link shared outside the app (a visit with no
 * in-app surface but a referrer or `?ref=share`), and `other` (typed address, a notification...).
 */
export const STUDIO_SURFACES = [
  'feed',
  'explore',
  'search',
  'genre',
  'curator',
  'invite',
  'external',
  'other',
] as const;
export type StudioSurface = (typeof STUDIO_SURFACES)[number];

/** Where a follow was pressed (decision 0050): the studio's "where new followers came from". */
export const FOLLOW_SOURCES = [
  'invite',
  'explore',
  'search',
  'onboarding',
  'josie',
  'curator',
  'other',
] as const;
export type FollowSource = (typeof FOLLOW_SOURCES)[number];

/**
 * The services plays and "Also on" clicks are counted by (decision 0050): every platform the app links an
 * item on (`LISTEN_PLATFORMS`, written out here so the analytics client does not load the listening
 * contract; a test keeps the two lists equal) and `other` for a link elsewhere.
 */
export const STUDIO_SERVICES = [
  'spotify',
  'youtube',
  'youtubeMusic',
  'appleMusic',
  'deezer',
  'tidal',
  'soundcloud',
  'amazonMusic',
  'other',
] as const;
export type StudioService = (typeof STUDIO_SERVICES)[number];

/** Where a josie was shared to (decision 0050): the system share sheet, a copied link, or other. */
export const SHARE_CHANNELS = ['native', 'copy', 'other'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/**
 * The parameters each studio event must carry (decision 0050), beside the user properties every event has
 * (`language`, `user_role`, `streaming_connected`): the body's schema (`site.ts`) refuses one without them
 * with 400, so the rollup never meets an event it cannot count. `josie_id` and `curator_id` are UUIDs.
 */
export const STUDIO_EVENT_PARAMS = {
  josie_view: { josie_id: 'uuid', surface: STUDIO_SURFACES },
  josie_play: { josie_id: 'uuid', item: 'text', service: STUDIO_SERVICES },
  also_on_click: { josie_id: 'uuid', service: STUDIO_SERVICES },
  josie_share: { josie_id: 'uuid', channel: SHARE_CHANNELS },
  follow_source: { curator_id: 'uuid', source: FOLLOW_SOURCES },
} as const satisfies Partial<Record<AnalyticsEventName, Record<string, 'uuid' | 'text' | readonly string[]>>>;
export type StudioEventName = keyof typeof STUDIO_EVENT_PARAMS;

/** Whether `name` is one of the studio's reader events, hashed per reader and counted once a day. */
export function isStudioEvent(name: string): name is StudioEventName {
  return Object.hasOwn(STUDIO_EVENT_PARAMS, name);
}
