import { embedFor, type VideoContent } from '@josie/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/** Permissions the YouTube player asks for (its own embed code's list). */
export const YOUTUBE_ALLOW =
  'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';
/** Permissions the Spotify player asks for. */
export const SPOTIFY_ALLOW = 'autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture';
/** Height of the Spotify embed player in pixels (spec 001 §9). */
export const SPOTIFY_EMBED_HEIGHT = 152;

export interface VideoEmbedProps {
  /** The `video` paragraph's content, or a legacy bare link (`video1`). */
  video: Pick<VideoContent, 'url'> & Partial<Pick<VideoContent, 'title'>>;
  className?: string;
}

/**
 * A video paragraph as an embedded player (spec 000 §2 video1): a YouTube link plays in the
 * privacy-enhanced player at 16:9 (spec 001 §9), a Spotify link in the Spotify player; a link that does
 * not convert renders nothing. The frame loads lazily and is named after the video.
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
  return (
    <div
      className={cn(
        'relative aspect-video w-full overflow-hidden rounded-2xl bg-zinc-900 shadow-sm',
        className,
      )}
    >
      <iframe
        src={embed.src}
        title={title}
        loading="lazy"
        allow={YOUTUBE_ALLOW}
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        className="absolute inset-0 size-full border-0"
      />
    </div>
  );
}
