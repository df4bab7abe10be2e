import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The frames of a result's picture: a square cover (audio) or a 16:9 thumbnail (video). */
const THUMBNAILS = {
  square: {
    image: 'size-12 shrink-0 rounded-xl object-cover',
    placeholder: 'flex size-12 shrink-0 items-center justify-center rounded-xl bg-zinc-100',
  },
  wide: {
    image: 'aspect-video w-24 shrink-0 rounded-xl bg-zinc-100 object-cover',
    placeholder: 'flex aspect-video w-24 shrink-0 items-center justify-center rounded-xl bg-zinc-100',
  },
} as const;

export interface ResultRowProps {
  /** The button's accessible name, e.g. 'Add {name}'. */
  label: string;
  onPick(): void;
  /** The cover or thumbnail's address; without one `icon` stands in its frame. */
  image: string | null | undefined;
  icon: LucideIcon;
  /**
   * The picture's frame: `square` (a cover, the title on one line) or `wide` (a video thumbnail, the
   * title on up to two lines).
   */
  thumbnail?: keyof typeof THUMBNAILS;
  title: ReactNode;
  /** The line under the title (artist, channel). */
  detail: ReactNode;
}

/** One result of an audio or video search ({@link ResultList}): a button that adds it. */
export function ResultRow({
  label,
  onPick,
  image,
  icon: Icon,
  thumbnail = 'square',
  title,
  detail,
}: ResultRowProps) {
  const frame = THUMBNAILS[thumbnail];
  return (
    <li>
      <button
        type="button"
        aria-label={label}
        onClick={onPick}
        className="flex w-full items-center gap-3 rounded-2xl p-2 text-start transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {image ? (
          <img src={image} alt="" loading="lazy" className={frame.image} />
        ) : (
          <span className={frame.placeholder}>
            <Icon className="size-5 text-zinc-500" aria-hidden="true" />
          </span>
        )}
        <span className="flex min-w-0 flex-col">
          <span
            className={`${thumbnail === 'wide' ? 'line-clamp-2' : 'truncate'} font-medium text-zinc-950`}
            dir="auto"
          >
            {title}
          </span>
          <span className="truncate text-sm text-zinc-600" dir="auto">
            {detail}
          </span>
        </span>
      </button>
    </li>
  );
}
