import { ATOM_MEDIA_TYPE, curatorFeedPath, genreFeedPath, type Josie, LANGUAGES } from '@josie/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { escapeHtml, withHeadTags } from '../../lib/first-paint.js';
import type { HtmlTransform } from '../../plugins/web.js';
import { isUuid } from '../josies/index.js';
import { curatorJsonLd, josieJsonLd, jsonLdBlock } from './json-ld.js';
import { languageAlternates } from './sitemap.js';

/**
 * The public pages whose address is the page (docs/product/routes-and-roles.md#pages), less those that
 * carry a token or an error: every query but the language (and the search's own) is dropped from their
 * canonical address.
 */
const PUBLIC_PATHS = new Set([
  '/',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/explore',
  '/search',
  '/login',
  '/signup',
  '/reset-password',
]);
/** The search's query parameters: they are the page (`/search?q=&tab=`). */
const SEARCH_PARAMS = ['q', 'tab'];
const JOSIE_PAGE = /^\/josie\/([^/]+)$/;
const CURATOR_PAGE = /^\/curator\/([^/]+)$/;
const GENRE_PAGE = /^\/explore\/genre\/([^/]+)$/;

/** An HTML `<link>` tag, every value escaped. */
function linkTag(attributes: Record<string, string>): string {
  const written = Object.entries(attributes).map(([name, value]) => `${name}="${escapeHtml(value)}"`);
  return `<link ${written.join(' ')}>`;
}

/** `<link rel="alternate" type="application/atom+xml">` of a page's feed, as feed readers look for it. */
const feedLink = (href: string, title: string) =>
  linkTag({ rel: 'alternate', type: ATOM_MEDIA_TYPE, title, href });

/**
 * The canonical and language tags of a public page at `url` (absolute, its query already reduced):
 * `<link rel="canonical">` naming the page itself, in its language when the address names one; and, when the
 * site is bilingual, `<link rel="alternate" hreflang>` for each language and `x-default` (Google's form of
 * hreflang: every version lists every version, itself included).
 */
function canonicalTags(url: string, language: string | null, bilingual: boolean): string[] {
  const canonical = new URL(url);
  if (bilingual && language) canonical.searchParams.set('lng', language);
  const tags = [linkTag({ rel: 'canonical', href: canonical.toString() })];
  if (bilingual) {
    for (const alternate of languageAlternates(url)) {
      tags.push(linkTag({ rel: 'alternate', hreflang: alternate.lang, href: alternate.url }));
    }
  }
  return tags;
}

/**
 * What search engines and feed readers read in the `<head>` of a public page's HTML, before any script
 * runs (docs/decisions/0042-feeds-and-search-engines.md):
 * - every public page (the static pages, explore, search, sign-in and sign-up, a genre, a published josie,
 *   a live curator): its canonical link and, while `language_select` is on, its `hreflang` alternates
 *   ({@link canonicalTags}); the address keeps only the language (`?lng=en|he`) and the search's `q` and
 *   `tab`;
 * - `/curator/{id}` of a live curator: the `<link rel="alternate" type="application/atom+xml">` of their
 *   feed and their JSON-LD `Person`;
 * - `/explore/genre/{name}`: the genre feed's link (the page itself says when there is no such genre);
 * - `/josie/{id}` of a published josie: its JSON-LD `CreativeWork` with its recordings, from the visitor's
 *   answer (the read cache's when it holds it, as the share tags are).
 * Pending, rejected and unknown josies, and ids that are not live curators, get nothing: the page says no
 * more than `GET /api/josies/{id}` would to a visitor. Other pages are unchanged.
 */
export function syndicationHeadTransform(ctx: AppContext): HtmlTransform {
  const { syndication, reads, josies } = ctx.services;
  const { publicUrl } = ctx.config;
  /** The josie as a visitor reads it, or undefined when a visitor may not (unknown, pending, rejected). */
  const visitorJosie = async (id: string): Promise<Josie | undefined> => {
    try {
      const cached = (await reads.josie(null, id))?.body;
      return cached ? (JSON.parse(cached) as Josie) : await josies.get(null, id);
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    }
  };

  return async (request, html) => {
    const url = new URL(request.url, publicUrl);
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
    const tags: string[] = [];
    const josieId = JOSIE_PAGE.exec(path)?.[1];
    const curatorId = CURATOR_PAGE.exec(path)?.[1];
    const genre = GENRE_PAGE.exec(path)?.[1];
    if (josieId) {
      const josie = isUuid(josieId) ? await visitorJosie(josieId) : undefined;
      if (!josie) return undefined;
      tags.push(jsonLdBlock(josieJsonLd(publicUrl, josie)));
    } else if (curatorId) {
      const curator = await syndication.curator(curatorId);
      if (!curator) return undefined;
      tags.push(
        feedLink(`${publicUrl}${curatorFeedPath(curator.id)}`, `${curator.name} · Josie`),
        jsonLdBlock(curatorJsonLd(publicUrl, curator)),
      );
    } else if (genre) {
      let name: string;
      try {
        name = decodeURIComponent(genre);
      } catch {
        return undefined;
      }
      tags.push(feedLink(`${publicUrl}${genreFeedPath(name)}`, `${name} · Josie`));
    } else if (!PUBLIC_PATHS.has(path)) {
      return undefined;
    }
    const kept = new URL(path, publicUrl);
    if (path === '/search') {
      for (const key of SEARCH_PARAMS) {
        const value = url.searchParams.get(key);
        if (value) kept.searchParams.set(key, value);
      }
    }
    const asked = url.searchParams.get('lng');
    const language = (LANGUAGES as readonly string[]).includes(asked ?? '') ? asked : null;
    tags.unshift(...canonicalTags(kept.toString(), language, await syndication.bilingual()));
    return withHeadTags(html, tags);
  };
}
