// Feeds and search engines (docs/decisions/0042-feeds-and-search-engines.md): the paths outside `/api` that
// feed readers and crawlers read, and the schemas of their parameters. The web app builds its feed buttons'
// links from the same helpers the server registers its routes from.

import { z } from 'zod';
import { text } from './common.js';
import { ExploreGenreParams } from './discovery.js';

/** Entries of an Atom feed: a curator's or a genre's latest published josies (decision 0042). */
export const FEED_ENTRIES = 50;

/**
 * URLs of one sitemap file at most: the sitemaps protocol's bound (sitemaps.org, 50,000 URLs and 50 MB
 * uncompressed), which the index's pages keep to (decision 0042).
 */
export const SITEMAP_URLS_PER_PAGE = 50_000;

/** The kinds of public pages the sitemap lists, one series of sitemap files each. */
export const SITEMAP_KINDS = ['pages', 'josies', 'curators', 'genres'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** Fastify path patterns of the feeds, the sitemap and robots.txt (decision 0042). */
export const SYNDICATION_ROUTES = {
  curatorFeed: '/curator/:curatorId/feed.atom',
  genreFeed: '/explore/genre/:name/feed.atom',
  sitemapIndex: '/sitemap.xml',
  sitemapPage: '/sitemaps/:kind/:page',
  robots: '/robots.txt',
} as const;

/** The media type of an Atom document (RFC 4287, section 7). */
export const ATOM_MEDIA_TYPE = 'application/atom+xml';

/** The path of a curator's page (`/curator/{id}`). */
export const curatorPagePath = (curatorId: string) => `/curator/${encodeURIComponent(curatorId)}`;
/** The path of a curator's Atom feed. */
export const curatorFeedPath = (curatorId: string) => `${curatorPagePath(curatorId)}/feed.atom`;
/** The path of a genre's page (`/explore/genre/{name}`, the name URI-encoded). */
export const genrePagePath = (name: string) => `/explore/genre/${encodeURIComponent(name)}`;
/** The path of a genre's Atom feed. */
export const genreFeedPath = (name: string) => `${genrePagePath(name)}/feed.atom`;
/** The path of one sitemap file of the index: `/sitemaps/{kind}/{page}.xml`, pages counted from 1. */
export const sitemapPagePath = (kind: SitemapKind, page: number) => `/sitemaps/${kind}/${page}.xml`;

/**
 * `:curatorId` of a curator's feed. Any text up to a UUID's length and a little more: an id that is not a
 * live curator's (malformed included) answers 404, as the curator's page does, never 400.
 */
export const CuratorFeedParams = z.object({ curatorId: text().max(100) });
export type CuratorFeedParams = z.infer<typeof CuratorFeedParams>;

/** `:name` of a genre's feed: the genre page's own parameter (URI-encoded; matched without regard to case). */
export const GenreFeedParams = ExploreGenreParams;
export type GenreFeedParams = z.infer<typeof GenreFeedParams>;

/** `:kind/:page` of a sitemap file: `page` is `{n}.xml`, n from 1. */
export const SitemapPageParams = z.object({
  kind: z.enum(SITEMAP_KINDS),
  page: text()
    .regex(/^[1-9]\d{0,5}\.xml$/, { error: 'A sitemap page is a number from 1 followed by .xml' })
    .transform((value) => Number.parseInt(value, 10)),
});
export type SitemapPageParams = z.infer<typeof SitemapPageParams>;
