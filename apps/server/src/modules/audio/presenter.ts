import type { AudioRef, AudioSearchItem, ProviderImage, VideoSearchItem } from '@josie/contract';
import type { OEmbedResponse } from '../../adapters/oembed.js';
import type { SpotifyImage, SpotifySearchItem } from '../../adapters/spotify.js';
import type { YouTubeSearchItem, YouTubeThumbnail } from '../../adapters/youtube.js';

const image = (i: SpotifyImage | YouTubeThumbnail): ProviderImage => ({
  url: i.url,
  width: i.width ?? null,
  height: i.height ?? null,
});

const youtubeUrl = (item: { kind: 'video' | 'playlist'; id: string }) =>
  item.kind === 'video'
    ? `https://www.youtube.com/watch?v=${item.id}`
    : `https://www.youtube.com/playlist?list=${item.id}`;

/** A Spotify track, album or playlist as an {@link AudioSearchItem} (docs/product/data-and-config.md#data). */
export function presentSpotifyItem(item: SpotifySearchItem): AudioSearchItem {
  const url = item.external_urls?.spotify ?? `https://open.spotify.com/${item.type}/${item.id}`;
  const base = {
    id: item.id,
    type: item.type,
    name: item.name,
    provider: 'spotify' as const,
    url,
    uri: item.uri,
    external_urls: { spotify: url },
  };
  switch (item.type) {
    case 'track': {
      const images = item.album.images.map(image);
      return {
        ...base,
        image: images[0]?.url ?? null,
        artist: item.artists.map((a) => a.name).join(', '),
        artists: item.artists.map((a) => ({ name: a.name })),
        album: { name: item.album.name, images },
        images,
      };
    }
    case 'album': {
      const images = item.images.map(image);
      return {
        ...base,
        image: images[0]?.url ?? null,
        artist: item.artists.map((a) => a.name).join(', '),
        artists: item.artists.map((a) => ({ name: a.name })),
        images,
        ...(item.total_tracks === undefined ? {} : { tracks: { total: item.total_tracks } }),
      };
    }
    case 'playlist': {
      const images = (item.images ?? []).map(image);
      const owner = item.owner.display_name ?? '';
      return {
        ...base,
        image: images[0]?.url ?? null,
        artist: owner,
        artists: [],
        images,
        owner: { display_name: owner },
        ...(item.tracks ? { tracks: { total: item.tracks.total } } : {}),
      };
    }
  }
}

/** A YouTube video (as a track) or playlist as an {@link AudioSearchItem}. */
export function presentYouTubeAudio(item: YouTubeSearchItem): AudioSearchItem {
  const t = item.thumbnails;
  const thumbnails = {
    ...(t.default ? { default: image(t.default) } : {}),
    ...(t.medium ? { medium: image(t.medium) } : {}),
    ...(t.high ? { high: image(t.high) } : {}),
  };
  const best = t.high ?? t.medium ?? t.default;
  return {
    id: item.id,
    type: item.kind === 'video' ? 'track' : 'playlist',
    name: item.title,
    provider: 'youtube',
    url: youtubeUrl(item),
    image: best?.url ?? null,
    artist: item.channelTitle,
    artists: item.channelTitle ? [{ name: item.channelTitle }] : [],
    images: best ? [image(best)] : [],
    thumbnails,
    ...(item.kind === 'playlist' ? { owner: { name: item.channelTitle } } : {}),
  };
}

/** A YouTube result as `video` paragraph content (docs/product/data-and-config.md#data). */
export function presentVideo(item: YouTubeSearchItem): VideoSearchItem {
  const t = item.thumbnails;
  return {
    url: youtubeUrl(item),
    title: item.title,
    thumbnailUrl: (t.high ?? t.medium ?? t.default)?.url ?? null,
    channelTitle: item.channelTitle,
    id: item.id,
    type: item.kind,
  };
}

/**
 * The item a pasted link names, with what oEmbed told about it: title, thumbnail and (YouTube) channel.
 * Without an oEmbed answer the name is empty and the image null; the embed still works
 * (docs/product/rules-and-limits.md#media).
 */
export function presentLinkedItem(ref: AudioRef, oembed: OEmbedResponse | null): AudioSearchItem {
  const thumb = oembed?.thumbnail_url
    ? {
        url: oembed.thumbnail_url,
        width: oembed.thumbnail_width === undefined ? null : Math.round(oembed.thumbnail_width),
        height: oembed.thumbnail_height === undefined ? null : Math.round(oembed.thumbnail_height),
      }
    : null;
  const artist = oembed?.author_name ?? '';
  return {
    id: ref.id,
    type: ref.type,
    name: oembed?.title ?? '',
    provider: ref.provider,
    url: ref.url,
    image: thumb?.url ?? null,
    artist,
    artists: artist ? [{ name: artist }] : [],
    images: thumb ? [thumb] : [],
    ...(ref.provider === 'spotify'
      ? { uri: `spotify:${ref.type}:${ref.id}`, external_urls: { spotify: ref.url } }
      : {}),
  };
}
