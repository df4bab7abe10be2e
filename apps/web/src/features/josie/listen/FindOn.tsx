import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { focusRing } from '../../../ui/Button';
import { type ListenProvider, searchUrl } from './choose';

/** The listener services' names: brands, the same in every language (`ListenMore`'s `PLATFORM_NAMES`). */
const SERVICE_NAMES: Record<ListenProvider, string> = { spotify: 'Spotify', youtube: 'YouTube' };

/** The look of a link beside an item's player ("Find on …", "Also on" links). */
export const listenChip = cn(
  'inline-flex min-h-9 items-center gap-1.5 rounded-full bg-white px-3 text-sm font-medium text-zinc-800 ring-1 ring-zinc-200 hover:bg-zinc-50',
  focusRing,
);

export interface FindOnLinkProps {
  /** The listener's service, which has no link to the item. */
  provider: ListenProvider;
  /** The item's title and artist, searched for. */
  title: string;
  artist: string;
  className?: string;
}

/**
 * "Find on …": a search for an item on the listener's service when it has no link there
 * (docs/decisions/0022-listen-on-your-own-service.md), opened in a new tab; a plain link, no API. Part of the
 * first page, with its text in the josie area, so an item that offers nothing else does not fetch
 * `ListenMore`'s chunk (docs/performance.md).
 */
export function FindOnLink({ provider, title, artist, className }: FindOnLinkProps) {
  const { t } = useTranslation();
  return (
    <a
      href={searchUrl(provider, title, artist)}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(listenChip, 'self-start', className)}
    >
      <Search className="size-4" aria-hidden="true" />
      {t('josie.audio.findOn', { platform: SERVICE_NAMES[provider] })}
    </a>
  );
}
