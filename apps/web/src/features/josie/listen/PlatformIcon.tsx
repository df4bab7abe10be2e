import type { ListenPlatform } from '@josie/contract';
import { Music } from 'lucide-react';
import {
  type SimpleIcon,
  siApplemusic,
  siDeezer,
  siSoundcloud,
  siSpotify,
  siTidal,
  siYoutube,
  siYoutubemusic,
} from 'simple-icons';
import { cn } from '../../../lib/cn';

/** Simple Icons' marks; Amazon Music has none there (brand withdrawn), so it gets a plain note. */
const ICONS: Partial<Record<ListenPlatform, SimpleIcon>> = {
  spotify: siSpotify,
  youtube: siYoutube,
  youtubeMusic: siYoutubemusic,
  appleMusic: siApplemusic,
  deezer: siDeezer,
  tidal: siTidal,
  soundcloud: siSoundcloud,
};

/**
 * A platform's mark in its brand colour, decorative (the link's text names the platform), beside "Also on" links
 * and the choice of service (docs/decisions/0022-listen-on-your-own-service.md).
 */
export function PlatformIcon({ platform, className }: { platform: ListenPlatform; className?: string }) {
  const icon = ICONS[platform];
  if (!icon) return <Music className={cn('size-4', className)} aria-hidden="true" />;
  return (
    <svg
      viewBox="0 0 24 24"
      className={cn('size-4 shrink-0', className)}
      fill={icon.hex === '000000' ? 'currentColor' : `#${icon.hex}`}
      aria-hidden="true"
      focusable="false"
    >
      <path d={icon.path} />
    </svg>
  );
}
