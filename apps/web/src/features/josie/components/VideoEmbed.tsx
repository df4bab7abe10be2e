import { embedFor, parseVideoUrl, type VideoContent, type VideoRef } from '@josie/contract';
import { Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { lazyComponent } from '../../../lib/lazyPage';
import { Spinner } from '../../../ui/Spinner';
import { useInView } from '../../account';
import type { YouTubePlayerProps } from './YouTubePlayer';

/** Permissions the Spotify player asks for. */
export const SPOTIFY_ALLOW = 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture';
/** Height of the Spotify embed player in pixels (docs/product/rules-and-limits.md#constants). */
export const SPOTIFY_EMBED_HEIGHT = 152;

// The player and its API loader are a chunk of their own, fetched when a video first comes into view, so
// pages without a visible video (and the first page's bundle) do not pay for them.
const YouTubePlayer = lazyComponent<YouTubePlayerProps>(() =>
  import('./YouTubePlayer').then((m) => ({ default: m.YouTubePlayer })),
);

export interface YouTubeEmbedProps {
  /** The video or playlist, as parsed from its link. */
  video: VideoRef;
  /** The player's accessible name. */
  title: string;
  className?: string;
}

/**
 * A 16:9 box (docs/product/rules-and-limits.md#constants) that mounts the {@link YouTubePlayer} once it nears
 * the viewport; until then, and while the player's code downloads, it shows a loading state of the same size,
 * so nothing jumps.
 */
export function YouTubeEmbed({ video, title, className }: YouTubeEmbedProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const inView = useInView(box, '200px');
  const waiting = (
    <div className="absolute inset-0 flex items-center justify-center">
      <Spinner size="lg" label={t('video.player.loading')} className="text-white" />
    </div>
  );
  return (
    <div
      ref={box}
      data-video-embed="youtube"
      className={cn(
        'relative aspect-video w-full overflow-hidden rounded-2xl bg-zinc-900 shadow-sm',
        className,
      )}
    >
      {inView ? (
        <Suspense fallback={waiting}>
          <YouTubePlayer video={video} title={title} />
        </Suspense>
      ) : (
        waiting
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
  if (!embed) return null;
  const title = video.title?.trim()
    ? t('josie.view.videoPlayer', { title: video.title.trim() })
    : t('josie.view.videoPlayerUntitled');
  if (embed.provider === 'spotify') {
    return (
      <iframe
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
  return <YouTubeEmbed video={parsed.video} title={title} className={className} />;
}
