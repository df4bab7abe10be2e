import type { Josie } from '@josie/contract';
import { onlineManager } from '@tanstack/react-query';
import { Music } from 'lucide-react';
import {
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useReturning } from '../../lib/useReturning';
import { useFeedJoined, useNewPosts, usePostRemoved } from '../../realtime';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import type { FeedSource } from './api';
import { FeedControls } from './FeedControls';
import { useFeedLayout, useFeedTheme } from './feedTheme';
import { PostCard } from './PostCard';
import { FEED_THEME_STYLES } from './themes';
import { useFeed } from './useFeed';
import { useFeedPlace } from './useFeedPlace';

/** What a parent can do to a feed's list through its `ref` (docs/product/rules-and-limits.md#feed: remove or replace by id). */
export interface FeedHandle {
  removePost(id: string): void;
  replacePost(post: Josie): void;
  refresh(): void;
}

export interface FeedProps {
  source: FeedSource;
  /** The optional heading, e.g. 'Your Feed'. */
  title?: string;
  /** Heading level of the title (the page's own `h1` usually sits above). */
  titleLevel?: 1 | 2;
  /** Each rise above 0 reloads the first page. */
  refreshTrigger?: number;
  /** The empty state; defaults to 'No posts to show' (or the curator feed's text). */
  empty?: { title: string; description?: ReactNode; action?: ReactNode };
  ref?: Ref<FeedHandle>;
  className?: string;
}

/**
 * Posts in the first render of a feed: the one card a phone's first screen shows under the home page's
 * strip (docs/performance.md); the server renders as many (decision 0008). The same for every feed.
 */
const FIRST_POSTS = 1;
/** Posts added by each later render, until all are shown. */
const POSTS_PER_STEP = 4;

/**
 * How many of `posts` to render: {@link FIRST_POSTS} in the first render, then {@link POSTS_PER_STEP} more
 * per render until all are, each render a transition in a task of its own; a page that Load More appends
 * comes the same way. A page of 20 cards rendered at once is one long task on a phone (Lighthouse's total
 * blocking time, docs/performance.md): React slices a transition's rendering, but writes all its cards into
 * the page in one go; a few cards per commit leave the main thread free to paint and respond between them.
 * Posts that come in on top (live posts, a catch-up) show at once, so a card once shown never hides.
 */
function useShownCount(posts: readonly Josie[], returning: boolean): number {
  const [shown, setShown] = useState(() => (returning ? Math.max(FIRST_POSTS, posts.length) : FIRST_POSTS));
  const [top, setTop] = useState(posts[0]?._id);
  const first = posts[0]?._id;
  if (first !== top) {
    const moved = top === undefined ? -1 : posts.findIndex((post) => post._id === top);
    setTop(first);
    if (moved > 0) setShown(shown + moved);
  }
  useEffect(() => {
    if (shown >= posts.length) return;
    const next = setTimeout(() => startTransition(() => setShown((count) => count + POSTS_PER_STEP)));
    return () => clearTimeout(next);
  }, [shown, posts.length]);
  return Math.min(posts.length, shown);
}

/**
 * A feed of josies (docs/product/routes-and-roles.md#home-and-feed, docs/product/rules-and-limits.md#feed):
 * optional title, the layout and theme switchers, a red 'Error: {message}' line, the empty state, a spinner
 * while loading, and 'Load More' while more posts exist and nothing loads. Live `new-post` events join at the
 * top (by the rules of {@link acceptsLivePost}), `post-removed` events take posts out. Used by the home feed,
 * the curator profile (`source.kind === 'curator'`) and the saved list.
 */
export function Feed({
  source,
  title,
  titleLevel = 2,
  refreshTrigger = 0,
  empty,
  ref,
  className,
}: FeedProps) {
  const { t } = useTranslation();
  const feed = useFeed(source, refreshTrigger);
  const { theme, setTheme } = useFeedTheme();
  const { layout, setLayout } = useFeedLayout();
  const style = FEED_THEME_STYLES[theme];
  const live = source.kind !== 'saved';
  useNewPosts(feed.receivePost, live);
  usePostRemoved((post) => feed.removePost(post._id));
  // Posts published before the socket joined the feed's rooms (while the page loaded, or while the
  // connection was lost) arrive through a fresh first page.
  useFeedJoined(feed.catchUp, live);

  const commands = useRef(feed);
  commands.current = feed;
  // A failed read is tried again by "Try again" and, by itself, when the browser comes back online
  // (TanStack's `onlineManager`; the feed's query asks only through the hook, so TanStack's own
  // `refetchOnReconnect` does not apply). With posts shown and more to come, Load More is what is retried,
  // so the pages loaded stay; otherwise a refresh.
  const retry = useCallback(() => {
    const current = commands.current;
    if (current.posts.length > 0 && current.hasMore) current.loadMore();
    else current.refresh();
  }, []);
  const failed = feed.error !== null;
  useEffect(() => {
    if (!failed) return;
    return onlineManager.subscribe((online) => {
      if (online) retry();
    });
  }, [failed, retry]);
  useImperativeHandle(
    ref,
    () => ({
      removePost: (id) => commands.current.removePost(id),
      replacePost: (post) => commands.current.replacePost(post),
      refresh: () => commands.current.refresh(),
    }),
    [],
  );

  const titleId = useId();
  const Heading = titleLevel === 1 ? 'h1' : 'h2';
  const emptyState = empty ?? {
    title: source.kind === 'curator' ? t('feed.emptyCurator') : t('feed.empty'),
  };
  // Posts arriving (a page, a live post) render at transition priority, in slices that leave the main
  // thread free between them (docs/performance.md); the list shown until then is the previous one.
  const posts = useDeferredValue(feed.posts);
  const returning = useReturning();
  const shown = useShownCount(posts, returning);
  const list = useRef<HTMLUListElement>(null);
  useFeedPlace(list, returning, posts.length > 0);
  const showEmpty = feed.loaded && !feed.loading && !feed.error && posts.length === 0;

  return (
    <section
      aria-label={title ? undefined : t('feed.label')}
      aria-labelledby={title ? titleId : undefined}
      className={cn('flex flex-col gap-5', className)}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        {title && (
          <Heading id={titleId} className="text-2xl font-bold tracking-tight text-zinc-950 sm:text-3xl">
            {title}
          </Heading>
        )}
        <FeedControls layout={layout} onLayoutChange={setLayout} theme={theme} onThemeChange={setTheme} />
      </div>

      <div
        className={cn('rounded-[2rem] p-3 transition-colors sm:p-5', style.feed)}
        data-theme={theme}
        data-layout={layout}
      >
        {feed.error && (
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white/90 px-4 py-3">
            <p role="alert" className="font-medium text-red-700" dir="auto">
              {t('feed.error', { message: feed.error })}
            </p>
            <Button variant="outline" size="sm" onClick={retry}>
              {t('common.retry')}
            </Button>
          </div>
        )}

        {showEmpty && (
          <EmptyState
            icon={<Music className="size-6" aria-hidden="true" />}
            title={emptyState.title}
            description={emptyState.description}
            action={emptyState.action}
          />
        )}

        {posts.length > 0 && (
          <ul
            ref={list}
            aria-label={t('feed.postsLabel')}
            className={cn(
              // The grid fills row by row, so it reads in the feed's order (newest first across the top
              // row), mirrored in Hebrew; each card keeps its own height.
              layout === 'grid'
                ? 'grid items-start gap-6 sm:grid-cols-2 lg:grid-cols-3'
                : 'mx-auto flex max-w-2xl flex-col gap-5',
            )}
          >
            {posts.slice(0, shown).map((post, index) => (
              <li
                key={post._id}
                data-post-id={post._id}
                className={cn(
                  // The browser skips the style, layout and paint of cards out of view until they near it
                  // (Most of a phone's first-load work on the feed); a card not yet drawn holds
                  // (docs/performance.md) 560 px, then its last drawn height. Not in the grid, where a row is
                  // as tall as its tallest card.
                  layout === 'list' && '[contain-intrinsic-size:auto_560px] [content-visibility:auto]',
                )}
              >
                <PostCard post={post} theme={style} layout={layout} index={index} onPatch={feed.patchPost} />
              </li>
            ))}
          </ul>
        )}

        {feed.loading && (
          <div className="flex justify-center py-8">
            <Spinner size="lg" label={t('feed.loading')} />
          </div>
        )}

        {feed.hasMore && !feed.loading && (
          <div className="flex justify-center pt-6 pb-2">
            <Button variant="secondary" size="lg" onClick={feed.loadMore}>
              {t('feed.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
