import type { FeedTheme } from '@josie/contract';

/** Class names a feed theme sets on the feed and on its cards (docs/product/rules-and-limits.md#preferences-and-catalogues). */
export interface FeedThemeStyle {
  /** The feed's frame (background behind the cards). */
  feed: string;
  /** A card's surface. */
  card: string;
  /** The card's title. */
  title: string;
  /** Body text (the excerpt). */
  body: string;
  /** Secondary text (dates, counts). */
  meta: string;
  /** The icon buttons of a card. */
  action: string;
  /** An icon button that is on (liked, saved). */
  actionOn: string;
  /** The media frame (image or video). */
  media: string;
}

/**
 * The four themes. `josie` (the default) is the brand look: soft pink wash, white rounded cards.
 * `classic` is plain and quiet; `glassmorphic` puts frosted cards on a colourful backdrop; `vibrant`
 * uses saturated gradients and bold type. Every combination keeps AA contrast for text.
 */
export const FEED_THEME_STYLES: Record<FeedTheme, FeedThemeStyle> = {
  classic: {
    feed: 'bg-white ring-1 ring-zinc-200',
    card: 'rounded-xl border border-zinc-200 bg-white shadow-none hover:border-zinc-300',
    title: 'font-serif text-zinc-950',
    body: 'font-serif text-zinc-700',
    meta: 'text-zinc-600',
    action: 'text-zinc-700 hover:bg-zinc-100',
    actionOn: 'text-zinc-950',
    media: 'rounded-lg',
  },
  josie: {
    feed: 'bg-linear-to-b from-brand-50 via-white to-violet-50 ring-1 ring-brand-100',
    card: 'rounded-3xl bg-white shadow-md shadow-brand-900/5 ring-1 ring-brand-100 hover:shadow-lg hover:shadow-brand-900/10',
    title: 'text-zinc-950',
    body: 'text-zinc-700',
    meta: 'text-zinc-600',
    action: 'text-zinc-700 hover:bg-brand-50 hover:text-brand-800',
    actionOn: 'text-brand-700',
    media: 'rounded-2xl',
  },
  glassmorphic: {
    feed: 'bg-linear-to-br from-violet-300 via-brand-200 to-sky-300',
    card: 'rounded-3xl border border-white/60 bg-white/55 shadow-xl shadow-violet-900/10 backdrop-blur-xl hover:bg-white/65',
    title: 'text-zinc-950',
    body: 'text-zinc-800',
    meta: 'text-zinc-700',
    action: 'text-zinc-800 hover:bg-white/70',
    actionOn: 'text-violet-800',
    media: 'rounded-2xl ring-1 ring-white/70',
  },
  vibrant: {
    feed: 'bg-linear-to-br from-amber-200 via-brand-300 to-violet-400',
    card: 'rounded-[1.75rem] border-4 border-zinc-950 bg-white shadow-[6px_6px_0_0_rgb(9_9_11)] hover:-translate-y-0.5 rtl:shadow-[-6px_6px_0_0_rgb(9_9_11)]',
    title: 'font-black uppercase tracking-tight text-zinc-950',
    body: 'font-medium text-zinc-800',
    meta: 'font-semibold text-zinc-700',
    action: 'text-zinc-900 hover:bg-amber-100',
    actionOn: 'text-brand-700',
    media: 'rounded-2xl border-2 border-zinc-950',
  },
};
