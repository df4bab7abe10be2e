import type { ItemLink } from '@josie/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlsoOnClick } from '../../../analytics';
import { i18n } from '../../../i18n';
import listenTexts from '../../../i18n/locales/en/listen.json';
import { cn } from '../../../lib/cn';
import { focusRing } from '../../../ui/Button';
import { canSearch, type ListenProvider, PLATFORM_NAMES } from './choose';
import { FindOnLink, listenChip } from './FindOn';
import { chooseListen, inPlatformOrder } from './order';
import { PlatformIcon } from './PlatformIcon';
import { useListenProvider } from './provider';

// The first pages bundle only the English they read first (docs/performance.md); this chunk brings its own.
if (!i18n.exists('listen.alsoOn', { lng: 'en' })) {
  i18n.addResourceBundle('en', 'translation', { listen: listenTexts }, true, false);
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
  // The studio counts "Also on" clicks (docs/decisions/0050-curator-studio-counts.md).
  const onAlsoOn = useAlsoOnClick();
  if (!provider) return null;
  const choice = chooseListen(from, links, provider, keepOriginal);
  const canSwitch = choice.playable;
  const original = PLATFORM_NAMES[choice.original];
  // A platform one of the audio item's buttons plays ("Play the original on …", "Play on …") is not offered
  // a second time as an "Also on" link.
  const offered =
    kind !== 'audio' ? null : choice.switched ? choice.original : keepOriginal && canSwitch ? provider : null;
  const alsoOn = choice.alsoOn.filter((link) => link.platform !== offered);
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
      {choice.openOn && (
        <a
          href={choice.openOn.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('listen.listenOnNewTab', { platform: PLATFORM_NAMES[choice.openOn.platform] })}
          className={cn(listenChip, 'self-start font-semibold')}
        >
          <PlatformIcon platform={choice.openOn.platform} />
          {t('listen.listenOn', { platform: PLATFORM_NAMES[choice.openOn.platform] })}
        </a>
      )}
      {alsoOn.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <span id={alsoOnId} className="font-semibold text-zinc-900">
            {t('listen.alsoOn')}
          </span>
          <ul aria-labelledby={alsoOnId} className="flex flex-wrap gap-2">
            {inPlatformOrder(alsoOn).map((link) => (
              <li key={link.platform}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('listen.newTab', { platform: PLATFORM_NAMES[link.platform] })}
                  className={listenChip}
                  onClick={onAlsoOn ? () => onAlsoOn(link.platform) : undefined}
                >
                  <PlatformIcon platform={link.platform} />
                  {PLATFORM_NAMES[link.platform]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {kind === 'audio' && choice.findOn && canSearch(title, artist) && (
        <FindOnLink provider={choice.findOn} title={title} artist={artist} />
      )}
    </div>
  );
}
