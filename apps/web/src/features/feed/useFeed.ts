import { type FeedResponse, type JoinFeedAck, type Josie, LIMITS } from '@josie/contract';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { serverMessageOr } from '../../api/client';
import { useFirstAnswers } from '../../api/firstAnswer';
import { i18n } from '../../i18n';
import { useSession } from '../../session/SessionProvider';
import { type FeedSource, feedPath, feedSourceKey, fetchFeedPage } from './api';

/** What a feed shows. */
export interface FeedState {
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
  /** Posts received live since the pending refresh began, kept if its first page predates them. */
  live: Josie[];
}

type Mode = 'refresh' | 'more';

type Action =
  | { type: 'reset' }
  | { type: 'request'; mode: Mode }
  | { type: 'page'; mode: Mode; posts: Josie[]; hasMore: boolean; nextCursor: string | null }
  | { type: 'failure'; message: string }
  | { type: 'live'; post: Josie; source: FeedSource }
  | { type: 'newer'; posts: Josie[]; source: FeedSource }
  | { type: 'remove'; id: string }
  | { type: 'replace'; post: Josie }
  | { type: 'patch'; id: string; patch: Partial<Josie> };

export const INITIAL_FEED_STATE: FeedState = {
  posts: [],
  nextCursor: null,
  hasMore: false,
  loading: true,
  error: null,
  loaded: false,
  live: [],
};

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
 * Whether a live `new-post` joins a feed (spec 000 §4 "Feed loading"): not when a post with the same id
 * is shown, not when the creator is missing or has no name, not on a curator feed when another curator
 * wrote it, and never on the saved list (a new post is nobody's saved josie yet).
 */
export function acceptsLivePost(posts: readonly Josie[], post: Josie, source: FeedSource): boolean {
  if (source.kind === 'saved') return false;
  if (!post?._id || posts.some((p) => p._id === post._id)) return false;
  if (!post.creator?.name?.trim()) return false;
  if (source.kind === 'curator' && post.creator._id !== source.curatorId) return false;
  return true;
}

/** The feed's state machine; exported for tests. */
export function feedReducer(state: FeedState, action: Action): FeedState {
  switch (action.type) {
    case 'reset':
      return INITIAL_FEED_STATE;
    case 'request':
      return {
        ...state,
        loading: true,
        error: null,
        live: action.mode === 'refresh' ? [] : state.live,
      };
    case 'page': {
      if (action.mode === 'more') {
        const seen = new Set(state.posts.map((p) => p._id));
        return {
          ...state,
          posts: [...state.posts, ...withoutDuplicates(action.posts, seen)],
          hasMore: action.hasMore,
          nextCursor: action.nextCursor,
          loading: false,
          loaded: true,
        };
      }
      const pageIds = new Set(action.posts.map((p) => p._id));
      const newer = state.live.filter((p) => !pageIds.has(p._id));
      return {
        ...state,
        posts: withoutDuplicates([...newer, ...action.posts]),
        hasMore: action.hasMore,
        nextCursor: action.nextCursor,
        loading: false,
        loaded: true,
        live: [],
      };
    }
    case 'failure':
      return { ...state, loading: false, error: action.message };
    case 'live':
      if (!acceptsLivePost(state.posts, action.post, action.source)) return state;
      return { ...state, posts: [action.post, ...state.posts], live: [...state.live, action.post] };
    case 'newer': {
      // A fresh first page's posts published after the newest one shown: those a socket that was not yet
      // (or no longer) in the feed's rooms missed. Taken by the rules of live posts.
      const newest = state.posts[0]?.publishedAt ?? '';
      const missed = action.posts.filter(
        (post) => (post.publishedAt ?? '') > newest && acceptsLivePost(state.posts, post, action.source),
      );
      if (missed.length === 0) return state;
      return { ...state, posts: [...missed, ...state.posts], live: [...state.live, ...missed] };
    }
    case 'remove':
      return {
        ...state,
        posts: state.posts.filter((p) => p._id !== action.id),
        live: state.live.filter((p) => p._id !== action.id),
      };
    case 'replace':
      return { ...state, posts: state.posts.map((p) => (p._id === action.post._id ? action.post : p)) };
    case 'patch':
      return {
        ...state,
        posts: state.posts.map((p) => (p._id === action.id ? { ...p, ...action.patch } : p)),
      };
  }
}

/**
 * Whether a feed in `state` missed no post published before its socket joined the rooms, by the join's
 * `latest` (when the newest josie of the reader's feed was published, read after joining): none was
 * published, or the feed shows one at least as recent. Undefined `latest` (a server that does not send
 * it) proves nothing. Times compare as the API writes them (ISO 8601 in UTC, ms).
 */
export function missedNothing(state: FeedState, latest: string | null | undefined): boolean {
  if (latest === null) return true;
  if (latest === undefined || !state.loaded) return false;
  const newest = state.posts.reduce(
    (top, post) => (post.publishedAt && post.publishedAt > top ? post.publishedAt : top),
    '',
  );
  return newest !== '' && latest <= newest;
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
 * A feed's posts and paging (spec 000 §4 "Feed loading"): on mount and whenever the source changes a
 * refresh clears the cursor and loads the first page; a refresh also runs each time `refreshTrigger`
 * rises above 0; Load More appends the page after the stored `nextCursor`, never repeating an id shown.
 * Requests are debounced 300 ms (several asks within that time make one request, a refresh winning over
 * Load More), and an answer that a newer request or a source change overtook is dropped. On a home page
 * the server rendered (issue 9), the first page it wrote into the page is the mount's first page: the
 * feed shows it in its first render and asks for nothing until a refresh or Load More.
 */
export function useFeed(source: FeedSource, refreshTrigger = 0): FeedController {
  const { user } = useSession();
  const firstAnswers = useFirstAnswers();
  const key = feedSourceKey(source);
  const [state, dispatch] = useReducer(feedReducer, source, (first: FeedSource) => {
    const page = firstAnswers.take<FeedResponse>(feedPath(first), user?.id ?? null)?.data;
    return page
      ? feedReducer(INITIAL_FEED_STATE, { type: 'page', mode: 'refresh', ...page })
      : INITIAL_FEED_STATE;
  });
  // The source whose first page the server wrote into the page, while the feed shows it: its mount (and
  // React's second mount in development) asks for nothing.
  const startedFor = useRef<string | null>(state.loaded ? key : null);
  // Whether this source's first page was asked for (or came with the page): from then on, posts published
  // before the socket joins the feed's rooms may be missing.
  const firstPageAsked = useRef(state.loaded);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const stateRef = useRef(state);
  stateRef.current = state;
  const pending = useRef<Mode | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);

  const run = useCallback(async () => {
    const mode = pending.current;
    pending.current = null;
    if (!mode) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const cursor = mode === 'more' ? stateRef.current.nextCursor : null;
    if (mode === 'refresh') firstPageAsked.current = true;
    try {
      const page = await fetchFeedPage(sourceRef.current, cursor, controller.signal);
      if (controller.signal.aborted) return;
      dispatch({ type: 'page', mode, ...page });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('Could not load feed', error);
      dispatch({ type: 'failure', message: serverMessageOr(error, i18n.t('feed.loadError')) });
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  }, []);

  const request = useCallback(
    (mode: Mode) => {
      pending.current = mode === 'refresh' || pending.current === 'refresh' ? 'refresh' : 'more';
      dispatch({ type: 'request', mode: pending.current });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), LIMITS.feedDebounceMs);
    },
    [run],
  );

  // Mount and source change: forget the other source's posts and load the first page (unless the mount
  // started from the server's). `key` names the source; the source object itself is read through a ref.
  useEffect(() => {
    if (startedFor.current !== key) {
      startedFor.current = null;
      firstPageAsked.current = false;
      dispatch({ type: 'reset' });
      request('refresh');
    }
    return () => {
      clearTimeout(timer.current);
      pending.current = null;
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [key, request]);

  const lastTrigger = useRef(refreshTrigger);
  useEffect(() => {
    if (refreshTrigger === lastTrigger.current) return;
    lastTrigger.current = refreshTrigger;
    if (refreshTrigger > 0) request('refresh');
  }, [refreshTrigger, request]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.loading || !current.hasMore || !current.nextCursor) return;
    request('more');
  }, [request]);
  const refresh = useCallback(() => request('refresh'), [request]);
  const receivePost = useCallback(
    (post: Josie) => dispatch({ type: 'live', post, source: sourceRef.current }),
    [],
  );
  const removePost = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  const replacePost = useCallback((post: Josie) => dispatch({ type: 'replace', post }), []);
  const patchPost = useCallback(
    (id: string, patch: Partial<Josie>) => dispatch({ type: 'patch', id, patch }),
    [],
  );
  const catchUp = useCallback((joined: Partial<JoinFeedAck> = {}) => {
    if (!firstPageAsked.current) return;
    if (missedNothing(stateRef.current, joined.latest)) return;
    const asked = sourceRef.current;
    fetchFeedPage(asked, null).then(
      (page) => {
        // A source changed meanwhile: the page is another feed's.
        if (feedSourceKey(sourceRef.current) !== feedSourceKey(asked)) return;
        dispatch({ type: 'newer', posts: page.posts, source: asked });
      },
      (error: unknown) => console.warn('Could not catch up with the feed', error),
    );
  }, []);

  return { ...state, loadMore, refresh, receivePost, removePost, replacePost, patchPost, catchUp };
}
