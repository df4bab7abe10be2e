import type { Readable } from 'node:stream';
import {
  curatorFeedPath,
  curatorPagePath,
  FEED_ENTRIES,
  flagEnabled,
  genreFeedPath,
  genrePagePath,
  type Josie,
  type SitemapKind,
} from '@josie/contract';
import type { Db } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import {
  curatorFeedKey,
  type FeedDocument,
  type FeedDocuments,
  feedDocument,
  genreFeedKey,
} from '../../reads/feed-documents.js';
import type { ExploreService } from '../explore/index.js';
import { findPresentableJosies, isUuid, presentPresentable } from '../josies/index.js';
import { atomFeed } from './atom.js';
import { type CuratorHead, findLiveCurator, newestJosieIdsOf } from './queries.js';
import { type SitemapOptions, sitemapIndex, sitemapPage } from './sitemap.js';

/** The site's name after a name people wrote, in a feed's title. */
const SITE_NAME = 'Josie';

/**
 * The pages robots should leave alone: the API, and the pages that are only a signed-in user's own
 * (docs/product/routes-and-roles.md#pages) or carry a token, plus search results (a page per query).
 */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/account',
  '/profile',
  '/saved',
  '/notifications',
  '/onboarding',
  '/my-josies',
  '/invites',
  '/josie/new',
  '/josie/edit/',
  '/editor/',
  '/admin',
  '/auth/',
  '/reset-password',
  '/verify-email',
  '/confirm-email',
  '/join/',
  '/search',
] as const;

/**
 * Feeds and search engines (docs/decisions/0042-feeds-and-search-engines.md): the Atom feeds of curators and
 * genres (cached until a publication, an edit back to review, a deletion or a rename changes them:
 * `reads/feed-documents.ts`), the sitemap and robots.txt, and what a public page's head says of a curator.
 */
export function createSyndicationService(deps: {
  db: Db;
  publicUrl: string;
  explore: ExploreService;
  documents: FeedDocuments;
  flags: { all(): Promise<{ language_select?: string }> };
}) {
  const { db, publicUrl, explore, documents, flags } = deps;

  /** Josies by id, presented as a visitor sees them, in the order of `ids`. */
  async function publicJosies(ids: readonly string[]): Promise<Josie[]> {
    const rows = await findPresentableJosies(db, ids, null);
    const presented = new Map((await presentPresentable(db, rows, null)).map((j) => [j._id, j]));
    return ids.flatMap((id) => presented.get(id) ?? []);
  }

  async function sitemapOptions(): Promise<SitemapOptions> {
    return { publicUrl, bilingual: flagEnabled('language_select', (await flags.all()).language_select) };
  }

  return {
    /**
     * The live curator `id` (role curator, not deleted), or undefined for any other id, malformed included:
     * what a curator page's head describes.
     */
    curator: (id: string): Promise<CuratorHead | undefined> =>
      isUuid(id) ? findLiveCurator(db, id) : Promise.resolve(undefined),

    /**
     * `GET /curator/{curatorId}/feed.atom`: the curator's {@link FEED_ENTRIES} newest published josies as an
     * Atom feed, the curator its author; from memory until it changes.
     * @throws AppError 404 'Curator not found' for an id that is not a live curator's (malformed included).
     */
    async curatorFeed(curatorId: string): Promise<FeedDocument> {
      if (!isUuid(curatorId)) throw errors.notFound('Curator not found');
      const document = await documents.get(curatorFeedKey(curatorId), async () => {
        const curator = await findLiveCurator(db, curatorId);
        if (!curator) return undefined;
        const josies = await publicJosies(await newestJosieIdsOf(db, curatorId, FEED_ENTRIES));
        const pageUrl = `${publicUrl}${curatorPagePath(curatorId)}`;
        const { xml, updated } = atomFeed(
          publicUrl,
          {
            pageUrl,
            feedUrl: `${publicUrl}${curatorFeedPath(curatorId)}`,
            title: `${curator.name} · ${SITE_NAME}`,
            author: { name: curator.name, uri: pageUrl },
            emptySince: curator.createdAt,
          },
          josies,
        );
        return feedDocument(xml, updated, { creatorIds: [curatorId], genre: false });
      });
      if (!document) throw errors.notFound('Curator not found');
      return document;
    },

    /**
     * `GET /explore/genre/{name}/feed.atom`: the genre page's {@link FEED_ENTRIES} newest josies (the same
     * genre rule: decision 0023) as an Atom feed, each entry's curator its author; from memory until it
     * changes.
     * @throws AppError 404 'Genre not found' for a name that is neither live nor on a published josie.
     */
    async genreFeed(name: string): Promise<FeedDocument> {
      const document = await documents.get(genreFeedKey(name), async () => {
        const page = await explore.genre(null, name, {}, FEED_ENTRIES);
        const josies = page.data.posts;
        const { xml, updated } = atomFeed(
          publicUrl,
          {
            pageUrl: `${publicUrl}${genrePagePath(name)}`,
            feedUrl: `${publicUrl}${genreFeedPath(name)}`,
            title: `${name} · ${SITE_NAME}`,
            emptySince: new Date(),
          },
          josies,
        );
        const creatorIds = [...new Set(josies.map((josie) => josie.creator._id))];
        return feedDocument(xml, updated, { creatorIds, genre: true });
      });
      // The loader throws the 404 itself; a document is always made for a genre that exists.
      if (!document) throw errors.notFound('Genre not found');
      return document;
    },

    /** Whether the site is in both languages (`language_select`): pages then name their `hreflang` versions. */
    bilingual: async (): Promise<boolean> => (await sitemapOptions()).bilingual,

    /** `GET /sitemap.xml`, streamed ({@link sitemapIndex}). */
    sitemapIndex: async (): Promise<Readable> => sitemapIndex(db, await sitemapOptions()),

    /**
     * `GET /sitemaps/{kind}/{page}.xml`, streamed ({@link sitemapPage}).
     * @throws AppError 404 for a page past the last of its kind.
     */
    sitemapPage: async (kind: SitemapKind, page: number): Promise<Readable> =>
      sitemapPage(db, kind, page, await sitemapOptions()),

    /**
     * `GET /robots.txt`: every robot may read the public pages, not {@link ROBOTS_DISALLOWED}; the sitemap
     * index's absolute URL (robotstxt.org; sitemaps.org: a `Sitemap:` line).
     */
    robots(): string {
      const lines = ['User-agent: *', ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`), ''];
      lines.push(`Sitemap: ${publicUrl}/sitemap.xml`, '');
      return lines.join('\n');
    },
  };
}
export type SyndicationService = ReturnType<typeof createSyndicationService>;
