import { embedFor, parseVideoUrl, type VideoContent, type VideoRef } from '@josie/contract';
import { Play } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFramePress, usePlayPress } from '../../../analytics';
import { cn } from '../../../lib/cn';
import { lazyComponent } from '../../../lib/lazyPage';
import { Spinner } from '../../../ui/Spinner';

/** Permissions the Spotify player asks for. */
export const SPOTIFY_ALLOW = 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture';
/** Height of the Spotify embed player in pixels (docs/product/rules-and-limits.md#constants). */
export const SPOTIFY_EMBED_HEIGHT = 152;

// The player and its API loader are a chunk of their own, fetched when the reader presses play (or points at
// the play button, to gain a moment), so no page pays for them before (docs/performance.md).
// Should the player's code not download even after the retries, the box says so and links to the video on
// YouTube, as the player does when YouTube's own API fails; the page goes on.
const YouTubePlayer = lazyComponent(() => import('./YouTubePlayer'), {
  export: 'YouTubePlayer',
  failed: ({ video }) => <PlayerUnavailable url={video.url} />,
});

/** The player's place when its code could not be loaded: the reason and a link to the video on YouTube. */
function PlayerUnavailable({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-zinc-900/85 p-4 text-center text-sm text-white">
      <p role="alert">{t('video.player.unavailable')}</p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="rounded-full bg-white px-4 py-2 font-semibold text-zinc-950 shadow-sm hover:bg-zinc-100"
      >
        {t('video.player.openInYouTube')}
      </a>
    </div>
  );
}

/** The thumbnail YouTube serves for a video id (480 x 360 px); playlists have none by id. */
export function youtubeThumbnail(video: VideoRef): string | null {
  return video.type === 'video'
    ? `https://i.ytimg.com/vi/${encodeURIComponent(video.id)}/hqdefault.jpg`
    : null;
}

export interface YouTubeEmbedProps {
  /** The video or playlist, as parsed from its link. */
  video: VideoRef;
  /** The player's accessible name. */
  title: string;
  /** The play button's accessible name; 'Play: {title}' by default. */
  playLabel?: string;
  /** The picture shown until play (an absolute URL); the video's YouTube thumbnail by default. */
  poster?: string | null;
  /**
   * Called each time the video starts playing after it was not (the IFrame Player API's PLAYING, not the
   * press of the picture: a player that never loads has played nothing); the studio's `josie_play`
   * (docs/decisions/0050-curator-studio-counts.md). Null or absent where nothing is counted.
   */
  onPlay?: (() => void) | null;
  className?: string;
}

/**
 * A 16:9 box (docs/product/rules-and-limits.md#constants, docs/product/rules-and-limits.md#player) that shows
 * the video's picture and a play button, and mounts the {@link YouTubePlayer} (which then plays at once)
 * only when the reader presses it: neither the player's code nor YouTube's API load before, so the first
 * page stays within its script budget (docs/performance.md). Pointing at the button or focusing it starts
 * fetching the player's code. The box keeps its size throughout, so nothing jumps; focus moves to the box on
 * play and on to the player's frame when it is ready.
 */
export function YouTubeEmbed({ video, title, playLabel, poster, onPlay, className }: YouTubeEmbedProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [playing, setPlaying] = useState(false);
  // Buffering after a seek reports playing again without a pause: only a start after a stop is a press.
  const sounding = useRef(false);
  const onPlayRef = useRef(onPlay);
  onPlayRef.current = onPlay;
  const onPlayingChange = useCallback((now: boolean) => {
    if (now && !sounding.current) onPlayRef.current?.();
    sounding.current = now;
  }, []);
  const picture = poster === undefined ? youtubeThumbnail(video) : poster;
  useEffect(() => {
    // The button the reader pressed is gone: keep their place (the player takes focus when ready).
    if (playing) box.current?.focus();
  }, [playing]);
  return (
    <div
      ref={box}
      tabIndex={playing ? -1 : undefined}
      data-video-embed="youtube"
      className={cn(
        'relative aspect-video w-full overflow-hidden rounded-2xl bg-zinc-900 shadow-sm outline-none',
        className,
      )}
    >
      {playing ? (
        <Suspense
          fallback={
            <div className="absolute inset-0 flex items-center justify-center">
              <Spinner size="lg" label={t('video.player.loading')} className="text-white" />
            </div>
          }
        >
          <YouTubePlayer video={video} title={title} autoplay onPlayingChange={onPlayingChange} />
        </Suspense>
      ) : (
        <button
          type="button"
          aria-label={playLabel ?? t('video.player.play', { title })}
          onClick={() => setPlaying(true)}
          onPointerEnter={() => void YouTubePlayer.preload().catch(() => {})}
          onFocus={() => void YouTubePlayer.preload().catch(() => {})}
          className="group absolute inset-0 flex size-full items-center justify-center focus-visible:outline-none"
        >
          {picture && (
            <img src={picture} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
          )}
          <span
            aria-hidden="true"
            className="relative flex size-16 items-center justify-center rounded-full bg-zinc-950/80 text-white shadow-lg ring-white transition-colors group-hover:bg-red-600 group-focus-visible:bg-red-600 group-focus-visible:ring-4"
          >
            <Play className="size-7 translate-x-0.5 fill-current" />
          </span>
        </button>
      )}
    </div>
  );
}

export interface VideoEmbedProps {
  /** The `video` paragraph's content, or a legacy bare link (`video1`). */
  video: Pick<VideoContent, 'url'> & Partial<Pick<VideoContent, 'title'>>;
  className?: string;
}

/**
 * A video paragraph as a player (docs/product/routes-and-roles.md#media-dialogs video1,
 * docs/product/rules-and-limits.md#player): a YouTube video or playlist link plays in the YouTube player on
 * the IFrame Player API at 16:9 (docs/product/rules-and-limits.md#constants), a Spotify link in the Spotify
 * embed; a link that does not convert renders nothing. The player is named after the video.
 */
export function VideoEmbed({ video, className }: VideoEmbedProps) {
  const { t } = useTranslation();
  const embed = embedFor(video.url);
  // The studio's plays (docs/decisions/0050-curator-studio-counts.md): the video is the item.
  const onPlay = usePlayPress(video.url, embed?.provider ?? 'other');
  const spotifyFrame = useFramePress(embed?.provider === 'spotify' ? onPlay : null);
  if (!embed) return null;
  const title = video.title?.trim()
    ? t('josie.view.videoPlayer', { title: video.title.trim() })
    : t('josie.view.videoPlayerUntitled');
  if (embed.provider === 'spotify') {
    return (
      <iframe
        ref={spotifyFrame}
        src={embed.src}
        title={title}
        loading="lazy"
        allow={SPOTIFY_ALLOW}
        height={SPOTIFY_EMBED_HEIGHT}
        className={cn('block w-full rounded-xl border-0', className)}
      />
    );
  }
  const parsed = parseVideoUrl(video.url);
  if (!parsed.ok) return null;
  return <YouTubeEmbed video={parsed.video} title={title} onPlay={onPlay} className={className} />;
}
