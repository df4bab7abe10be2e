import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Josie } from '@josie/contract';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type PrivateStorage, type Storage, StorageNotFoundError } from '../../adapters/storage.js';
import type { Executor } from '../../db/client.js';
import type { AppJobQueue } from '../../jobs/app-jobs.js';
import { AppError, errors } from '../../lib/errors.js';
import type { SafeFetcher } from '../../lib/ssrf.js';
import { isUuid, type JosiesService, shareImage } from '../josies/index.js';
import { type CardCurator, findCardCurator } from './queries.js';
import { CARD_HEIGHT, CARD_REVISION, CARD_WIDTH, type CardContent, renderShareCard } from './render.js';
import { shareCardTags } from './tags.js';

/** The share-card jobs and their payloads (registered by the composition root, decision 0018). */
export type ShareCardJobs = {
  /** Makes the card of a published josie's current version; nothing for a josie a visitor cannot see. */
  'share-cards.josie': { josieId: string };
  /** Makes the card of a curator as their profile is now; nothing for a user without a public card. */
  'share-cards.curator': { userId: string };
};

/** A card as a page's `<head>` names it. */
export interface ShareCard {
  /** Absolute URL (the site's `PUBLIC_URL`), immutable: another card gets another URL. */
  url: string;
  width: typeof CARD_WIDTH;
  height: typeof CARD_HEIGHT;
  /** Its `<head>` tags (`og:image` with its size and type, `twitter:card`, `twitter:image`), escaped. */
  tags: string[];
}

/** A card's bytes as a route sends them. */
export interface CardFile {
  stream: Readable;
}

/** The image bytes read for a card's art: at most 5 MB (docs/product/rules-and-limits.md#constants). */
const ART_MAX_BYTES = 5 * 1024 * 1024;
/** Cards known to exist, per instance: a card never changes under its key, so a hit is never stale. */
const KNOWN_CARDS_MAX = 50_000;

/** The hex digest that names one drawing of a card: what it shows, and the drawing's revision. */
function digest(parts: readonly (string | null)[]): string {
  return createHash('sha256')
    .update(JSON.stringify([CARD_REVISION, ...parts]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * A josie card's name: its version (docs/decisions/0041-edits-carry-their-version.md) and a digest of what
 * it shows, the curator's name, avatar, colour and font included, so an edit or a profile change names a
 * new card and the old one is never served for the new content.
 */
export function josieCardName(josie: Josie): string {
  const { creator } = josie;
  const art = shareImage(josie);
  const hash = digest([
    josie.title,
    creator.name,
    creator.avatar,
    creator.preferences.myColor,
    creator.preferences.myFont,
    art,
  ]);
  return `v${josie.version}-${hash}.png`;
}

/** A curator card's name: a digest of the name, avatar, colour and font it shows. */
export function curatorCardName(curator: CardCurator): string {
  return `${digest([curator.name, curator.avatarUrl, curator.myColor, curator.myFont])}.png`;
}

const josieKey = (id: string, card: string) => `share-cards/josies/${id}/${card}`;
const curatorKey = (id: string, card: string) => `share-cards/curators/${id}/${card}`;

/** Dependencies of {@link createShareCardsService}. */
export interface ShareCardsDeps {
  db: Executor;
  /** Where cards are kept: the private files, which only the card routes serve (after their checks). */
  files: PrivateStorage;
  /** The public media, read for the art of our own uploads (`/media/...`). */
  storage: Pick<Storage, 'open' | 'publicUrl'>;
  /** The SSRF-safe fetcher for art linked from elsewhere (an audio item's cover, an avatar by link). */
  fetcher: Pick<SafeFetcher, 'fetch'>;
  josies: Pick<JosiesService, 'get'>;
  jobs: Pick<AppJobQueue, 'enqueue'>;
  /** The site's public URL, for absolute card URLs in a page's tags. */
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/**
 * The share cards of josies and curators (docs/decisions/0044-share-cards.md): 1200 × 630 PNGs made in the
 * background (jobs `share-cards.josie` and `share-cards.curator`), kept in the private files under a key
 * derived from the josie's id and version (or the curator's id) and a digest of what the card shows, and
 * served only while they are the current card of something public.
 */
export function createShareCardsService(deps: ShareCardsDeps) {
  const { db, files, storage, fetcher, josies, jobs, publicUrl, log } = deps;
  const known = new LRUCache<string, true>({ max: KNOWN_CARDS_MAX });
  const mediaPrefix = storage.publicUrl('');

  /**
   * Whether a page may name the card under `key`: false when storage cannot tell (it is down), logged, so
   * that the page goes out with the josie's own picture rather than without its other rewrites.
   */
  async function shown(key: string): Promise<boolean> {
    try {
      return await stored(key);
    } catch (err) {
      log.warn({ err, key }, 'could not tell whether a share card exists');
      return false;
    }
  }

  /** Whether a card is stored under `key` (remembered once seen: keys are never overwritten). */
  async function stored(key: string): Promise<boolean> {
    if (known.has(key)) return true;
    try {
      (await files.open(key)).destroy();
      known.set(key, true);
      return true;
    } catch (err) {
      if (err instanceof StorageNotFoundError) return false;
      throw err;
    }
  }

  /** The bytes of a stream, refused past {@link ART_MAX_BYTES}. */
  async function bytesOf(stream: Readable): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > ART_MAX_BYTES) {
        stream.destroy();
        throw new Error('art larger than 5 MB');
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  /**
   * The bytes of an image a josie or profile shows: our own media from storage, https links through the
   * SSRF-safe fetcher. Null when there is none or it cannot be read: the card is drawn without it.
   */
  async function art(url: string | null): Promise<Buffer | null> {
    if (!url) return null;
    try {
      if (url.startsWith(mediaPrefix))
        return await bytesOf(await storage.open(url.slice(mediaPrefix.length)));
      if (url.startsWith('https://')) return (await fetcher.fetch(url)).bytes;
      return null;
    } catch (err) {
      log.warn({ err, url }, 'a share card is drawn without an image that could not be read');
      return null;
    }
  }

  /** The josie as a visitor sees it, or undefined when a visitor may not (pending, rejected, deleted). */
  async function visibleJosie(id: string): Promise<Josie | undefined> {
    if (!isUuid(id)) return undefined;
    try {
      return await josies.get(null, id);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    }
  }

  async function make(key: string, content: CardContent): Promise<void> {
    const png = await renderShareCard(content);
    await files.put(key, png, 'image/png');
    known.set(key, true);
  }

  /**
   * Asks for a card in the background, once per card (the job's key). Only the enqueue is awaited, never
   * the drawing; a failure is logged and the page goes out without the card.
   */
  async function enqueue(job: Promise<boolean>, what: Record<string, string>): Promise<void> {
    await job.catch((err: unknown) => log.warn({ err, ...what }, 'could not enqueue a share card'));
  }
  const once = (job: keyof ShareCardJobs, id: string, card: string) => ({
    key: `${job}:${id}:${card}`,
    maxAttempts: 3,
  });

  const cardOf = (path: string, card: string): ShareCard => {
    const url = `${publicUrl}${path}/${card}`;
    return { url, width: CARD_WIDTH, height: CARD_HEIGHT, tags: shareCardTags(url) };
  };

  return {
    /**
     * The card of a josie as a visitor sees it, for its page's `og:image`, when it has been made; else
     * undefined, and the card is asked for in the background (a page never waits for a drawing). A josie
     * published before cards existed, or whose curator has changed their look since, thus gets its card
     * from its first view.
     */
    async josieCard(josie: Josie): Promise<ShareCard | undefined> {
      const card = josieCardName(josie);
      if (await shown(josieKey(josie._id, card))) {
        return cardOf(`/api/josies/${josie._id}/share-card`, card);
      }
      await enqueue(
        jobs.enqueue('share-cards.josie', { josieId: josie._id }, once('share-cards.josie', josie._id, card)),
        { josieId: josie._id },
      );
      return undefined;
    },

    /**
     * The card of a curator for their page's `og:image` (`/curator/{id}`), when made; else undefined, and
     * the card is asked for in the background. Undefined for a user without a public card.
     */
    async curatorCard(userId: string): Promise<ShareCard | undefined> {
      if (!isUuid(userId)) return undefined;
      const curator = await findCardCurator(db, userId);
      if (!curator) return undefined;
      const card = curatorCardName(curator);
      if (await shown(curatorKey(userId, card))) return cardOf(`/api/users/${userId}/share-card`, card);
      await enqueue(
        jobs.enqueue('share-cards.curator', { userId }, once('share-cards.curator', userId, card)),
        { userId },
      );
      return undefined;
    },

    /**
     * The `share-cards.josie` job: draws and stores the card of the josie's current version, unless it
     * exists. A josie a visitor cannot see (pending, rejected, deleted) gets none.
     */
    async makeJosieCard(josieId: string): Promise<void> {
      const josie = await visibleJosie(josieId);
      if (!josie) return;
      const key = josieKey(josie._id, josieCardName(josie));
      if (await stored(key)) return;
      const [cover, avatar] = await Promise.all([art(shareImage(josie)), art(josie.creator.avatar)]);
      await make(key, {
        title: josie.title,
        name: josie.creator.name,
        colour: josie.creator.preferences.myColor,
        font: josie.creator.preferences.myFont,
        cover,
        avatar,
      });
    },

    /** The `share-cards.curator` job: draws and stores the curator's current card, unless it exists. */
    async makeCuratorCard(userId: string): Promise<void> {
      if (!isUuid(userId)) return;
      const curator = await findCardCurator(db, userId);
      if (!curator) return;
      const key = curatorKey(userId, curatorCardName(curator));
      if (await stored(key)) return;
      await make(key, {
        title: curator.name,
        name: null,
        colour: curator.myColor,
        font: curator.myFont,
        cover: await art(curator.avatarUrl),
        avatar: null,
      });
    },

    /**
     * `GET /api/josies/{id}/share-card/{card}`: the card's PNG while it is the current card of a josie a
     * visitor can see.
     * @throws AppError 404 for an unknown, pending, rejected or deleted josie, another card name (an older
     * version's, a malformed one) and a card not made yet.
     */
    async openJosieCard(id: string, card: string): Promise<CardFile> {
      const josie = await visibleJosie(id);
      if (!josie || josieCardName(josie) !== card) throw errors.notFound('Share card not found');
      return open(josieKey(josie._id, card));
    },

    /**
     * `GET /api/users/{id}/share-card/{card}`: the curator's current card's PNG.
     * @throws AppError 404 for a user without a public card, another card name and a card not made yet.
     */
    async openCuratorCard(userId: string, card: string): Promise<CardFile> {
      const curator = isUuid(userId) ? await findCardCurator(db, userId) : undefined;
      if (!curator || curatorCardName(curator) !== card) throw errors.notFound('Share card not found');
      return open(curatorKey(userId, card));
    },
  };

  async function open(key: string): Promise<CardFile> {
    try {
      return { stream: await files.open(key) };
    } catch (err) {
      if (err instanceof StorageNotFoundError) throw errors.notFound('Share card not found');
      throw err;
    }
  }
}
export type ShareCardsService = ReturnType<typeof createShareCardsService>;
