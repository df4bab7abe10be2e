import { type FeedResponse, type JoinFeedAck, type Josie, LIMITS } from '@josie/contract';
import {
  type InfiniteData,
  isCancelledError,
  type QueryClient,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, useNavigationType } from 'react-router';
import { errorText } from '../../api/errorText';
import { holdsFirstPaint } from '../../api/firstPaint';
import { i18n } from '../../i18n';
import { type FeedSource, feedKeys, feedSourceKey, fetchFeedPage } from './api';

/** One page of a feed as the server answers it: 20 josies at most, newest first. */
export type FeedPage = FeedResponse['data'];

/** A source's pages in the query cache, under {@link feedKeys}`.pages(source)`. */
export type FeedPages = InfiniteData<FeedPage, string | null>;

/** What a feed shows. */
export interface FeedState {
  /** The posts of every page loaded, in order, each id once. */
  posts: Josie[];
  /** The cursor of the next page (null before the first page and after the last). */
  nextCursor: string | null;
  hasMore: boolean;
  /** A page is scheduled or on its way. */
  loading: boolean;
  /**
   * The last failure's message (the server's, else 'Could not load feed' in the reader's language), cleared
   * by the next request.
   */
  error: string | null;
  /** The first page has arrived (so an empty list means "nothing to show", not "not loaded yet"). */
  loaded: boolean;
}

type Mode = 'refresh' | 'more';

/** `posts` without the ones whose id is already in `seen` or earlier in `posts`. */
function withoutDuplicates(posts: readonly Josie[], seen: ReadonlySet<string> = new Set()): Josie[] {
  const ids = new Set(seen);
  const out: Josie[] = [];
  for (const post of posts) {
    if (ids.has(post._id)) continue;
    ids.add(post._id);
    out.push(post);
  }
  return out;
}

/**
 * Whether a live `new-post` joins a feed (docs/product/rules-and-limits.md#feed): not when a post with the
 * same id is shown, not when the creator is missing or has no name, not on a curator feed when another
 * curator wrote it, and never on the saved list (a new post is nobody's saved josie yet).
 */
export function acceptsLivePost(posts: readonly Josie[], post: Josie, source: FeedSource): boolean {
  if (source.kind === 'saved') return false;
  if (!post?._id || posts.some((p) => p._id === post._id)) return false;
  if (!post.creator?.name?.trim()) return false;
  if (source.kind === 'curator' && post.creator._id !== source.curatorId) return false;
  return true;
}

/**
 * Whether a feed showing `posts` missed no post published before its socket joined the rooms, by the
 * join's `latest` (when the newest josie of the reader's feed was published, read after joining): none
 * was published, or the feed shows one at least as recent. Undefined `latest` (a server that does not
 * send it) proves nothing, nor does a feed whose first page has not arrived (`loaded`). Times compare as
 * the API writes them (ISO 8601 in UTC, ms).
 */
export function missedNothing(
  feed: Pick<FeedState, 'posts' | 'loaded'>,
  latest: string | null | undefined,
): boolean {
  if (latest === null) return true;
  if (latest === undefined || !feed.loaded) return false;
  const newest = feed.posts.reduce(
    (top, post) => (post.publishedAt && post.publishedAt > top ? post.publishedAt : top),
    '',
  );
  return newest !== '' && latest <= newest;
}

/** `data` with every page's posts passed through `change` (a patch, a removal: wherever the post sits). */
function mapPages(data: FeedPages | undefined, change: (posts: Josie[]) => Josie[]): FeedPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, posts: change(page.posts) })) };
}

/** What a source's cached pages show: their posts in order, each id once, and whether the first page is in. */
function cachedFeed(queryClient: QueryClient, source: FeedSource): Pick<FeedState, 'posts' | 'loaded'> {
  const data = queryClient.getQueryData<FeedPages>(feedKeys.pages(source));
  return {
    posts: withoutDuplicates(data?.pages.flatMap((page) => page.posts) ?? []),
    loaded: data !== undefined,
  };
}

/** `data` with `posts` put on top of its first page. */
function withOnTop(data: FeedPages | undefined, posts: readonly Josie[]): FeedPages | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first || posts.length === 0) return data;
  return { ...data, pages: [{ ...first, posts: [...posts, ...first.posts] }, ...rest] };
}

/** What {@link useFeed} answers: the state plus its commands. */
export interface FeedController extends FeedState {
  /** Appends the next page (using the stored cursor); ignored while loading or after the last page. */
  loadMore(): void;
  /** Clears the cursor and loads the first page again. */
  refresh(): void;
  /** Puts a live post on top when {@link acceptsLivePost} allows it. */
  receivePost(post: Josie): void;
  removePost(id: string): void;
  /** Replaces the shown post with the same id (e.g. after it was edited). */
  replacePost(post: Josie): void;
  /** Changes some fields of the shown post `id` (e.g. the like state after a like). */
  patchPost(id: string, patch: Partial<Josie>): void;
  /**
   * Reads the first page again and puts on top the posts published after the newest one shown: call it
   * once the live socket has (re)joined the feed's rooms, with the join's acknowledgement, for the posts
   * published before that (while the page loaded, or the connection was lost). Nothing to do before the
   * first page was even asked for, nor when the acknowledgement's `latest` says nothing was published
   * that the feed does not show.
   */
  catchUp(joined?: Partial<JoinFeedAck>): void;
}

/**
 * A feed's posts and paging (docs/product/rules-and-limits.md#feed), held by TanStack Query as an infinite
 * query under {@link feedKeys}`.pages(source)`, the cursor as page parameter
 * (docs/decisions/0017-one-web-data-layer.md). On mount and whenever the source changes a refresh loads the
 * first page again (the later pages are dropped: a refresh clears the cursor); a refresh also runs each time
 * `refreshTrigger` rises above 0; Load More fetches the page after the last one's `nextCursor`, and no id
 * shows twice. Requests are debounced 300 ms (several asks within that time make one request, a refresh
 * winning over Load More), and a request overtaken by a newer one is cancelled (TanStack's `refetch` and
 * `fetchNextPage`). The socket's posts, removals and the catch-up after a (re)join, and a card's like or save,
 * write into the cached pages, and the rules of live posts read them there; the feed shows a write when the
 * query's observer tells React, on a later task. The catch-up is a query of its own (`feedKeys.catchUp`),
 * cancelled by `cancelQueries` when the source changes, the feed unmounts or a refresh starts. On a home page
 * the server rendered (decision 0008), the first page it wrote into the page is the mount's first page: the
 * feed shows it in its first render and asks for nothing until a refresh or Load More.
 */
export function useFeed(source: FeedSource, refreshTrigger = 0): FeedController {
  const queryClient = useQueryClient();
  const key = feedSourceKey(source);
  const queryKey = feedKeys.pages(source);
  // The source whose first page the server wrote into the page (hydrated into the cache:
  // `api/firstPaint.ts`), while the feed shows it: its mount (and React's second mount in development) asks
  // for nothing.
  const [served] = useState(() => (holdsFirstPaint(queryClient, queryKey) ? { key } : null));
  // Back (or Forward) to a feed whose pages are still cached shows them all as they were, with no refresh:
  // the reader returns to the post they left, Load More's pages included, and the router restores the
  // scroll position over them (docs/decisions/0040-one-request-per-action-and-lazy-parts.md). The socket's catch-up brings what was published meanwhile.
  const navigation = useNavigationType();
  const [returned] = useState(() =>
    navigation === NavigationType.Pop && queryClient.getQueryData<FeedPages>(queryKey) !== undefined
      ? { key }
      : null,
  );
  const startedFor = useRef<string | null>(served?.key ?? returned?.key ?? null);
  // Whether this source's first page was asked for (or came with the page): from then on, posts published
  // before the socket joins the feed's rooms may be missing.
  const firstPageAsked = useRef(served !== null || returned !== null);
  // Posts received live since the pending refresh began, kept if its first page predates them.
  const live = useRef<Josie[]>([]);
  const sourceRef = useRef(source);
  sourceRef.current = source;

  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<FeedPage> => {
      let page: FeedPage;
      try {
        page = await fetchFeedPage(source, pageParam, signal);
      } catch (error) {
        if (!signal.aborted) console.warn('Could not load feed', error);
        throw error;
      }
      if (pageParam !== null) return page;
      const pageIds = new Set(page.posts.map((p) => p._id));
      const newer = live.current.filter((p) => !pageIds.has(p._id));
      live.current = [];
      return { ...page, posts: withoutDuplicates([...newer, ...page.posts]) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
    // Pages are asked for only by the hook (debounced) and written by the socket; a failure shows at once
    // with its message, and the next refresh is the retry.
    enabled: false,
    retry: false,
  });

  const posts = useMemo(
    () => withoutDuplicates(query.data?.pages.flatMap((page) => page.posts) ?? []),
    [query.data],
  );
  const last = query.data?.pages.at(-1);
  const [scheduled, setScheduled] = useState(false);
  const loading = scheduled || query.isFetching;
  const state: FeedState = {
    posts,
    nextCursor: last?.nextCursor ?? null,
    hasMore: last?.hasMore ?? false,
    loading,
    error: query.error && !loading ? errorText(i18n.t, query.error, i18n.t('feed.loadError')) : null,
    loaded: query.data !== undefined,
  };
  const stateRef = useRef(state);
  stateRef.current = state;
  const queryRef = useRef(query);
  queryRef.current = query;

  const pending = useRef<Mode | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback(() => {
    const mode = pending.current;
    pending.current = null;
    setScheduled(false);
    if (mode === 'more') {
      void queryRef.current.fetchNextPage();
      return;
    }
    if (mode !== 'refresh') return;
    firstPageAsked.current = true;
    void queryClient.cancelQueries({ queryKey: feedKeys.catchUp(sourceRef.current) });
    // A refresh reads the first page only: the later pages go, so TanStack fetches that one page again.
    queryClient.setQueryData<FeedPages>(feedKeys.pages(sourceRef.current), (data) =>
      data && data.pages.length > 1
        ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
        : data,
    );
    void queryRef.current.refetch();
  }, [queryClient]);

  const request = useCallback(
    (mode: Mode) => {
      pending.current = mode === 'refresh' || pending.current === 'refresh' ? 'refresh' : 'more';
      if (pending.current === 'refresh') live.current = [];
      setScheduled(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(run, LIMITS.feedDebounceMs);
    },
    [run],
  );

  // Mount and source change: load the first page (unless the mount started from the server's). `key`
  // names the source; the source object itself is read through a ref.
  useEffect(() => {
    const catchUpKey = feedKeys.catchUp(sourceRef.current);
    if (startedFor.current !== key) {
      startedFor.current = null;
      firstPageAsked.current = false;
      live.current = [];
      request('refresh');
    }
    return () => {
      clearTimeout(timer.current);
      pending.current = null;
      void queryClient.cancelQueries({ queryKey: catchUpKey });
    };
  }, [key, request, queryClient]);

  // The pages left the cache while the feed shows (the session changed, `api/queryClient.ts`): read the
  // first page again, for the session now stored, rather than show nothing.
  const emptied = !state.loaded && !loading && query.error === null && firstPageAsked.current;
  useEffect(() => {
    if (emptied) request('refresh');
  }, [emptied, request]);

  const lastTrigger = useRef(refreshTrigger);
  useEffect(() => {
    if (refreshTrigger === lastTrigger.current) return;
    lastTrigger.current = refreshTrigger;
    if (refreshTrigger > 0) request('refresh');
  }, [refreshTrigger, request]);

  // A write goes into the cache, which the rules of live posts read (not the last render): the query's
  // observer shows it on a later task, and a second event of the same task already sees the first one.
  const update = useCallback(
    (change: (data: FeedPages | undefined) => FeedPages | undefined, source = sourceRef.current) => {
      queryClient.setQueryData<FeedPages>(feedKeys.pages(source), change);
    },
    [queryClient],
  );

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.loading || !current.hasMore || !current.nextCursor) return;
    request('more');
  }, [request]);
  const refresh = useCallback(() => request('refresh'), [request]);
  const receivePost = useCallback(
    (post: Josie) => {
      const source = sourceRef.current;
      if (!acceptsLivePost(cachedFeed(queryClient, source).posts, post, source)) return;
      if (live.current.some((p) => p._id === post._id)) return;
      live.current = [...live.current, post];
      update((data) => withOnTop(data, [post]));
    },
    [queryClient, update],
  );
  const removePost = useCallback(
    (id: string) => {
      live.current = live.current.filter((p) => p._id !== id);
      update((data) => mapPages(data, (posts) => posts.filter((p) => p._id !== id)));
    },
    [update],
  );
  const replacePost = useCallback(
    (post: Josie) =>
      update((data) => mapPages(data, (posts) => posts.map((p) => (p._id === post._id ? post : p)))),
    [update],
  );
  const patchPost = useCallback(
    (id: string, patch: Partial<Josie>) =>
      update((data) => mapPages(data, (posts) => posts.map((p) => (p._id === id ? { ...p, ...patch } : p)))),
    [update],
  );
  const catchUp = useCallback(
    (joined: Partial<JoinFeedAck> = {}) => {
      if (!firstPageAsked.current) return;
      const asked = sourceRef.current;
      if (missedNothing(cachedFeed(queryClient, asked), joined.latest)) return;
      // TanStack's own read: one request however many joins ask at once, cancelled when the feed shows
      // another source, unmounts, or refreshes (its first page then brings these posts).
      queryClient
        .fetchQuery({
          queryKey: feedKeys.catchUp(asked),
          queryFn: ({ signal }) => fetchFeedPage(asked, null, signal),
          staleTime: 0,
          gcTime: 0,
          retry: false,
        })
        .then(
          (page) => {
            // A fresh first page's posts published after the newest one shown: those a socket that was
            // not yet (or no longer) in the feed's rooms missed. Taken by the rules of live posts.
            const shown = cachedFeed(queryClient, asked).posts;
            const newest = shown[0]?.publishedAt ?? '';
            const missed = page.posts.filter(
              (post) => (post.publishedAt ?? '') > newest && acceptsLivePost(shown, post, asked),
            );
            if (missed.length === 0) return;
            // Kept over the next refresh only while the feed still shows the source that asked.
            if (feedSourceKey(sourceRef.current) === feedSourceKey(asked)) {
              live.current = [...live.current, ...missed];
            }
            update((data) => withOnTop(data, missed), asked);
          },
          (error: unknown) => {
            if (!isCancelledError(error)) console.warn('Could not catch up with the feed', error);
          },
        );
    },
    [queryClient, update],
  );

  return { ...state, loadMore, refresh, receivePost, removePost, replacePost, patchPost, catchUp };
}
