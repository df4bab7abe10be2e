import { ATOM_MEDIA_TYPE, excerpt, genrePagePath, type Josie, type Paragraph } from '@josie/contract';
import { type AtomFeed, generateAtomFeed } from 'feedsmith';
import { textLanguage } from './language.js';

/** Makes our own `/media/...` paths absolute; https links stay as they are. */
export function absoluteUrl(publicUrl: string, url: string): string {
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

/** The page of one josie, absolute: its Atom `id` and `link rel="alternate"`, and its JSON-LD `url`. */
export const josieUrl = (publicUrl: string, id: string) => `${publicUrl}/josie/${id}`;

/** The text a josie's language is judged by: its title and text paragraph. */
export const josieWords = (josie: Josie) => `${josie.title}\n${josie.text}`;

/** A link of an entry to one of its media items: the item itself, titled for a reader that lists them. */
function mediaLink(publicUrl: string, paragraph: Paragraph): AtomFeed.Link<Date> | undefined {
  switch (paragraph.type) {
    case 'image':
      return paragraph.content
        ? { rel: 'related', href: absoluteUrl(publicUrl, paragraph.content), title: 'Image' }
        : undefined;
    case 'video':
      return { rel: 'related', href: paragraph.content.url, title: paragraph.content.title || 'Video' };
    case 'audioItem': {
      const { name, artist, url } = paragraph.content;
      const title = [name, artist].filter(Boolean).join(' · ') || 'Audio';
      return { rel: 'related', href: url, title };
    }
    default:
      return undefined;
  }
}

/**
 * One josie as an Atom entry (RFC 4287, section 4.1.2; docs/decisions/0042-feeds-and-search-engines.md):
 * `id` and the `alternate` link are its page's URL; `title` and `content` its title and text as plain
 * text (`type="text"`: a reader shows them as written, never as markup), `summary` the 25-word excerpt;
 * `published` and `updated` its publication and last edit; its curator as `author` (linking their page);
 * each genre a `category` whose scheme is the genre pages' path; each media item (image, video, audio) a
 * `related` link; `xml:lang` the language it is written in ({@link textLanguage}).
 */
export function josieEntry(publicUrl: string, josie: Josie): AtomFeed.Entry<Date> {
  const url = josieUrl(publicUrl, josie._id);
  const links: AtomFeed.Link<Date>[] = [{ rel: 'alternate', type: 'text/html', href: url }];
  for (const paragraph of josie.paragraphs) {
    const link = mediaLink(publicUrl, paragraph);
    if (link) links.push(link);
  }
  const text = josie.text.trim();
  return {
    id: url,
    title: { type: 'text', value: josie.title },
    updated: new Date(josie.updatedAt),
    published: josie.publishedAt ? new Date(josie.publishedAt) : undefined,
    authors: [
      {
        // An author must have a name (RFC 4287, section 3.2.1): a curator's is required at sign-up.
        name: josie.creator.name || 'Josie curator',
        uri: `${publicUrl}/curator/${josie.creator._id}`,
      },
    ],
    categories: josie.genres.map((genre) => ({
      term: genre,
      label: genre,
      scheme: `${publicUrl}${genrePagePath('')}`,
    })),
    links,
    ...(text
      ? { content: { type: 'text', value: text }, summary: { type: 'text', value: excerpt(text) } }
      : {}),
    xml: { lang: textLanguage(josieWords(josie)) },
  };
}

/** What an Atom feed says of itself; its entries are the josies given with it. */
export interface FeedHead {
  /** The page the feed follows (the curator's or the genre's), absolute: the feed's `id` and `alternate`. */
  pageUrl: string;
  /** The feed's own URL (`rel="self"`). */
  feedUrl: string;
  /** A name people wrote (a curator's, a genre's), with the site's name after it. */
  title: string;
  /** The feed's author: the curator of a curator's feed; none for a genre's (every entry names its own). */
  author?: AtomFeed.Person;
  /** When the feed last changed if it has no entries (its entries' newest `updated` otherwise). */
  emptySince: Date;
}

/**
 * The Atom document of `josies` (newest first), written by feedsmith (decision 0042). It holds RFC 4287's
 * required elements: the feed's `id`, `title` and `updated` (its newest entry's `updated`, else
 * `head.emptySince`), and an `author` of the feed or of every entry; each entry's `id`, `title` and
 * `updated`. Answers the XML and the `updated` instant (the `Last-Modified` of its answers).
 */
export function atomFeed(
  publicUrl: string,
  head: FeedHead,
  josies: readonly Josie[],
): { xml: string; updated: Date } {
  const entries = josies.map((josie) => josieEntry(publicUrl, josie));
  const newest = Math.max(...josies.map((josie) => Date.parse(josie.updatedAt)));
  const updated = josies.length > 0 ? new Date(newest) : head.emptySince;
  const xml = generateAtomFeed({
    id: head.pageUrl,
    title: { type: 'text', value: head.title },
    updated,
    ...(head.author ? { authors: [head.author] } : {}),
    links: [
      { rel: 'self', type: ATOM_MEDIA_TYPE, href: head.feedUrl },
      { rel: 'alternate', type: 'text/html', href: head.pageUrl },
    ],
    icon: `${publicUrl}/favicon.svg`,
    generator: { text: 'Josie', uri: publicUrl },
    entries,
  });
  return { xml, updated };
}
