import {
  type AudioItemContent,
  type AudioRef,
  AudioSearchItem,
  isImageSource,
  type VideoContent,
  type VideoRef,
} from '@josie/contract';
import { request } from '../../../api/request';

/**
 * `GET /api/audio/url-details?url=` (docs/product/routes-and-roles.md#api): the provider's name, artist and
 * cover of a pasted link.
 *
 * @throws ApiError 400 for a link the server refuses, 401 when the provider wants a new sign-in, 502/503
 *   when the provider fails or is not configured.
 */
export function fetchAudioDetails(url: string, signal?: AbortSignal): Promise<AudioSearchItem> {
  return request(
    'audioUrlDetails',
    { query: { url } },
    {
      schema: AudioSearchItem,
      signal,
    },
  );
}

/** An image the josie form accepts (https or stored), else null. */
const acceptedImage = (image: string | null | undefined) => (image && isImageSource(image) ? image : null);

/** The `audioItem` content of a parsed link, before (or without) the provider's details. */
export function audioItemFromRef(ref: AudioRef): AudioItemContent {
  return { name: '', type: ref.type, url: ref.url, provider: ref.provider, image: null, id: ref.id };
}

/** The `audioItem` content of a parsed link enriched with the provider's details. */
export function audioItemFromDetails(ref: AudioRef, details: AudioSearchItem): AudioItemContent {
  return {
    ...audioItemFromRef(ref),
    name: details.name,
    image: acceptedImage(details.image),
    ...(details.artist ? { artist: details.artist } : {}),
  };
}

/** YouTube's own still of a video (playlists have none without the API). */
export function youtubeThumbnail(video: VideoRef): string | null {
  return video.type === 'video' ? `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg` : null;
}

/** The `video` paragraph content of a parsed link: `{url, title, thumbnailUrl, channelTitle, id, type}`. */
export function videoContentFromRef(video: VideoRef, details?: AudioSearchItem | null): VideoContent {
  return {
    url: video.url,
    title: details?.name ?? '',
    thumbnailUrl: acceptedImage(details?.image) ?? youtubeThumbnail(video),
    channelTitle: details?.artist ?? '',
    id: video.id,
    type: video.type,
  };
}
