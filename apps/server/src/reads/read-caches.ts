import { createHash } from 'node:crypto';
import type { CuratorRecommendation, CuratorsFeedResponse, Josie } from '@josie/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client.js';
import { josieLikes, josieSaves } from '../db/schema.js';
import {
  findPresentableJosies,
  isReviewer,
  isUuid,
  type PresentableRow,
  prepareFindPresentableJosie,
  presentPresentable,
  type Viewer,
  viewerMarks,
} from '../modules/josies/index.js';
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
  /**
   * The JSON as UTF-8 bytes: a feed page is these bytes copied one after the other, cheaper than joining
   * the strings and encoding the result on every page (figures: docs/performance.md, "seventh round").
   */
  head: Buffer;
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
  ttlMs: number;
  /** The per-reader caches' lifetime (a reader's likes and saves; ms, 0: off); default `ttlMs`. */
  readerTtlMs?: number;
  /**
   * Published josies' lifetime (ms; at least `ttlMs`, off with it); default `ttlMs`. Every change to a josie
   * is invalidated, so only a bound on a missed invalidation (decision 0033).
   */
  josieTtlMs?: number;
  /** Entries kept at most per cache (least recently used go first; 20,000); each is also bounded by size. */
  max?: number;
}

/**
 * In-process caches of the hottest reads (docs/performance.md): published josies as serialized JSON, shared
 * by every reader (feeds, josie reads and explore append each reader's two marks), and each reader's likes
 * and saves (`readerTtlMs`). Feed pages are not cached per reader: home timelines make a page one range
 * read (docs/decisions/0027-home-timelines.md). What makes an entry stale, and how it is dropped on every
 * instance ({@link Invalidation}; Redis pub/sub with `REDIS_URL`):
 * - a josie's content, status, like count, comment count or comment policy (edit, approve, reject, delete,
 *   like, comment): topic `josie`, from `josie.published`/`josie.unpublished` on the bus and from
 *   {@link ReadCaches.liked} and {@link ReadCaches.commented}; drops the josie, so **likeCount and
 *   commentCount are never older than the last like or comment committed** (plus the pub/sub delay between
 *   instances);
 * - what a josie shows of its creator (name, avatar, colour, font): topic `creator`, from
 *   `user.profile-changed`; drops every josie of that creator. Josies therefore live `josieTtlMs` (5 minutes
 *   by default), longer than the other caches (decision 0033);
 * - a reader's follows, likes and saves: topic `viewer` (from `follow.changed` and the toggles); drops the
 *   reader's marks;
 * - a role change or password reset (`user-sessions`): drops that user's marks;
 * - a deletion (`user-removed`, from `user.deleted`): drops every josie (the likes a deleted user gave
 *   lowered counts anywhere; rare enough to clear), not on a password reset, which any user can repeat.
 * The home strip's curator cards (the same for everyone) are dropped when someone becomes a curator or
 * stops being one (topic `curators`, from `user.role-changed`) and by a deletion, so the strip shows who is
 * a curator at once; a follow moves a curator in its order within `ttlMs`.
 * The strips show a curator's new name, avatar, colour or font within `ttlMs` (10 s by default), as the
 * session cache does for the signed-in user's name.
 * A josie read by its creator, an editor or an admin (who see review histories) is served uncached.
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
  /**
   * The published josies among `ids` as everyone but their creators and reviewers sees them: each one's
   * JSON as UTF-8 bytes, without `likedByMe`, `savedByMe` and the closing brace, for the caller to append a
   * reader's marks (`…,"likedByMe":true,"savedByMe":false}`). Misses are read in one statement. Unpublished
   * or unknown ids are left out. The caller must not use it for a reader who created the josie or reviews.
   */
  josieHeads(ids: readonly string[]): Promise<Map<string, Buffer>>;
  /**
   * {@link ReadCaches.josieHeads} for the josies among `ids` that `creator` created, as their creator sees
   * them: the abilities to edit and delete, and the review history. A josie has one creator, so one entry
   * per josie serves every read of it by its creator (a shared cache, not a per-reader one; a curator's own
   * josies are on their home and curator feeds). Josies of anyone else are left out, and every josie for a
   * reviewer, whose abilities and review histories differ (the caller reads those).
   */
  ownJosieHeads(creator: NonNullable<Viewer>, ids: readonly string[]): Promise<Map<string, Buffer>>;
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
  /**
   * Call after a comment was added or removed, or the josie's comment policy changed, once committed: its
   * `commentCount` or `commentPolicy` changed for every reader (docs/decisions/0046-comments.md).
   */
  commented(josieId: string): Promise<void>;
  /** Call after a save toggle committed: the user's marks changed. */
  saved(userId: string): Promise<void>;
  /** Entries held now, per cache (tests, metrics). */
  sizes(): { josies: number; marks: number; strips: number; explore: number };
}

/**
 * Josies one instance keeps, at most (entries, and bytes of their JSON). A feed reads the josies of its
 * readers' first pages again and again, and an LRU cache smaller than that set misses every time: readers
 * in turn always ask next for the josie it evicted last. 10,000 readers of 1,000 curators have 20,000
 * distinct josies on their first pages (~1.3 KB each, 27 MB), so the bound sits well above that set
 * (measured in docs/performance.md, "seventh round").
 */
export const JOSIE_CACHE_MAX = 100_000;
/** See {@link JOSIE_CACHE_MAX}: 128 MB, about 100,000 josies of 1.3 KB. */
export const JOSIE_CACHE_BYTES = 128 * 2 ** 20;

/**
 * The share of `ttlMs` after which a read of a cached josie also reloads it in the background (refresh
 * ahead, scale/cache.ts): late enough that a josie read every few seconds is reloaded about once per TTL.
 */
const JOSIE_REFRESH_AFTER = 0.75;

/** Creates the {@link ReadCaches} of one app instance and subscribes them to what makes them stale. */
export function createReadCaches(opts: ReadCachesOptions): ReadCaches {
  const { db, invalidation, bus } = opts;
  const max = opts.max ?? 20_000;
  const base = { invalidation, ttlMs: opts.ttlMs, max };
  // Josies as readers see them (key: the id), and as their creators do (key: `<id>/creator`).
  // Reloaded ahead of expiry when read in the last quarter of their life: a josie in many readers' feeds
  // would otherwise expire under all of them at once, and every page showing it wait for its reload.
  const josieTtlMs = opts.ttlMs > 0 ? Math.max(opts.josieTtlMs ?? opts.ttlMs, opts.ttlMs) : 0;
  const josies = createInvalidatedCache<CachedJosie>({
    ...base,
    ttlMs: josieTtlMs,
    max: JOSIE_CACHE_MAX,
    refreshAfterMs: Math.floor(josieTtlMs * JOSIE_REFRESH_AFTER),
    bySize: { size: (j) => j.head.length, maxSize: JOSIE_CACHE_BYTES },
    // Their creator's name, avatar, colour and font are in them: a change of those drops them all.
    tags: (j) => [j.creatorId],
  });
  /** The key of a josie as its creator sees it. */
  const creatorsKey = (id: string) => `${id}/creator`;
  const readerTtlMs = Math.min(opts.readerTtlMs ?? opts.ttlMs, opts.ttlMs);
  const marks = createInvalidatedCache<Marks>({
    ...base,
    ttlMs: readerTtlMs,
    bySize: { size: (m) => ('overflow' in m ? 1 : m.liked.size + m.saved.size + 1), maxSize: 1_000_000 },
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
    josies.delete(creatorsKey(id));
  });
  invalidation.subscribe('creator', (id) => josies.deleteTagged(id));
  invalidation.subscribe('viewer', (id) => marks.delete(id));
  invalidation.subscribe('user-sessions', (id) => marks.delete(id));
  invalidation.subscribe('curators', () => {
    strips.clear();
    explore.clear();
  });
  invalidation.subscribe('explore', () => explore.clear());
  invalidation.subscribe('user-removed', (id) => {
    josies.clear();
    marks.delete(id);
    strips.clear();
    explore.clear();
  });
  invalidation.onReset(() => {
    josies.clear();
    marks.clear();
    strips.clear();
    explore.clear();
  });
  // Domain events happen on one instance; the invalidations they imply go to every instance.
  const publication = async ({ josieId }: { josieId: string }) => {
    await Promise.all([invalidation.publish('josie', josieId), invalidation.publish('explore', josieId)]);
  };
  bus.subscribe('josie.published', publication);
  bus.subscribe('josie.unpublished', publication);
  bus.subscribe('follow.changed', ({ followerId }) => invalidation.publish('viewer', followerId));
  bus.subscribe('user.deleted', ({ userId }) => invalidation.publish('user-removed', userId));
  bus.subscribe('user.profile-changed', ({ userId }) => invalidation.publish('creator', userId));
  bus.subscribe('user.role-changed', async ({ userId, from, to }) => {
    if (from === 'curator' || to === 'curator') await invalidation.publish('curators', userId);
  });

  /**
   * Published rows as `viewer` sees them, minus the viewer's marks: by default as readers do (no review
   * history is read for null).
   */
  async function toCached(rows: PresentableRow[], viewer: Viewer = null): Promise<Map<string, CachedJosie>> {
    const presented = await presentPresentable(db, rows, viewer);
    return new Map(
      presented.map((josie, i) => {
        const { likedByMe: _liked, savedByMe: _saved, ...shared } = josie;
        const head = Buffer.from(JSON.stringify(shared).slice(0, -1));
        const version = createHash('sha1').update(head).digest('base64url');
        return [josie._id, { creatorId: rows[i]!.creatorId, head, version }];
      }),
    );
  }

  /** A published josie as a reader sees it, minus the reader's marks; undefined for any other status. */
  async function loadJosie(id: string): Promise<CachedJosie | undefined> {
    const row = await findPresentable(id, null);
    if (row?.status !== 'published') return undefined;
    return (await toCached([row])).get(id);
  }

  /**
   * Published josies by id through the cache, as their creator sees them when `viewer` is given: the misses
   * of one call are read together, in one statement (each miss's loader joins the batch the first one
   * started).
   */
  async function cachedJosies(
    ids: readonly string[],
    viewer: Viewer = null,
  ): Promise<(CachedJosie | undefined)[]> {
    // The batch being gathered: misses join it until it starts reading (one microtask after the first).
    let gathering: { ids: string[]; found: Promise<Map<string, CachedJosie>> } | null = null;
    const loadMiss = (id: string) => {
      if (!gathering) {
        const batch: { ids: string[]; found: Promise<Map<string, CachedJosie>> } = {
          ids: [],
          found: Promise.resolve().then(async () => {
            gathering = null;
            const rows = await findPresentableJosies(db, batch.ids, null);
            // A josie presented for a viewer is kept for its creator only (abilities, review history).
            return toCached(viewer ? rows.filter((row) => row.creatorId === viewer.id) : rows, viewer);
          }),
        };
        gathering = batch;
      }
      gathering.ids.push(id);
      return gathering.found.then((found) => found.get(id));
    };
    return Promise.all(ids.map((id) => josies.get(viewer ? creatorsKey(id) : id, () => loadMiss(id))));
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

  // One reader's two marks of one josie: two primary-key reads, prepared once per connection (every josie
  // read pays it when the per-reader caches are off).
  const readMarks = db
    .select({
      liked: sql<boolean>`exists (select 1 from ${josieLikes} where ${josieLikes.josieId} = ${sql.placeholder('josieId')} and ${josieLikes.userId} = ${sql.placeholder('userId')})`,
      saved: sql<boolean>`exists (select 1 from ${josieSaves} where ${josieSaves.josieId} = ${sql.placeholder('josieId')} and ${josieSaves.userId} = ${sql.placeholder('userId')})`,
    })
    .from(sql`(select 1) as one`)
    .prepare('read_caches_marks');

  /**
   * Whether `userId` liked and saved `josieId`: from the cached marks, else (per-reader caches off, or too
   * many marks to hold) two primary-key reads.
   */
  async function marksOf(userId: string, josieId: string): Promise<{ liked: boolean; saved: boolean }> {
    const held = readerTtlMs > 0 ? await marks.get(userId, () => loadMarks(userId)) : { overflow: true };
    if (!('overflow' in held)) return { liked: held.liked.has(josieId), saved: held.saved.has(josieId) };
    const [row] = await readMarks.execute({ josieId, userId });
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
        body: `${josie.head.toString()},"likedByMe":${mine.liked},"savedByMe":${mine.saved}}`,
        etag: `W/"${josie.version}.${Number(mine.liked)}${Number(mine.saved)}"`,
      };
    },

    async josieList(viewer, ids) {
      const bodies = new Map<string, string>();
      if (!serving() || isReviewer(viewer)) return bodies;
      // The reader's marks: all of them from the cache, or (per-reader caches off) those among `ids`.
      const held = !viewer
        ? null
        : readerTtlMs > 0
          ? await marks.get(viewer.id, () => loadMarks(viewer.id))
          : await viewerMarks(db, viewer.id, [...ids]);
      if (held && 'overflow' in held) return bodies;
      const heads = await cachedJosies(ids);
      ids.forEach((id, i) => {
        const josie = heads[i];
        if (!josie || viewer?.id === josie.creatorId) return;
        const liked = held?.liked.has(id) ?? false;
        const saved = held?.saved.has(id) ?? false;
        bodies.set(id, `${josie.head.toString()},"likedByMe":${liked},"savedByMe":${saved}}`);
      });
      return bodies;
    },

    async josieHeads(ids) {
      const heads = new Map<string, Buffer>();
      const found = await cachedJosies(ids);
      ids.forEach((id, i) => {
        const josie = found[i];
        if (josie) heads.set(id, josie.head);
      });
      return heads;
    },

    async ownJosieHeads(creator, ids) {
      const heads = new Map<string, Buffer>();
      if (isReviewer(creator)) return heads;
      const found = await cachedJosies(ids, creator);
      ids.forEach((id, i) => {
        const josie = found[i];
        if (josie?.creatorId === creator.id) heads.set(id, josie.head);
      });
      return heads;
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

    commented: (josieId) => invalidation.publish('josie', josieId),

    saved: (userId) => invalidation.publish('viewer', userId),

    sizes: () => ({
      josies: josies.size,
      marks: marks.size,
      strips: strips.size,
      explore: explore.size,
    }),
  };
}
