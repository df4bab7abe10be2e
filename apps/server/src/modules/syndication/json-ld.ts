import { curatorPagePath, type Josie, type Paragraph } from '@josie/contract';
import type {
  CreativeWork,
  MusicAlbum,
  MusicPlaylist,
  MusicRecording,
  Person,
  VideoObject,
  WithContext,
} from 'schema-dts';
import { absoluteUrl, josieUrl, josieWords } from './atom.js';
import { textLanguage } from './language.js';
import type { CuratorHead } from './queries.js';

/** A josie's media item as schema.org describes it. */
type Recording = Exclude<MusicRecording | MusicAlbum | MusicPlaylist, string>;
type Video = Exclude<VideoObject, string>;
type PersonNode = Exclude<Person, string>;

/** The curator as the author of a josie: their name and page. */
function author(publicUrl: string, creator: Josie['creator']): PersonNode {
  return {
    '@type': 'Person',
    name: creator.name || 'Josie curator',
    url: `${publicUrl}${curatorPagePath(creator._id)}`,
  };
}

/**
 * An audio item as schema.org's music types: a track is a `MusicRecording`, an album a `MusicAlbum`, a
 * playlist a `MusicPlaylist` (schema.org/MusicRecording and its siblings), with its name, its artist
 * (`byArtist`, a `MusicGroup`: schema.org's range for a performer of unknown kind) and its link.
 */
function recording(content: Extract<Paragraph, { type: 'audioItem' }>['content']): Recording {
  const common = {
    name: content.name || content.url,
    url: content.url,
    ...(content.image ? { image: content.image } : {}),
  };
  const byArtist = content.artist
    ? { byArtist: { '@type': 'MusicGroup' as const, name: content.artist } }
    : {};
  if (content.type === 'album') return { '@type': 'MusicAlbum', ...common, ...byArtist };
  if (content.type === 'playlist') return { '@type': 'MusicPlaylist', ...common };
  return { '@type': 'MusicRecording', ...common, ...byArtist };
}

/** A video item as a schema.org `VideoObject`: its title, link, embed and thumbnail. */
function video(content: Extract<Paragraph, { type: 'video' }>['content']): Video {
  return {
    '@type': 'VideoObject',
    name: content.title || content.url,
    url: content.url,
    ...(content.thumbnailUrl ? { thumbnailUrl: content.thumbnailUrl } : {}),
  };
}

/**
 * A published josie as schema.org JSON-LD (docs/decisions/0042-feeds-and-search-engines.md): a
 * `CreativeWork` with its title (`name`), text, URL, author (the curator, a `Person`), publication and
 * edit times (ISO 8601), genres, language ({@link textLanguage}), image, and its audio and video items as
 * its parts (`hasPart`): `MusicRecording` (or `MusicAlbum`, `MusicPlaylist`) and `VideoObject`.
 */
export function josieJsonLd(publicUrl: string, josie: Josie): WithContext<CreativeWork> {
  const parts: (Recording | Video)[] = [];
  let image: string | undefined;
  for (const paragraph of josie.paragraphs) {
    if (paragraph.type === 'audioItem') parts.push(recording(paragraph.content));
    else if (paragraph.type === 'video') parts.push(video(paragraph.content));
    else if (paragraph.type === 'image' && paragraph.content)
      image = absoluteUrl(publicUrl, paragraph.content);
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'CreativeWork',
    name: josie.title,
    url: josieUrl(publicUrl, josie._id),
    ...(josie.text.trim() ? { text: josie.text.trim() } : {}),
    author: author(publicUrl, josie.creator),
    ...(josie.publishedAt ? { datePublished: josie.publishedAt } : {}),
    dateModified: josie.updatedAt,
    inLanguage: textLanguage(josieWords(josie)),
    ...(josie.genres.length > 0 ? { genre: josie.genres } : {}),
    ...(image ? { image } : {}),
    ...(parts.length > 0 ? { hasPart: parts } : {}),
  };
}

/**
 * A live curator as schema.org JSON-LD (decision 0042): a `Person` with their name, page, picture and
 * description (their bio). Their feed is the page's `<link rel="alternate">`, which feed readers look for.
 */
export function curatorJsonLd(publicUrl: string, curator: CuratorHead): WithContext<PersonNode> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: curator.name,
    url: `${publicUrl}${curatorPagePath(curator.id)}`,
    ...(curator.avatarUrl ? { image: absoluteUrl(publicUrl, curator.avatarUrl) } : {}),
    ...(curator.bio.trim() ? { description: curator.bio.trim() } : {}),
  };
}

/**
 * `data` as a `<script type="application/ld+json">` block. `<` is written as its JSON escape, so no
 * `</script>` or `<!--` in a title or text can end the block (JSON-LD processors read it back unchanged).
 * A data block is never run, so the CSP's script rules do not apply to it.
 */
export function jsonLdBlock(data: object): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/ld+json">${json}</script>`;
}
