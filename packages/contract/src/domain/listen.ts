import type { ListenItem } from '../listening.js';

/** The paragraph fields {@link originalListenItems} reads (a josie's stored or answered paragraphs). */
type ListenParagraph =
  | {
      type: 'audioItem';
      content: {
        url: string;
        provider: 'spotify' | 'youtube';
        name?: string;
        artist?: string;
        image?: string | null;
      };
    }
  | {
      type: 'video';
      content: { url: string; title?: string; channelTitle?: string; thumbnailUrl?: string | null };
    }
  | { type: string; content: unknown };

/**
 * A josie's audio and video items with their original link only, in paragraph order: what a josie answer
 * carries in `listen` before the resolver has found counterparts
 * (docs/decisions/0022-listen-on-your-own-service.md).
 */
export function originalListenItems(paragraphs: readonly ListenParagraph[]): ListenItem[] {
  const items: ListenItem[] = [];
  for (const paragraph of paragraphs) {
    if (paragraph.type === 'audioItem') {
      const audio = (paragraph as Extract<ListenParagraph, { type: 'audioItem' }>).content;
      items.push({
        itemUrl: audio.url,
        kind: 'audio',
        title: audio.name ?? '',
        artistName: audio.artist ?? '',
        thumbnailUrl: audio.image ?? null,
        links: [{ platform: audio.provider, url: audio.url, source: 'original', confidence: null }],
      });
    } else if (paragraph.type === 'video') {
      const video = (paragraph as Extract<ListenParagraph, { type: 'video' }>).content;
      items.push({
        itemUrl: video.url,
        kind: 'video',
        title: video.title ?? '',
        artistName: video.channelTitle ?? '',
        thumbnailUrl: video.thumbnailUrl ?? null,
        links: [{ platform: 'youtube', url: video.url, source: 'original', confidence: null }],
      });
    }
  }
  return items;
}
