import { createHash } from 'node:crypto';
import type { EventBus } from '../realtime/bus.js';
import { createInvalidatedCache } from '../scale/cache.js';
import type { Invalidation } from '../scale/invalidation.js';

/**
 * A feed as it is answered (docs/decisions/0042-feeds-and-search-engines.md): the XML as UTF-8 bytes, its
 * entity tag and the instant it last changed (HTTP's `ETag` and `Last-Modified`, for conditional GETs).
 */
export interface FeedDocument {
  xml: Buffer;
  /**
   * A weak entity tag, the hash of `xml` (RFC 9110, section 8.8.3): weak because the same document is sent
   * compressed or not (decision 0030), which a strong tag would have to tell apart.
   */
  etag: string;
  /** The feed's `updated` instant (its newest entry's), which `Last-Modified` carries to the second. */
  lastModified: Date;
  /** The curators whose josies (or own name) it shows: a change of their name drops it. */
  creatorIds: readonly string[];
  /** Whether it is a genre's feed: any publication may add to it. */
  genre: boolean;
}

/** A {@link FeedDocument} made from its XML. */
export function feedDocument(
  xml: string,
  lastModified: Date,
  meta: Pick<FeedDocument, 'creatorIds' | 'genre'>,
): FeedDocument {
  const bytes = Buffer.from(xml, 'utf8');
  const etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
  return { xml: bytes, etag, lastModified, ...meta };
}

/** The cache key of a curator's feed. */
export const curatorFeedKey = (curatorId: string) => `curator:${curatorId}`;
/** The cache key of a genre's feed (the name as the address spells it). */
export const genreFeedKey = (name: string) => `genre:${name}`;

/** The tag of every document that shows something of curator `id`. */
const creatorTag = (id: string) => `creator:${id}`;
/** The tag of every genre feed. */
const GENRE_TAG = 'genres';

/**
 * Feeds kept at most per instance. A feed of 50 josies is ~60 KB of XML; the bound holds the feeds of the
 * few thousand most read curators and every genre's.
 */
export const FEED_DOCUMENTS_MAX = 2_000;
/** Bytes of XML kept at most per instance (64 MB). */
export const FEED_DOCUMENTS_BYTES = 64 * 2 ** 20;

/** The Atom feeds of one app instance, cached until they change. */
export interface FeedDocuments {
  /**
   * The document under `key` from memory, else `load()`'s (kept; undefined, for a feed that does not
   * exist, is not).
   */
  get(key: string, load: () => Promise<FeedDocument | undefined>): Promise<FeedDocument | undefined>;
  /** Documents held now (tests, metrics). */
  readonly size: number;
}

/**
 * Creates the {@link FeedDocuments} of one app instance and subscribes them to what makes them stale, on
 * every instance through {@link Invalidation} (decision 0033's rules, decision 0042):
 * - a josie published or unpublished (approved; edited back to review, deleted, its curator deleted): topic
 *   `feeds`, keyed by its curator, drops that curator's feed and every genre feed (few: the live genre
 *   list), since its genres are not in the event and an entry may join or leave any of them;
 * - a curator's name changed (`user.profile-changed`, topic `creator`): drops every feed that shows it;
 * - someone became or stopped being a curator (topic `curators`): drops their feed, which then answers 404
 *   or is made anew;
 * - a deleted user (topic `user-removed`), or a lost invalidation channel: drops everything.
 * Likes, saves and resolved links change nothing a feed shows. `ttlMs` bounds a missed invalidation
 * (0: off, every feed made per request).
 */
export function createFeedDocuments(opts: {
  invalidation: Invalidation;
  bus: EventBus;
  ttlMs: number;
}): FeedDocuments {
  const { invalidation, bus } = opts;
  const documents = createInvalidatedCache<FeedDocument>({
    invalidation,
    ttlMs: opts.ttlMs,
    max: FEED_DOCUMENTS_MAX,
    bySize: { size: (d) => d.xml.length, maxSize: FEED_DOCUMENTS_BYTES },
    tags: (d) => [...d.creatorIds.map(creatorTag), ...(d.genre ? [GENRE_TAG] : [])],
  });

  invalidation.subscribe('feeds', (curatorId) => {
    documents.delete(curatorFeedKey(curatorId));
    documents.deleteTagged(GENRE_TAG);
  });
  invalidation.subscribe('creator', (userId) => documents.deleteTagged(creatorTag(userId)));
  invalidation.subscribe('curators', (userId) => documents.delete(curatorFeedKey(userId)));
  invalidation.subscribe('user-removed', () => documents.clear());
  invalidation.onReset(() => documents.clear());

  const publication = ({ creatorId }: { creatorId: string }) => invalidation.publish('feeds', creatorId);
  bus.subscribe('josie.published', publication);
  bus.subscribe('josie.unpublished', publication);

  return {
    get: (key, load) => documents.get(key, load),
    get size() {
      return documents.size;
    },
  };
}
