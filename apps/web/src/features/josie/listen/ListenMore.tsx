import type { ItemLink, ListenPlatform } from '@josie/contract';
import { Music } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
import { i18n } from '../../../i18n';
import listenTexts from '../../../i18n/locales/en/listen.json';
import { cn } from '../../../lib/cn';
import { focusRing } from '../../../ui/Button';
import type { ListenProvider } from './choose';
import { FindOnLink, listenChip } from './FindOn';
import { chooseListen, inPlatformOrder } from './order';
import { useListenProvider } from './provider';

// The first pages bundle only the English they read first (docs/performance.md); this chunk brings its own.
if (!i18n.exists('listen.alsoOn', { lng: 'en' })) {
  i18n.addResourceBundle('en', 'translation', { listen: listenTexts }, true, false);
}

/** Platform names are brands: the same in every language. */
export const PLATFORM_NAMES: Record<ListenPlatform, string> = {
  spotify: 'Spotify',
  youtube: 'YouTube',
  youtubeMusic: 'YouTube Music',
  appleMusic: 'Apple Music',
  deezer: 'Deezer',
  tidal: 'TIDAL',
  soundcloud: 'SoundCloud',
  amazonMusic: 'Amazon Music',
};

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

/** A platform's mark in its brand colour, decorative (the link's text names the platform). */
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

export interface ListenMoreProps {
  kind: 'audio' | 'video';
  /** The link the curator shared. */
  original: { platform: ListenProvider; url: string };
  /** Its links on other platforms (the josie's `listen` entry). */
  links: readonly ItemLink[];
  /** Title and artist, for a "Find on …" search. */
  title?: string;
  artist?: string;
  /** Whether the listener asked for the original although their service has the item (videos always do). */
  keepOriginal: boolean;
  onKeepOriginal?(keep: boolean): void;
}

/**
 * What goes with an item's player on the josie page (docs/decisions/0022-listen-on-your-own-service.md):
 * which service it plays on and the way back to the original, the "Also on" links with each platform's name
 * and mark, and a "Find on …" search when the listener's service has no match. A chunk of its own, loaded
 * only for an item with any of these to show, so first pages do not carry it otherwise.
 */
export default function ListenMore(props: ListenMoreProps) {
  const { kind, original: from, links, title = '', artist = '', keepOriginal, onKeepOriginal } = props;
  const { t } = useTranslation();
  const alsoOnId = useId();
  const { provider } = useListenProvider();
  if (!provider) return null;
  const choice = chooseListen(from, links, provider, keepOriginal);
  const canSwitch = choice.alsoOn.some((link) => link.platform === provider);
  const original = PLATFORM_NAMES[choice.original];
  return (
    <div className="flex flex-col gap-3 text-sm text-zinc-700">
      {kind === 'audio' && choice.switched && (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span data-testid="listen-playing">
            {t('listen.playingOn', { platform: PLATFORM_NAMES[choice.play.platform], original })}
          </span>
          <button
            type="button"
            className={cn('font-semibold text-brand-800 underline', focusRing)}
            onClick={() => onKeepOriginal?.(true)}
          >
            {t('listen.playOriginal', { platform: original })}
          </button>
        </p>
      )}
      {kind === 'audio' && keepOriginal && canSwitch && (
        <button
          type="button"
          className={cn('self-start font-semibold text-brand-800 underline', focusRing)}
          onClick={() => onKeepOriginal?.(false)}
        >
          {t('listen.playOn', { platform: PLATFORM_NAMES[provider] })}
        </button>
      )}
      {choice.alsoOn.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span id={alsoOnId} className="font-semibold text-zinc-900">
            {t('listen.alsoOn')}
          </span>
          <ul aria-labelledby={alsoOnId} className="flex flex-wrap gap-2">
            {inPlatformOrder(choice.alsoOn).map((link) => (
              <li key={link.platform}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('listen.newTab', { platform: PLATFORM_NAMES[link.platform] })}
                  className={listenChip}
                >
                  <PlatformIcon platform={link.platform} />
                  {PLATFORM_NAMES[link.platform]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {kind === 'audio' && choice.findOn && (
        <FindOnLink provider={choice.findOn} title={title} artist={artist} />
      )}
    </div>
  );
}
