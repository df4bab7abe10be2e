import { XMLParser } from 'fast-xml-parser';

// Checks shared by the syndication tests: what RFC 4287 and the sitemaps protocol require, read from the raw
// XML with fast-xml-parser (a parser other than the one that wrote it).

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'author', 'link', 'category', 'url', 'sitemap', 'xhtml:link'].includes(name),
});

type Node = Record<string, unknown>;

/** The text of an element that may carry attributes (`{'#text': ...}`) or not. */
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : ((value as Node | undefined)?.['#text'] as string | undefined);

/** `xml` parsed into plain objects (attributes as `@name`). */
export function parseXml(xml: string): Node {
  return parser.parse(xml) as Node;
}

/**
 * The elements RFC 4287 requires that an Atom document lacks (empty when it is conformant in these respects):
 * `atom:feed` with `atom:id`, `atom:title`, `atom:updated` (RFC 3339), and `atom:author` unless every entry
 * has one (section 4.1.1); each `atom:entry` with `atom:id`, `atom:title`, `atom:updated` (section 4.1.2);
 * every `atom:author` with a `name` (section 3.2.1); the Atom namespace on the root.
 */
export function rfc4287Problems(xml: string): string[] {
  const problems: string[] = [];
  const feed = parseXml(xml).feed as Node | undefined;
  if (!feed) return ['no atom:feed root'];
  if (feed['@xmlns'] !== 'http://www.w3.org/2005/Atom') problems.push('feed: not in the Atom namespace');
  const date = (value: unknown) => !Number.isNaN(Date.parse(textOf(value) ?? ''));
  for (const name of ['id', 'title', 'updated'] as const) {
    if (!textOf(feed[name])) problems.push(`feed: no ${name}`);
  }
  if (!date(feed.updated)) problems.push('feed: updated is not a date');
  const entries = (feed.entry as Node[] | undefined) ?? [];
  const named = (authors: unknown) =>
    Array.isArray(authors) && authors.length > 0 && authors.every((a) => textOf((a as Node).name));
  if (!named(feed.author) && !entries.every((entry) => named(entry.author))) {
    problems.push('feed: no author, and not every entry has one');
  }
  entries.forEach((entry, i) => {
    for (const name of ['id', 'title', 'updated'] as const) {
      if (!textOf(entry[name])) problems.push(`entry ${i}: no ${name}`);
    }
    if (!date(entry.updated)) problems.push(`entry ${i}: updated is not a date`);
  });
  return problems;
}

/** Every `<loc>` of a sitemap file (a `urlset`) or a sitemap index (a `sitemapindex`). */
export function locs(xml: string): string[] {
  const root = parseXml(xml);
  const set = (root.urlset as Node | undefined)?.url ?? (root.sitemapindex as Node | undefined)?.sitemap;
  return ((set as Node[] | undefined) ?? []).map((node) => textOf(node.loc) ?? '');
}

/** The `<url>` elements of a sitemap file. */
export function urls(xml: string): Node[] {
  return (((parseXml(xml).urlset as Node | undefined)?.url as Node[] | undefined) ?? []) as Node[];
}
