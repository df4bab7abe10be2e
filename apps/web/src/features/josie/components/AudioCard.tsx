import {
  type AudioItemContent,
  audioEmbedFor,
  type ItemLink,
  isImageSource,
  parseAudioUrl,
  serviceEmbedFor,
} from '@josie/contract';
import { ExternalLink, Music } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studioService, useFramePress, usePlayPress } from '../../../analytics';
import { cn } from '../../../lib/cn';
import { useIsClient } from '../../../lib/useIsClient';
import { Button, focusRing } from '../../../ui/Button';
import { canSearch, hasPlayer, type ListenProvider, PLATFORM_NAMES, playedLink } from '../listen/choose';
import { FindOnLink } from '../listen/FindOn';
import { ListenMore } from '../listen/lazy';
import { setVisitorProvider, useListenProvider } from '../listen/provider';
import { ServiceEmbedFrame } from './ServiceEmbedFrame';
import { SPOTIFY_ALLOW, SPOTIFY_EMBED_HEIGHT, YouTubeEmbed } from './VideoEmbed';

export interface AudioCardProps {
  /** The `audioItem` paragraph's content (docs/product/data-and-config.md#data). */
  item: Pick<AudioItemContent, 'name' | 'url' | 'provider' | 'type' | 'image'> & { artist?: string };
  /** Shows the provider's player under the card (default); feed cards may show the card alone. */
  player?: boolean;
  /**
   * The item's links on other platforms (the josie's `listen` entry): the player follows the listener's
   * service and "Also on" lists the rest. Absent (the editor's preview): the original player alone.
   */
  links?: readonly ItemLink[];
  /**
   * The item is the recording of one of the josie's videos: it plays there, so the card shows no player of
   * its own and says so (docs/decisions/0022-listen-on-your-own-service.md).
   */
  inVideo?: boolean;
  className?: string;
}

/** The audio item's display name: its name, else e.g. 'Spotify track'. */
export function useAudioItemLabel(item: AudioCardProps['item']): string {
  const { t } = useTranslation();
  return (
    item.name.trim() ||
    t('josie.audio.untitled', {
      provider: t(`josie.audio.provider.${item.provider}`),
      type: t(`josie.audio.type.${item.type}`),
    })
  );
}

/**
 * An audio item as a card (docs/product/routes-and-roles.md#media-dialogs audioItem): cover, name, artist and
 * provider with a link to open it there, and the provider's player: the Spotify embed at 152 px
 * (docs/product/rules-and-limits.md#constants) or the YouTube player at 16:9; for a listener on Apple Music,
 * Deezer, TIDAL, SoundCloud or YouTube Music with a link there, that service's player
 * (docs/decisions/0022-listen-on-your-own-service.md, amendment of 2026-12-05). The player is derived from
 * the link, never from stored ids, and loads lazily.
 */
export function AudioCard({
  item,
  player: withPlayer = true,
  links,
  inVideo = false,
  className,
}: AudioCardProps) {
  const player = withPlayer && !inVideo;
  const { t } = useTranslation();
  const client = useIsClient();
  const label = useAudioItemLabel(item);
  const listener = useListenProvider();
  const [keepOriginal, setKeepOriginal] = useState(false);
  const original = { platform: item.provider, url: item.url };
  const play = playedLink(original, links ?? [], links ? listener.provider : null, keepOriginal);
  // The listener's service plays it in its own embedded player (Apple Music, Deezer, TIDAL, SoundCloud,
  // YouTube Music), else Spotify's or YouTube's player plays the link chosen.
  const onService = player && play !== original ? serviceEmbedFor(play.platform, play.url) : null;
  const played = (play !== original && !onService && parseAudioUrl(play.url)) || item;
  const provider = t(`josie.audio.provider.${item.provider}`);
  const playedOn = onService
    ? PLATFORM_NAMES[onService.platform]
    : t(`josie.audio.provider.${played.provider}`);
  const embed = player && !onService ? audioEmbedFor(played) : null;
  const youtube = embed?.provider === 'youtube' ? parseAudioUrl(played.url) : null;
  const cover = item.image && isImageSource(item.image) ? item.image : null;
  const service = player && links ? listener.provider : null;
  // Links to the item elsewhere than where it was shared: without them and without the listener asking for
  // the original, all there is to add is a search on the listener's service, which the first page draws
  // itself instead of fetching ListenMore's chunk (docs/performance.md).
  const elsewhere = links?.some((link) => link.platform !== item.provider) ?? false;
  const findOnly = !!service && !keepOriginal && !elsewhere;
  // A press of play on whichever player plays the item counts it as played on that service, once per reader,
  // item and day (docs/decisions/0050-curator-studio-counts.md); the editor's preview counts nothing.
  const onPlay = usePlayPress(item.url, studioService(onService?.platform ?? played.provider));
  const spotifyFrame = useFramePress(embed?.provider === 'spotify' ? onPlay : null);
  return (
    <article
      aria-label={t('josie.audio.cardLabel', { name: label })}
      className={cn('flex flex-col gap-3 rounded-3xl bg-white p-3 shadow-sm ring-1 ring-zinc-200', className)}
    >
      <div className="flex items-center gap-3">
        {cover ? (
          <img
            src={cover}
            alt=""
            loading="lazy"
            className="size-14 shrink-0 rounded-2xl bg-zinc-100 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br from-brand-100 to-violet-100 text-brand-700"
          >
            <Music className="size-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate font-semibold text-zinc-950">
            {label}
          </p>
          <p className="truncate text-sm text-zinc-600">
            {item.artist ? (
              <>
                <bdi>{item.artist}</bdi> ·{' '}
              </>
            ) : null}
            {t(`josie.audio.type.${item.type}`)} · {provider}
          </p>
        </div>
        <a
          href={item.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('josie.audio.openIn', { provider })}
          title={t('josie.audio.openIn', { provider })}
          className={cn(
            'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-700 hover:bg-zinc-100',
            focusRing,
          )}
        >
          <ExternalLink className="size-5 rtl:-scale-x-100" aria-hidden="true" />
        </a>
      </div>
      {withPlayer && inVideo && <p className="text-sm text-zinc-600">{t('josie.audio.inVideo')}</p>}
      {embed?.provider === 'spotify' &&
        (client ? (
          <iframe
            ref={spotifyFrame}
            key={embed.src}
            src={embed.src}
            title={t('josie.audio.player', { provider: playedOn, name: label })}
            loading="lazy"
            allow={SPOTIFY_ALLOW}
            height={SPOTIFY_EMBED_HEIGHT}
            className="block w-full rounded-xl border-0"
          />
        ) : (
          // Rendered on the server: the player's place, which the browser's render fills.
          <div style={{ height: SPOTIFY_EMBED_HEIGHT }} className="w-full rounded-xl bg-zinc-100" />
        ))}
      {onService && onService.platform !== 'youtubeMusic' && (
        <ServiceEmbedFrame
          embed={onService}
          title={t('josie.audio.player', { provider: playedOn, name: label })}
          client={client}
          onPress={onPlay}
        />
      )}
      {onService?.platform === 'youtubeMusic' && (
        <YouTubeEmbed
          key={onService.video.url}
          video={onService.video}
          title={t('josie.audio.player', { provider: playedOn, name: label })}
          playLabel={t('josie.audio.play', { provider: playedOn, name: label })}
          onPlay={onPlay}
          className="rounded-xl shadow-none"
        />
      )}
      {embed?.provider === 'youtube' && youtube?.provider === 'youtube' && (
        <YouTubeEmbed
          key={youtube.url}
          video={{
            type: youtube.type === 'playlist' ? 'playlist' : 'video',
            id: youtube.id,
            url: youtube.url,
          }}
          title={t('josie.audio.player', { provider: playedOn, name: label })}
          playLabel={t('josie.audio.play', { provider: playedOn, name: label })}
          // The item's own picture when it is the video itself (its link preview's thumbnail).
          {...(played === item && cover ? { poster: cover } : {})}
          onPlay={onPlay}
          className="rounded-xl shadow-none"
        />
      )}
      {hasPlayer(service) &&
        findOnly &&
        service !== item.provider &&
        canSearch(item.name, item.artist ?? '') && (
          <FindOnLink provider={service} title={item.name} artist={item.artist ?? ''} />
        )}
      {service && !findOnly && (
        <Suspense fallback={null}>
          <ListenMore
            kind="audio"
            original={original}
            links={links ?? []}
            title={item.name}
            artist={item.artist ?? ''}
            keepOriginal={keepOriginal}
            onKeepOriginal={setKeepOriginal}
          />
        </Suspense>
      )}
      {player && links && listener.visitor && hasPlayer(listener.provider) && (
        <VisitorChoice provider={listener.provider} />
      )}
    </article>
  );
}

/**
 * A visitor's choice of service, kept in this browser (docs/decisions/0022-listen-on-your-own-service.md):
 * two toggle buttons, part of the first page (a signed-in listener chooses in their account).
 */
function VisitorChoice({ provider }: { provider: ListenProvider }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset aria-labelledby={id} className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
      <span id={id} className="font-semibold">
        {t('josie.audio.listenOn')}
      </span>
      {(['spotify', 'youtube'] as const).map((each) => (
        <Button
          key={each}
          size="sm"
          variant={provider === each ? 'primary' : 'outline'}
          aria-pressed={provider === each}
          onClick={() => setVisitorProvider(each)}
        >
          {t(`josie.audio.provider.${each}`)}
        </Button>
      ))}
    </fieldset>
  );
}
