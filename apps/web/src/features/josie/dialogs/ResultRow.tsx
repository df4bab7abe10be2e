import type { ReactNode } from 'react';

export interface ResultRowProps {
  /** The button's accessible name, e.g. 'Add {name}'. */
  label: string;
  onPick(): void;
  /** The cover or thumbnail, or its placeholder, before the text. */
  media: ReactNode;
  title: ReactNode;
  /** The line under the title (artist, channel). */
  detail: ReactNode;
  /** How many lines the title may take before it is cut short. */
  titleLines?: 1 | 2;
}

/** One result of an audio or video search ({@link ResultList}): a button that adds it. */
export function ResultRow({ label, onPick, media, title, detail, titleLines = 1 }: ResultRowProps) {
  return (
    <li>
      <button
        type="button"
        aria-label={label}
        onClick={onPick}
        className="flex w-full items-center gap-3 rounded-2xl p-2 text-start transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {media}
        <span className="flex min-w-0 flex-col">
          <span
            className={`${titleLines === 2 ? 'line-clamp-2' : 'truncate'} font-medium text-zinc-950`}
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
