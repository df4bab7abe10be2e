/**
 * Listening on the listener's own service (docs/decisions/0022-listen-on-your-own-service.md): every audio
 * and video item's counterparts on other platforms, found by a resolver in the background, shown as the
 * player in the listener's provider and as "Also on" links. Zod schemas here; the pure helpers that pick a
 * player are in `domain/`.
 */
import { z } from 'zod';
import { LISTEN_SERVICES } from './catalogues.js';
import { text } from './common.js';
import { User } from './users.js';

/**
 * Platforms an item may be linked on, in the order "Also on" lists them. `spotify` and `youtube` have
 * players; the others are links.
 */
export const LISTEN_PLATFORMS = [
  'spotify',
  'youtube',
  'youtubeMusic',
  'appleMusic',
  'deezer',
  'tidal',
  'soundcloud',
  'amazonMusic',
] as const;
export type ListenPlatform = (typeof LISTEN_PLATFORMS)[number];

/**
 * Where a link came from, strongest first: `original` (the item the curator pasted), `curator` (the
 * curator's own counterpart, which always wins), `odesli` (song.link's answer), `search` (our own match
 * through the Spotify or YouTube API, with a confidence).
 */
export const LINK_SOURCES = ['original', 'curator', 'odesli', 'search'] as const;
export type LinkSource = (typeof LINK_SOURCES)[number];

/** One link of an item on one platform; `confidence` (0-1) only for a `search` match, else null. */
export const ItemLink = z.object({
  platform: z.enum(LISTEN_PLATFORMS),
  url: text(),
  source: z.enum(LINK_SOURCES),
  confidence: z.number().min(0).max(1).nullable(),
});
export type ItemLink = z.infer<typeof ItemLink>;

/** An item with what is known about it: title, artist, artwork and its links, the original first. */
export const ItemLinks = z.object({
  title: text(),
  artistName: text(),
  thumbnailUrl: text().nullable(),
  links: z.array(ItemLink),
});
export type ItemLinks = z.infer<typeof ItemLinks>;

/**
 * The links of one audio or video item of a josie, as a josie answer carries them in `listen`: `itemUrl` is
 * the paragraph's `url`, `kind` which paragraph it is. An item not resolved yet carries only its original.
 */
export const ListenItem = ItemLinks.extend({
  itemUrl: text(),
  kind: z.enum(['audio', 'video']),
});
export type ListenItem = z.infer<typeof ListenItem>;

/** `GET /api/audio/links?url=`: the editor's preview of what the resolver finds for a pasted item. */
export const AudioLinksQuery = z.object({ url: text().trim().min(1).max(2000) });
export type AudioLinksQuery = z.infer<typeof AudioLinksQuery>;

/** Answer of `GET /api/audio/links`. */
export const AudioLinksResponse = z.object({ data: ItemLinks });
export type AudioLinksResponse = z.infer<typeof AudioLinksResponse>;

/**
 * `PUT /api/users/me/active-provider`: the service the listener plays on (`google` is shown as YouTube; the
 * platforms past the sign-in providers are opened by their links).
 */
export const ActiveProviderBody = z.object({ activeProvider: z.enum(LISTEN_SERVICES) });
export type ActiveProviderBody = z.infer<typeof ActiveProviderBody>;

/** Answer of `PUT /api/users/me/active-provider`: the user as `GET /api/users/me` answers it. */
export const ActiveProviderResponse = z.object({ user: User });
export type ActiveProviderResponse = z.infer<typeof ActiveProviderResponse>;

/** The resolver's state for `/admin/system`: configured sources, last success, recent failures. */
export const LinkResolverStatus = z.object({
  sources: z.array(z.object({ name: z.enum(['odesli', 'spotify', 'youtube']), configured: z.boolean() })),
  lastSuccessAt: text().nullable(),
  lastFailureAt: text().nullable(),
  lastError: text().nullable(),
  /** Items whose last resolution failed, and items waiting for their first. */
  failedItems: z.number().int().nonnegative(),
  pendingItems: z.number().int().nonnegative(),
  resolvedItems: z.number().int().nonnegative(),
});
export type LinkResolverStatus = z.infer<typeof LinkResolverStatus>;

/** Answer of `GET /api/admin/link-resolver`. */
export const LinkResolverStatusResponse = z.object({ resolver: LinkResolverStatus });
export type LinkResolverStatusResponse = z.infer<typeof LinkResolverStatusResponse>;
