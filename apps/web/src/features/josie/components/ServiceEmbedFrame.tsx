import type { ServiceEmbed } from '@josie/contract';
import { useFramePress } from '../../../analytics';
import { cn } from '../../../lib/cn';

/** A service's player other than YouTube Music's (which plays in the josie's YouTube player). */
export type FramedEmbed = Exclude<ServiceEmbed, { platform: 'youtubeMusic' }>;

/**
 * What each service's official embed code asks of its frame: the permissions (`allow`), and Apple Music's
 * sandbox, which its own code sets (the other services' codes set none, like the Spotify embed here).
 */
const FRAME: Record<FramedEmbed['platform'], { allow: string; sandbox?: string }> = {
  appleMusic: {
    allow: 'autoplay *; encrypted-media *; fullscreen *; clipboard-write',
    sandbox:
      'allow-forms allow-popups allow-same-origin allow-scripts allow-storage-access-by-user-activation allow-top-navigation-by-user-activation',
  },
  deezer: { allow: 'encrypted-media; clipboard-write' },
  tidal: { allow: 'encrypted-media; fullscreen' },
  soundcloud: { allow: 'autoplay' },
};

export interface ServiceEmbedFrameProps {
  /** The player, as `serviceEmbedFor` derives it from the item's link on the service. */
  embed: FramedEmbed;
  /** The frame's accessible name ("Deezer player: {name}"). */
  title: string;
  /** False while rendered on the server: the player's place only, filled by the browser's render. */
  client: boolean;
  /**
   * Called when the reader presses inside the player (its play button, as far as the page can tell: see
   * `useFramePress`); null or absent where nothing is counted.
   */
  onPress?: (() => void) | null;
  className?: string;
}

/**
 * The embedded player of Apple Music, Deezer, TIDAL or SoundCloud for the listener on that service
 * (docs/decisions/0022-listen-on-your-own-service.md, amendment of 2026-12-05): full width, the service's
 * own height for the kind of item, loaded lazily like the Spotify embed.
 */
export function ServiceEmbedFrame({
  embed,
  title,
  client,
  onPress = null,
  className,
}: ServiceEmbedFrameProps) {
  const frame = FRAME[embed.platform];
  const player = useFramePress(onPress);
  if (!client) {
    return (
      <div style={{ height: embed.height }} className={cn('w-full rounded-xl bg-zinc-100', className)} />
    );
  }
  return (
    <iframe
      ref={player}
      key={embed.src}
      src={embed.src}
      title={title}
      loading="lazy"
      allow={frame.allow}
      {...(frame.sandbox ? { sandbox: frame.sandbox } : {})}
      height={embed.height}
      data-service-embed={embed.platform}
      className={cn('block w-full rounded-xl border-0', className)}
    />
  );
}
