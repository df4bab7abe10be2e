import { pipeline, Readable } from 'node:stream';
import {
  curatorPagePath,
  genrePagePath,
  LANGUAGES,
  SITEMAP_KINDS,
  SITEMAP_URLS_PER_PAGE,
  type SitemapKind,
  sitemapPagePath,
} from '@josie/contract';
import {
  type IndexItem,
  type LinkItem,
  SitemapIndexStream,
  type SitemapItemLoose,
  SitemapStream,
} from 'sitemap';
import type { Executor } from '../../db/client.js';
import { errors } from '../../lib/errors.js';
import type { Keyset } from '../feed/index.js';
import {
  countLiveCurators,
  countPublicJosies,
  genresWithJosies,
  liveCuratorBatch,
  newestPublication,
  publicJosieBatch,
} from './queries.js';

/**
 * Rows read per statement while a sitemap file is written: the memory a file in flight holds is one batch
 * and the streams' buffers, whatever the number of josies (docs/performance.md, "Feeds and the sitemap").
 */
export const SITEMAP_BATCH = 2_000;

/**
 * The public pages that are neither a josie, a curator nor a genre: the home page, explore and the static
 * pages (docs/product/routes-and-roles.md#pages).
 */
export const STATIC_PUBLIC_PAGES = ['/', '/explore', '/about', '/contact', '/terms', '/privacy'] as const;

/** Where and how the sitemap is written. */
export interface SitemapOptions {
  publicUrl: string;
  /**
   * Whether pages exist in both languages (the `language_select` flag): then every URL lists its English
   * and Hebrew versions (`?lng=en|he`, the app's language choice) and the bare URL as `x-default`.
   */
  bilingual: boolean;
  /** URLs per sitemap file ({@link SITEMAP_URLS_PER_PAGE}; smaller in tests). */
  perPage?: number;
  /** Rows per statement ({@link SITEMAP_BATCH}; smaller in tests). */
  batch?: number;
}

/** The `hreflang` alternates of the page at absolute `url`: each language's `?lng=`, and the bare URL. */
export function languageAlternates(url: string): LinkItem[] {
  const withLanguage = (language: string) => {
    const address = new URL(url);
    address.searchParams.set('lng', language);
    return address.toString();
  };
  return [...LANGUAGES.map((lang) => ({ lang, url: withLanguage(lang) })), { lang: 'x-default', url }];
}

/** How many files of `kind` the index lists (a kind with nothing public has none). */
async function pageCount(db: Executor, kind: SitemapKind, perPage: number): Promise<number> {
  switch (kind) {
    case 'pages':
      return 1;
    case 'josies':
      return Math.ceil((await countPublicJosies(db)) / perPage);
    case 'curators':
      return Math.ceil((await countLiveCurators(db)) / perPage);
    case 'genres':
      return (await genresWithJosies(db)).length > 0 ? 1 : 0;
  }
}

/**
 * `GET /sitemap.xml`: the sitemap index (sitemaps.org), one `<sitemap>` per file of each kind: the static
 * pages, the josies, the curators and the genres, each kind in files of at most `perPage` URLs
 * ({@link SITEMAP_URLS_PER_PAGE}). Written by the `sitemap` library's index stream.
 */
export async function sitemapIndex(db: Executor, opts: SitemapOptions): Promise<Readable> {
  const perPage = opts.perPage ?? SITEMAP_URLS_PER_PAGE;
  const counts = await Promise.all(SITEMAP_KINDS.map((kind) => pageCount(db, kind, perPage)));
  const items: IndexItem[] = [];
  for (const [i, kind] of SITEMAP_KINDS.entries()) {
    for (let page = 1; page <= counts[i]!; page += 1) {
      items.push({ url: `${opts.publicUrl}${sitemapPagePath(kind, page)}` });
    }
  }
  return Readable.from(items).pipe(new SitemapIndexStream());
}

/** The rows of one sitemap file: `perPage` rows from the page's first, read `batch` at a time. */
async function* josieRows(db: Executor, page: number, perPage: number, batch: number) {
  let left = perPage;
  let after: Keyset | undefined;
  while (left > 0) {
    const take = Math.min(batch, left);
    const rows = await publicJosieBatch(db, after ? { after } : { skip: (page - 1) * perPage }, take);
    yield* rows;
    if (rows.length < take) return;
    left -= rows.length;
    after = rows.at(-1)?.position;
  }
}

async function* curatorRows(db: Executor, page: number, perPage: number, batch: number) {
  let left = perPage;
  let after: string | undefined;
  while (left > 0) {
    const take = Math.min(batch, left);
    const rows = await liveCuratorBatch(db, after ? { after } : { skip: (page - 1) * perPage }, take);
    yield* rows;
    if (rows.length < take) return;
    left -= rows.length;
    after = rows.at(-1)?.key;
  }
}

/**
 * `GET /sitemaps/{kind}/{page}.xml`: one file of the index (sitemaps.org), streamed: its URLs are read from
 * the database a batch at a time and written by the `sitemap` library's stream as they come, so memory
 * stays flat however many josies there are. Each `<url>` has its `lastmod` (a josie's last edit; a
 * curator's newest publication, else when they joined; a genre's newest josie) and, when the site is
 * bilingual, its `hreflang` alternates ({@link languageAlternates}). Only public pages: published josies of
 * accounts that are not deleted, live curators, live genres with a published josie.
 * @throws AppError 404 'Sitemap not found' for a page past the last of its kind.
 */
export async function sitemapPage(
  db: Executor,
  kind: SitemapKind,
  page: number,
  opts: SitemapOptions,
): Promise<Readable> {
  const perPage = opts.perPage ?? SITEMAP_URLS_PER_PAGE;
  const batch = opts.batch ?? SITEMAP_BATCH;
  if (page > (await pageCount(db, kind, perPage))) throw errors.notFound('Sitemap not found');
  const { publicUrl, bilingual } = opts;
  const item = (path: string, lastmod: Date | null): SitemapItemLoose => {
    const url = `${publicUrl}${path}`;
    return {
      url,
      ...(lastmod ? { lastmod: lastmod.toISOString() } : {}),
      ...(bilingual ? { links: languageAlternates(url) } : {}),
    };
  };
  async function* items(): AsyncGenerator<SitemapItemLoose> {
    if (kind === 'pages') {
      const newest = await newestPublication(db);
      for (const path of STATIC_PUBLIC_PAGES) {
        yield item(path, path === '/' || path === '/explore' ? newest : null);
      }
    } else if (kind === 'genres') {
      for (const row of await genresWithJosies(db)) yield item(genrePagePath(row.key), row.lastmod);
    } else if (kind === 'josies') {
      for await (const row of josieRows(db, page, perPage, batch))
        yield item(`/josie/${row.key}`, row.lastmod);
    } else {
      for await (const row of curatorRows(db, page, perPage, batch)) {
        yield item(curatorPagePath(row.key), row.lastmod);
      }
    }
  }
  const sitemap = new SitemapStream({
    hostname: publicUrl,
    xmlns: { xhtml: bilingual, news: false, image: false, video: false },
  });
  // A failed read mid-file ends the answer with the error (logged by the server), never a truncated file
  // that looks whole.
  return pipeline(Readable.from(items()), sitemap, () => {});
}
