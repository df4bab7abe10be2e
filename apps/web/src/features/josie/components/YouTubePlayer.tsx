import type { VideoRef } from '@josie/contract';
import type { TFunction } from 'i18next';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { Spinner } from '../../../ui/Spinner';
import { loadYouTubeApi, type YouTubeApi } from './youtubeApi';

/** The privacy-enhanced host the player's frame comes from (no cookies until the visitor plays). */
export const YOUTUBE_PLAYER_HOST = 'https://www.youtube-nocookie.com';

/**
 * How long a player built on the loaded API may take to report ready before the 'Open in YouTube' link
 * replaces it (ms). Its frame comes from YouTube too, and when that frame never loads (blocked, offline
 * after the API came, a stalled connection) the API reports neither ready nor an error: without this the
 * spinner would turn forever. docs/product/messages.md#player: when the player cannot be had, offer the link.
 */
export const YOUTUBE_PLAYER_READY_TIMEOUT_MS = 15_000;

/** Error codes of the IFrame Player API's `onError` (docs/product/messages.md#player). */
export const PLAYER_ERROR = {
  INVALID_PARAMETER: 2,
  HTML5: 5,
  NOT_FOUND: 100,
  EMBEDDING_DISABLED: 101,
  EMBEDDING_DISABLED_TOO: 150,
} as const;

/**
 * Where the player is (docs/product/rules-and-limits.md#player): waiting for the API, the API unavailable
 * after its retries, ready, playing or not playing, or stopped by a player error with its code.
 */
export type YouTubePlayerState =
  | { status: 'loading' }
  | { status: 'unavailable' }
  | { status: 'ready' }
  | { status: 'playing' }
  | { status: 'paused' }
  | { status: 'error'; code: number };

/** Whether a player error leaves the video watchable on YouTube itself (101 and 150: embedding disabled). */
export function isEmbeddingDisabled(code: number): boolean {
  return code === PLAYER_ERROR.EMBEDDING_DISABLED || code === PLAYER_ERROR.EMBEDDING_DISABLED_TOO;
}

export interface YouTubePlayerProps {
  /** The video or playlist to play (from the link, e.g. {@link parseVideoUrl}). */
  video: VideoRef;
  /** The frame's accessible name, e.g. 'YouTube video: {title}'. */
  title: string;
  /** Gets the IFrame Player API; tests pass a fake. Defaults to the page's shared loader (3 retries, 3 s). */
  loadApi?: () => Promise<YouTubeApi>;
  /** Told when the video starts or stops playing. */
  onPlayingChange?(playing: boolean): void;
  /**
   * Starts playing as soon as it is ready (the reader pressed play on {@link YouTubeEmbed}'s picture), and
   * takes the focus from its box then, so the keyboard reaches the player's controls.
   */
  autoplay?: boolean;
  className?: string;
}

/**
 * The YouTube player on the IFrame Player API (docs/product/routes-and-roles.md#josie-page,
 * docs/product/rules-and-limits.md#player, docs/product/messages.md#player,
 * docs/product/rules-and-limits.md#constants): waits for the API (see {@link loadYouTubeApi}), then shows the
 * privacy-enhanced player filling its 16:9 box and follows whether it plays. When the API never loads, cannot
 * build a player, or the player is not ready within {@link YOUTUBE_PLAYER_READY_TIMEOUT_MS}, it offers 'Open
 * in YouTube'; a player error shows the spec's message for its code (2, 5, 100, 101/150 with the link, else a
 * generic message naming the code). Playlists play as playlists. It fills its positioned parent (`absolute
 * inset-0`); {@link YouTubeEmbed} gives the box and mounts it when the reader presses play (`autoplay`).
 */
export function YouTubePlayer({
  video,
  title,
  loadApi = loadYouTubeApi,
  onPlayingChange,
  autoplay = false,
  className,
}: YouTubePlayerProps) {
  const { t } = useTranslation();
  const frameHost = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<YouTubePlayerState>({ status: 'loading' });
  // Kept in refs so that a new title or callback does not rebuild the player (and stop the music).
  const titleRef = useRef(title);
  const onPlayingRef = useRef(onPlayingChange);
  titleRef.current = title;
  onPlayingRef.current = onPlayingChange;

  const { type, id } = video;
  useEffect(() => {
    const host = frameHost.current;
    if (!host) return;
    let cancelled = false;
    let player: YT.Player | null = null;
    let readyTimer: number | undefined;
    const nameFrame = () => host.querySelector('iframe')?.setAttribute('title', titleRef.current);
    /** Takes down whatever was built and offers the link instead (docs/product/messages.md#player). */
    const giveUp = (why: string, error?: unknown) => {
      if (cancelled) return;
      cancelled = true;
      window.clearTimeout(readyTimer);
      console.warn(why, error);
      player?.destroy();
      player = null;
      host.replaceChildren();
      setState({ status: 'unavailable' });
    };
    const build = (api: YouTubeApi) => {
      // The API replaces its target element with the iframe: give it one React does not manage.
      const target = document.createElement('div');
      host.replaceChildren(target);
      const playlist = type === 'playlist';
      player = new api.Player(target, {
        width: '100%',
        height: '100%',
        host: YOUTUBE_PLAYER_HOST,
        ...(playlist ? {} : { videoId: id }),
        playerVars: {
          ...(playlist ? { listType: 'playlist' as const, list: id } : {}),
          origin: window.location.origin,
          playsinline: 1,
          ...(autoplay ? { autoplay: 1 as const } : {}),
          rel: 0,
        },
        events: {
          onReady: () => {
            if (cancelled) return;
            window.clearTimeout(readyTimer);
            nameFrame();
            // Still where the reader pressed play: on to the player's controls.
            const embed = host.closest('[data-video-embed]');
            if (autoplay && embed && embed === document.activeElement) host.querySelector('iframe')?.focus();
            setState({ status: 'ready' });
          },
          onStateChange: (event) => {
            if (cancelled) return;
            // Buffering and cueing are not a pause: a song that stalls for a moment is still playing.
            if (event.data === api.PlayerState.BUFFERING || event.data === api.PlayerState.CUED) return;
            const playing = event.data === api.PlayerState.PLAYING;
            setState((current) => {
              if (current.status === 'error') return current;
              if (current.status === 'playing' && playing) return current;
              return { status: playing ? 'playing' : 'paused' };
            });
            onPlayingRef.current?.(playing);
          },
          onError: (event) => {
            if (cancelled) return;
            window.clearTimeout(readyTimer);
            setState({ status: 'error', code: Number(event.data) });
            onPlayingRef.current?.(false);
          },
        },
      });
      nameFrame();
    };
    setState({ status: 'loading' });
    loadApi().then(
      (api) => {
        if (cancelled) return;
        readyTimer = window.setTimeout(
          () => giveUp('The YouTube player did not become ready'),
          YOUTUBE_PLAYER_READY_TIMEOUT_MS,
        );
        try {
          build(api);
        } catch (error) {
          giveUp('The YouTube player could not be created', error);
        }
      },
      (error: unknown) => giveUp('The YouTube player API could not be loaded', error),
    );
    return () => {
      cancelled = true;
      window.clearTimeout(readyTimer);
      player?.destroy();
      host.replaceChildren();
    };
  }, [type, id, loadApi, autoplay]);

  useEffect(() => {
    frameHost.current?.querySelector('iframe')?.setAttribute('title', title);
  }, [title]);

  const openLink = (
    <a
      href={video.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-zinc-950 shadow-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <ExternalLink className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {t('video.player.openInYouTube')}
    </a>
  );

  let overlay: React.ReactNode = null;
  if (state.status === 'loading') {
    overlay = <Spinner size="lg" label={t('video.player.loading')} className="text-white" />;
  } else if (state.status === 'unavailable') {
    overlay = (
      <>
        <p role="alert">{t('video.player.unavailable')}</p>
        {openLink}
      </>
    );
  } else if (state.status === 'error') {
    overlay = (
      <>
        <p role="alert">{playerErrorMessage(t, state.code)}</p>
        {isEmbeddingDisabled(state.code) && openLink}
      </>
    );
  }

  return (
    <div data-player="youtube" data-state={state.status} className={cn('absolute inset-0', className)}>
      <div
        ref={frameHost}
        className="absolute inset-0 [&>iframe]:block [&>iframe]:size-full [&>iframe]:border-0"
      />
      {overlay && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-zinc-900/85 p-4 text-center text-sm text-white">
          {overlay}
        </div>
      )}
    </div>
  );
}

/** The message of a player error code (docs/product/messages.md#player). */
export function playerErrorMessage(t: TFunction, code: number): string {
  switch (code) {
    case PLAYER_ERROR.INVALID_PARAMETER:
      return t('video.player.errors.invalidParameter');
    case PLAYER_ERROR.HTML5:
      return t('video.player.errors.html5');
    case PLAYER_ERROR.NOT_FOUND:
      return t('video.player.errors.notFound');
    case PLAYER_ERROR.EMBEDDING_DISABLED:
    case PLAYER_ERROR.EMBEDDING_DISABLED_TOO:
      return t('video.player.errors.embeddingDisabled');
    default:
      return t('video.player.errors.other', { code });
  }
}
