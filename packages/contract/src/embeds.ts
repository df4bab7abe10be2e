/**
 * Josie as an oEmbed provider, and the embed page other sites frame
 * (docs/decisions/0043-embeds.md; the oEmbed 1.0 specification, https://oembed.com/). The zod schemas of
 * `GET /api/oembed` and the pure helpers both sides share: the paths, the discovery link's URL and the
 * frame's size.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from './catalogues.js';
import { text } from './common.js';

/** The embed page of a josie, the only page other sites may frame: `/embed/josie/{id}`. */
export const EMBED_PAGE_PREFIX = '/embed/josie/';

/**
 * The id of the embed page's data block: the josie as a visitor reads it (`GET /api/josies/{id}`'s answer),
 * written by the server into the page it sends; absent from the page of a josie that is not published.
 */
export const EMBED_DATA_BLOCK_ID = 'josie-embed';

/** `/embed/josie/{id}` (a trailing slash allowed): the path of the embed page of josie `id`. */
export const EMBED_PAGE_PATH = /^\/embed\/josie\/([^/?#]+)\/?$/;

/** The path of josie `id`'s embed page, `?lng=` added for a language (docs/decisions/0043-embeds.md). */
export function embedPagePath(id: string, language?: Language): string {
  const path = `${EMBED_PAGE_PREFIX}${encodeURIComponent(id)}`;
  return language ? `${path}?lng=${language}` : path;
}

/**
 * The frame's size in CSS px (docs/decisions/0043-embeds.md): `width` unless the consumer's `maxwidth` is
 * smaller; the height is the page's header and footer (`chrome`) plus what it plays: a video at 16:9 of the
 * width, an audio card with its player (`audio`), or the josie's opening words (`text`); never over
 * `maxheight` (the page then scrolls inside its frame).
 */
export const EMBED_FRAME = {
  width: 480,
  chrome: 120,
  audio: 350,
  text: 120,
  /** The largest `maxwidth` or `maxheight` a consumer may ask for. */
  maxPixels: 10_000,
} as const;

/** What an embed shows besides its header and footer, as {@link embedFrameSize} sizes it. */
export type EmbedContent = 'video' | 'audio' | 'text';

/** The frame's width and height (px) for `content` within the consumer's `maxwidth` and `maxheight`. */
export function embedFrameSize(
  content: EmbedContent,
  max: { maxwidth?: number | undefined; maxheight?: number | undefined } = {},
): { width: number; height: number } {
  const width = Math.min(EMBED_FRAME.width, max.maxwidth ?? EMBED_FRAME.width);
  const body =
    content === 'video'
      ? Math.round((width * 9) / 16)
      : content === 'audio'
        ? EMBED_FRAME.audio
        : EMBED_FRAME.text;
  const height = Math.min(EMBED_FRAME.chrome + body, max.maxheight ?? Number.POSITIVE_INFINITY);
  return { width, height };
}

/**
 * The oEmbed endpoint's URL for josie page `pageUrl`, as the discovery link of a josie page gives it
 * (`<link rel="alternate" type="application/json+oembed">`): `{publicUrl}/api/oembed?url=…&format=json`.
 */
export function oembedUrl(publicUrl: string, pageUrl: string): string {
  return `${publicUrl}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
}

/** A frame dimension a consumer may ask for: a whole number of px from 1 to {@link EMBED_FRAME}.maxPixels. */
const Pixels = z.coerce
  .number({ error: 'Must be a whole number of pixels' })
  .int()
  .min(1)
  .max(EMBED_FRAME.maxPixels);

/**
 * `GET /api/oembed`'s query (oEmbed 1.0, section 2.2): the josie page's `url`, the consumer's `maxwidth` and
 * `maxheight` (px) and the `format` (`json`; `xml` is answered 501 Not Implemented, as the specification
 * says of a format the provider does not offer). `lng`, ours, draws the embed in that language.
 */
export const OembedQuery = z.object({
  url: text().trim().min(1).max(2_000),
  maxwidth: Pixels.optional(),
  maxheight: Pixels.optional(),
  format: z.enum(['json', 'xml']).default('json'),
  lng: z.enum(LANGUAGES).optional(),
});
export type OembedQuery = z.infer<typeof OembedQuery>;

/**
 * A josie as an oEmbed `rich` answer (oEmbed 1.0, sections 2.3.4 and 2.3.4.4): `html` is an `<iframe>` of
 * its embed page, `width` and `height` in px within the asked maxima; the thumbnail (its three fields
 * together) only when the josie has a picture whose size is known.
 */
export const OembedResponse = z.object({
  type: z.literal('rich'),
  version: z.literal('1.0'),
  title: text(),
  author_name: text(),
  author_url: text(),
  provider_name: text(),
  provider_url: text(),
  html: text(),
  width: z.number().int(),
  height: z.number().int(),
  thumbnail_url: text().optional(),
  thumbnail_width: z.number().int().optional(),
  thumbnail_height: z.number().int().optional(),
});
export type OembedResponse = z.infer<typeof OembedResponse>;
