import {
  type Counterparts,
  type ItemLink,
  LISTEN_PLATFORMS,
  type ListenItem,
  originalListenItems,
  type Paragraph,
  parseAudioUrl,
  platformLink,
  providerImageLink,
  providerText,
} from '@josie/contract';
import type { StoredLinks, TrackedItem } from './queries.js';

const ORDER = new Map<string, number>(LISTEN_PLATFORMS.map((p, i) => [p, i]));

/**
 * A josie's `listen` (docs/decisions/0022-listen-on-your-own-service.md): per audio or video item in
 * paragraph order, the original link first, then one link per other platform, strongest source first:
 * the curator's own counterpart (`content.counterparts`; `null` there offers none on that service), then
 * what the resolver stored (Odesli's, else our own search match). Title, artist and artwork are the
 * paragraph's, completed by the resolver's. Pure: `stored` is read by the caller, a page at a time.
 */
export function listenItems(
  paragraphs: readonly Paragraph[],
  stored: ReadonlyMap<string, StoredLinks>,
): ListenItem[] {
  const media = paragraphs.filter((p) => p.type === 'audioItem' || p.type === 'video');
  return originalListenItems(paragraphs).map((item, index) => {
    const content = media[index]?.content as { counterparts?: Counterparts } | undefined;
    const found = stored.get(item.itemUrl);
    const original = item.links[0]!;
    const taken = new Set<string>([original.platform]);
    const extra: ItemLink[] = [];
    const counterparts = content?.counterparts ?? {};
    for (const platform of ['spotify', 'youtube'] as const) {
      const own = counterparts[platform];
      if (own === undefined) continue;
      // Given or refused by the curator: the resolver's link for this service is not shown either way.
      if (own !== null && !taken.has(platform)) {
        extra.push({ platform, url: own, source: 'curator', confidence: null });
      }
      taken.add(platform);
    }
    for (const link of found?.links ?? []) {
      if (taken.has(link.platform)) continue;
      // Rows stored before the resolver checked hosts are held to the same rule when read.
      const url = platformLink(link.platform, link.url);
      if (!url) continue;
      taken.add(link.platform);
      extra.push({ ...link, url });
    }
    extra.sort((a, b) => (ORDER.get(a.platform) ?? 99) - (ORDER.get(b.platform) ?? 99));
    return {
      ...item,
      title: item.title || providerText(found?.title),
      artistName: item.artistName || providerText(found?.artistName),
      thumbnailUrl: item.thumbnailUrl || providerImageLink(found?.thumbnailUrl),
      links: [original, ...extra],
    };
  });
}

/**
 * The items of `paragraphs` the resolver can work on: Spotify tracks and albums, YouTube videos (not
 * playlists, which no other service has). Their URLs are the paragraphs' own.
 */
export function resolvableItems(paragraphs: readonly { type: string; content: unknown }[]): TrackedItem[] {
  const out = new Map<string, TrackedItem>();
  for (const p of paragraphs) {
    if (p.type !== 'audioItem' && p.type !== 'video' && p.type !== 'video1') continue;
    const c = p.content as Record<string, unknown> | null;
    const url = typeof c?.url === 'string' ? c.url : '';
    const ref = url ? parseAudioUrl(url) : null;
    if (!ref || ref.type === 'playlist') continue;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    out.set(url, {
      itemUrl: url,
      title: text(c?.name) || text(c?.title),
      artistName: text(c?.artist) || text(c?.channelTitle),
    });
  }
  return [...out.values()];
}
