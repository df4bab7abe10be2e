import {
  type EmbedContent,
  embedFrameSize,
  embedPagePath,
  type Josie,
  type Language,
  type OembedQuery,
  type OembedResponse,
  parseVideoUrl,
} from '@josie/contract';
import { escapeHtml } from '../../lib/first-paint.js';
import { isUuid } from '../josies/index.js';

/** The provider's name in every oEmbed answer. */
export const PROVIDER_NAME = 'Josie';

/** A josie page's path, `/josie/{id}` (a trailing slash allowed). */
const JOSIE_PAGE = /^\/josie\/([^/]+)\/?$/;

/**
 * The id of the josie whose page `url` is, on this site (`publicUrl`'s host, over http or https), with the
 * language its `?lng=` asks for; undefined for any other URL: another host, another page, not a URL, a
 * malformed id (docs/decisions/0043-embeds.md: all of these answer 404).
 */
export function josiePageOf(
  url: string,
  publicUrl: string,
): { id: string; language: Language | undefined } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (parsed.username || parsed.password) return undefined;
  if (parsed.host !== new URL(publicUrl).host) return undefined;
  const id = JOSIE_PAGE.exec(parsed.pathname)?.[1];
  if (!id || !isUuid(id)) return undefined;
  const lng = parsed.searchParams.get('lng');
  return { id, language: lng === 'en' || lng === 'he' ? lng : undefined };
}

/**
 * What the embed page plays for `josie`, which sizes its frame: its music (the audio item), else its video,
 * else its opening words (`apps/web/src/embed/EmbedView.tsx` chooses alike).
 */
export function embedContent(josie: Josie): EmbedContent {
  if (josie.paragraphs.some((p) => p.type === 'audioItem')) return 'audio';
  if (josie.paragraphs.some((p) => p.type === 'video')) return 'video';
  return 'text';
}

/**
 * YouTube's `hqdefault` still of a video, whose size YouTube fixes at 480 × 360 px: the one picture of a
 * josie whose size is known without reading it (docs/decisions/0043-embeds.md).
 */
const YOUTUBE_STILL = { width: 480, height: 360 } as const;

/** The thumbnail of `josie`: its YouTube video's (or YouTube audio item's) still, when it has one. */
export function embedThumbnail(josie: Josie): { url: string; width: number; height: number } | undefined {
  for (const p of josie.paragraphs) {
    const url = p.type === 'video' || p.type === 'audioItem' ? p.content.url : undefined;
    if (!url) continue;
    const parsed = parseVideoUrl(url);
    if (parsed.ok && parsed.video.type === 'video') {
      return { url: `https://i.ytimg.com/vi/${parsed.video.id}/hqdefault.jpg`, ...YOUTUBE_STILL };
    }
  }
  return undefined;
}

/**
 * `josie` as an oEmbed `rich` answer (oEmbed 1.0, section 2.3.4.4; docs/decisions/0043-embeds.md): an
 * `<iframe>` of its embed page (`/embed/josie/{id}`, with `?lng=` when a language was asked for) sized by
 * {@link embedFrameSize} within `maxwidth` and `maxheight` (px), titled with the josie's title, without a
 * border; the curator as its author (their profile page); the thumbnail of {@link embedThumbnail}. Every
 * value written into `html` is escaped.
 */
export function presentOembed(
  josie: Josie,
  publicUrl: string,
  query: Pick<OembedQuery, 'maxwidth' | 'maxheight'> & { language?: Language | undefined },
): OembedResponse {
  const { width, height } = embedFrameSize(embedContent(josie), query);
  const src = `${publicUrl}${embedPagePath(josie._id, query.language)}`;
  const html =
    `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(josie.title)}"` +
    ` style="border:0;max-width:100%" loading="lazy" allow="autoplay; encrypted-media; fullscreen; picture-in-picture"` +
    ` referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
  const thumbnail = embedThumbnail(josie);
  return {
    type: 'rich',
    version: '1.0',
    title: josie.title,
    author_name: josie.creator.name,
    author_url: `${publicUrl}/curator/${josie.creator._id}`,
    provider_name: PROVIDER_NAME,
    provider_url: `${publicUrl}/`,
    html,
    width,
    height,
    ...(thumbnail
      ? {
          thumbnail_url: thumbnail.url,
          thumbnail_width: thumbnail.width,
          thumbnail_height: thumbnail.height,
        }
      : {}),
  };
}
