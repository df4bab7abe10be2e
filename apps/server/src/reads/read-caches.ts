import { createHash } from 'node:crypto';
import type { CuratorRecommendation, CuratorsFeedResponse, FeedResponse, Josie } from '@josie/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { josieLikes, josieSaves } from '../db/schema.js';
import type { FollowsService } from '../modules/follows/index.js';
import {
  isReviewer,
  isUuid,
  prepareFindPresentableJosie,
  presentPresentable,
  type Viewer,
} from '../modules/josies/index.js';
import type { AuthUser } from '../plugins/auth.js';
import type { EventBus } from '../realtime/bus.js';
import { createInvalidatedCache } from '../scale/cache.js';
import type { Invalidation } from '../scale/invalidation.js';

/**
 * A published josie as everyone but its creator and reviewers sees it, serialized once: the JSON of the
 * contract {@link Josie} without `likedByMe`, `savedByMe` and the closing brace, so that a reader's marks
 * (the only per-reader fields) are appended without serializing again. Its `abilities` are a visitor's
 * (all false), which are every such reader's: only the creator and the reviewers may edit, review,
 * delete it or see its reviews, and they are never answered from here.
 */
interface CachedJosie {
  creatorId: string;
  head: string;
  /** A hash of `head`, the shared part of every reader's weak ETag. */
  version: string;
}

/** A josie read answered from the cache: the JSON body and its weak ETag. */
export interface CachedRead {
  body: string;
  /** Changes whenever `body` does: the hash of the shared part and the reader's two marks. */
  etag: string;
}

/** The josies a reader liked and saved (all of them), or `overflow` for a reader with too many to hold. */
type Marks = { liked: ReadonlySet<string>; saved: ReadonlySet<string> } | { overflow: true };

/** A reader's first feed page, serialized, with what it depends on (the tags that drop it). */
interface CachedPage {
  /** UTF-8 bytes, so that each answer skips encoding ~20 KB again. */
  body: Buffer;
  /** The josies the page shows: a like changes their count, an edit or delete their presence. */
  josieIds: readonly string[];
  /** The curators the reader follows and the reader: a publication of any of them changes the page. */
  creatorIds: readonly string[];
}

/**
 * A reader with more likes or saves than this is not held in memory (a set of this size is ~0.5 MB); their
 * marks are read per request instead, so one prolific reader cannot fill the memory.
 */
export const MARKS_CACHE_LIMIT = 5_000;

/**
 * Sends a body the read cache serialized already: with a JSON content type Fastify sends a string or a
 * Buffer as it is, without the route's serializer.
 */
export function sendSerialized(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * What the explore page shows, the same for every reader (docs/decisions/0023-explore-and-taste.md): the
 * josies as ids, each presented per reader from the josie cache with the reader's marks.
 */
export interface ExploreLists {
  trending: readonly string[];
  genres: readonly { name: string; ids: readonly string[] }[];
  newCurators: readonly CuratorRecommendation[];
}

/** Options of {@link createReadCaches}; `ttlMs` 0 turns every read cache off. */
export interface ReadCachesOptions {
  db: Db;
  invalidation: Invalidation;
  bus: EventBus;
  /** Whom a reader follows (the `follows` table is the follows module's). */
  follows: Pick<FollowsService, 'followingIds'>;
  ttlMs: number;
  /** Entries kept at most per cache (least recently used go first; 20,000); each is also bounded by size. */
  max?: number;
}

/**
 * In-process caches of the hottest reads (docs/performance.md): published josies as serialized JSON, each
 * reader's likes and saves, and each reader's first home-feed page. What makes an entry stale, and how it is
 * dropped on every instance ({@link Invalidation}; Redis pub/sub with `REDIS_URL`):
 * - a josie's content, status or like count (edit, approve, reject, delete, like): topic `josie`, from
 *   `josie.published`/`josie.unpublished` on the bus and from {@link ReadCaches.liked}; drops the josie and
 *   every cached page showing it (tagged), so **likeCount is never older than the last like committed**
 *   (plus the pub/sub delay between instances);
 * - a new or removed publication of a curator: topic `creator`; drops the pages of the curator's followers
 *   (each page is tagged with the curators its reader follows);
 * - a reader's follows, likes and saves: topic `viewer` (from `follow.changed` and the toggles); drops the
 *   reader's marks and page;
 * - a role change or password reset (`user-sessions`): drops that user's marks and page;
 * - a deletion (`user-removed`, from `user.deleted`): drops the josies and pages of everyone (the likes a
 *   deleted user gave lowered counts anywhere; rare enough to clear), not on a password reset, which any
 *   user can repeat.
 * The home strip's curator cards (the same for everyone) are dropped when someone becomes a curator or
 * stops being one (topic `curators`, from `user.role-changed`) and by a deletion, so the strip shows who is
 * a curator at once; a follow moves a curator in its order within `ttlMs`.
 * A curator's name, avatar, colour and font are not tracked: cached josies, pages and strips show a change
 * of them within `ttlMs` (10 s by default), as the session cache does for the signed-in user's name.
 * A josie read by its creator, an editor or an admin (who see review histories) is served uncached; the
 * first feed page is cached per viewer for every role.
 */
export interface ReadCaches {
  /**
   * `GET /api/josies/{id}` for `viewer` from memory: the JSON body and its ETag, or undefined when this read
   * is not served from the cache (an unknown, unpublished or malformed id; the viewer is its creator or a
   * reviewer), in which case the caller reads it itself.
   */
  josie(viewer: Viewer, id: string): Promise<CachedRead | undefined>;
  /**
   * Many published josies for `viewer`, each as {@link ReadCaches.josie}'s body, by id: the reader's marks
   * are looked up once for all of them. Ids it does not serve (unpublished, unknown, the viewer's own; every
   * id for a reviewer, or for a reader with too many marks to hold) are left out: the caller reads those.
   */
  josieList(viewer: Viewer, ids: readonly string[]): Promise<Map<string, string>>;
  /** The first page of `viewer`'s home feed as JSON bytes: from memory, else `load()`'s answer (kept). */
  firstFeedPage(viewer: AuthUser, load: () => Promise<FeedResponse>): Promise<Buffer>;
  /**
   * `GET /api/users/curators/feed?limit=` as JSON: from memory, else `load()`'s answer (kept). It ranks
   * every curator by followers, a scan of the follows that grows with the community: once per `ttlMs` per
   * instance instead of once per home page view.
   */
  curatorStrip(limit: number, load: () => Promise<CuratorsFeedResponse>): Promise<string>;
  /**
   * `GET /api/explore`'s lists: from memory, else `load()`'s answer (kept). Built from four ranking reads
   * over all published josies and a week of likes: once per `ttlMs` per instance, not once per visit, and
   * the visits arriving while they load wait for that load (not with `ttlMs` 0).
   */
  exploreLists(load: () => Promise<ExploreLists>): Promise<ExploreLists>;
  /** Call after a like toggle committed: the josie's count and the user's marks changed. */
  liked(userId: string, josieId: string): Promise<void>;
  /** Call after a save toggle committed: the user's marks changed. */
  saved(userId: string): Promise<void>;
  /** Entries held now, per cache (tests, metrics). */
  sizes(): { josies: number; marks: number; pages: number; strips: number; explore: number };
}

/** The tag of a page showing josie `id`, and of a page depending on curator `id`'s publications. */
const josieTag = (id: string) => `josie:${id}`;
const creatorTag = (id: string) => `creator:${id}`;

/** Creates the {@link ReadCaches} of one app instance and subscribes them to what makes them stale. */
export function createReadCaches(opts: ReadCachesOptions): ReadCaches {
  const { db, invalidation, bus } = opts;
  const max = opts.max ?? 20_000;
  const base = { invalidation, ttlMs: opts.ttlMs, max };
  // Bounded by size too: 32 MB of josies (~2 KB each), a million marks (~75 MB when full), 64 MB of pages
  // (~20 KB each).
  const josies = createInvalidatedCache<CachedJosie>({
    ...base,
    bySize: { size: (j) => j.head.length, maxSize: 32 * 2 ** 20 },
  });
  const marks = createInvalidatedCache<Marks>({
    ...base,
    bySize: { size: (m) => ('overflow' in m ? 1 : m.liked.size + m.saved.size + 1), maxSize: 1_000_000 },
  });
  const pages = createInvalidatedCache<CachedPage>({
    ...base,
    tags: (p) => [...p.josieIds.map(josieTag), ...p.creatorIds.map(creatorTag)],
    // The tag index holds each tag once per page: about 80 bytes each, counted so that a reader following
    // thousands of curators cannot grow it beyond the bound.
    bySize: {
      size: (p) => p.body.length + 80 * (p.josieIds.length + p.creatorIds.length),
      maxSize: 64 * 2 ** 20,
    },
  });
  // One entry per `limit` asked for (the app asks for one).
  const strips = createInvalidatedCache<{ body: string }>({ ...base, max: 16 });
  // One entry: the lists are everyone's.
  const explore = createInvalidatedCache<ExploreLists>({ ...base, max: 1 });
  const EXPLORE_KEY = 'lists';
  const findPresentable = prepareFindPresentableJosie(db);
  const serving = () => opts.ttlMs > 0 && invalidation.reliable;

  invalidation.subscribe('josie', (id) => {
    josies.delete(id);
    pages.deleteTagged(josieTag(id));
  });
  invalidation.subscribe('creator', (id) => pages.deleteTagged(creatorTag(id)));
  invalidation.subscribe('viewer', (id) => {
    marks.delete(id);
    pages.delete(id);
  });
  invalidation.subscribe('user-sessions', (id) => {
    marks.delete(id);
    pages.delete(id);
  });
  invalidation.subscribe('curators', () => {
    strips.clear();
    explore.clear();
  });
  invalidation.subscribe('explore', () => explore.clear());
  invalidation.subscribe('user-removed', (id) => {
    josies.clear();
    pages.clear();
    marks.delete(id);
    strips.clear();
    explore.clear();
  });
  invalidation.onReset(() => {
    josies.clear();
    marks.clear();
    pages.clear();
    strips.clear();
    explore.clear();
  });
  // Domain events happen on one instance; the invalidations they imply go to every instance.
  const publication = async ({ josieId, creatorId }: { josieId: string; creatorId: string }) => {
    await Promise.all([
      invalidation.publish('josie', josieId),
      invalidation.publish('creator', creatorId),
      invalidation.publish('explore', josieId),
    ]);
  };
  bus.subscribe('josie.published', publication);
  bus.subscribe('josie.unpublished', publication);
  bus.subscribe('follow.changed', ({ followerId }) => invalidation.publish('viewer', followerId));
  bus.subscribe('user.deleted', ({ userId }) => invalidation.publish('user-removed', userId));
  bus.subscribe('user.role-changed', async ({ userId, from, to }) => {
    if (from === 'curator' || to === 'curator') await invalidation.publish('curators', userId);
  });

  /** A published josie as a reader sees it, minus the reader's marks; undefined for any other status. */
  async function loadJosie(id: string): Promise<CachedJosie | undefined> {
    const row = await findPresentable(id, null);
    if (row?.status !== 'published') return undefined;
    const [josie] = await presentPresentable(db, [row], null);
    const { likedByMe: _liked, savedByMe: _saved, ...shared } = josie!;
    const head = JSON.stringify(shared).slice(0, -1);
    return { creatorId: row.creatorId, head, version: createHash('sha1').update(head).digest('base64url') };
  }

  /** Every josie `userId` liked and saved (two index reads in one statement), unless there are too many. */
  async function loadMarks(userId: string): Promise<Marks> {
    const cap = MARKS_CACHE_LIMIT + 1;
    const rows = await db
      .select({ id: josieLikes.josieId, kind: sql<'like' | 'save'>`'like'` })
      .from(josieLikes)
      .where(eq(josieLikes.userId, userId))
      .limit(cap)
      .unionAll(
        db
          .select({ id: josieSaves.josieId, kind: sql<'like' | 'save'>`'save'` })
          .from(josieSaves)
          .where(eq(josieSaves.userId, userId))
          .limit(cap),
      );
    const liked = new Set<string>();
    const saved = new Set<string>();
    for (const row of rows) (row.kind === 'like' ? liked : saved).add(row.id);
    if (liked.size > MARKS_CACHE_LIMIT || saved.size > MARKS_CACHE_LIMIT) return { overflow: true };
    return { liked, saved };
  }

  /** Whether `userId` liked and saved `josieId`: from the cached marks, else two primary-key reads. */
  async function marksOf(userId: string, josieId: string): Promise<{ liked: boolean; saved: boolean }> {
    const held = await marks.get(userId, () => loadMarks(userId));
    if (!('overflow' in held)) return { liked: held.liked.has(josieId), saved: held.saved.has(josieId) };
    const [row] = await db
      .select({
        liked: sql<boolean>`exists (select 1 from ${josieLikes} where ${and(eq(josieLikes.josieId, josieId), eq(josieLikes.userId, userId))})`,
        saved: sql<boolean>`exists (select 1 from ${josieSaves} where ${and(eq(josieSaves.josieId, josieId), eq(josieSaves.userId, userId))})`,
      })
      .from(sql`(select 1) as one`);
    return { liked: row?.liked ?? false, saved: row?.saved ?? false };
  }

  return {
    async josie(viewer, id) {
      // Off, or deaf to other instances: the caller's one-statement read beats this path's two.
      if (!serving() || !isUuid(id) || isReviewer(viewer)) return undefined;
      const josie = await josies.get(id, () => loadJosie(id));
      if (!josie || viewer?.id === josie.creatorId) return undefined;
      const mine = viewer ? await marksOf(viewer.id, id) : { liked: false, saved: false };
      return {
        body: `${josie.head},"likedByMe":${mine.liked},"savedByMe":${mine.saved}}`,
        etag: `W/"${josie.version}.${Number(mine.liked)}${Number(mine.saved)}"`,
      };
    },

    async josieList(viewer, ids) {
      const bodies = new Map<string, string>();
      if (!serving() || isReviewer(viewer)) return bodies;
      const held = viewer ? await marks.get(viewer.id, () => loadMarks(viewer.id)) : null;
      if (held && 'overflow' in held) return bodies;
      const heads = await Promise.all(ids.map((id) => josies.get(id, () => loadJosie(id))));
      ids.forEach((id, i) => {
        const josie = heads[i];
        if (!josie || viewer?.id === josie.creatorId) return;
        const liked = held?.liked.has(id) ?? false;
        const saved = held?.saved.has(id) ?? false;
        bodies.set(id, `${josie.head},"likedByMe":${liked},"savedByMe":${saved}}`);
      });
      return bodies;
    },

    async firstFeedPage(viewer, load) {
      if (!serving()) return Buffer.from(JSON.stringify(await load()));
      const page = await pages.get(viewer.id, async () => {
        const [response, following] = await Promise.all([load(), opts.follows.followingIds(viewer.id)]);
        return {
          body: Buffer.from(JSON.stringify(response)),
          josieIds: response.data.posts.map((p) => p._id),
          creatorIds: [...following, viewer.id],
        };
      });
      return page.body;
    },

    async curatorStrip(limit, load) {
      if (!serving()) return JSON.stringify(await load());
      const strip = await strips.get(String(limit), async () => ({ body: JSON.stringify(await load()) }));
      return strip.body;
    },

    // One load at a time: when the lists expire, the visits arriving meanwhile wait for it (the cache
    // coalesces concurrent gets of a key) instead of each ranking every josie again.
    exploreLists: (load) => explore.get(EXPLORE_KEY, load),

    async liked(userId, josieId) {
      await Promise.all([invalidation.publish('josie', josieId), invalidation.publish('viewer', userId)]);
    },

    saved: (userId) => invalidation.publish('viewer', userId),

    sizes: () => ({
      josies: josies.size,
      marks: marks.size,
      pages: pages.size,
      strips: strips.size,
      explore: explore.size,
    }),
  };
}
