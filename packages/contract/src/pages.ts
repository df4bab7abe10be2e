// What the server and the web app agree on for the pages the server renders (docs/performance.md; decisions
// 0007 and 0008). A module without zod: the first pages import it, and a constant of a module that also
// builds schemas would load them (and zod) with those pages.

import { ROUTES } from './routes.js';

/**
 * The cookie carrying a session's page credential (decision 0008): a token the server accepts for rendering
 * a signed-in page and for nothing else (never as a bearer token). The web app deletes it when it drops its
 * stored session, even offline.
 */
export const PAGE_SESSION_COOKIE = 'josie_session';

/**
 * The web app manifests (docs/product/rules-and-limits.md#notifications-and-install), one per interface
 * language: the web app keeps `<link rel="manifest">` on the document language's, and the server writes the
 * Hebrew one into a page it serves in Hebrew.
 */
export const MANIFESTS = { en: '/manifest.webmanifest', he: '/manifest.he.webmanifest' } as const;

/** `GET /api/users/me`: the signed-in user's fresh copy (docs/product/routes-and-roles.md#api). */
export const ME_PATH = ROUTES.me.path;
/** `GET /api/users/curators/feed`: the home strip's curator cards (docs/product/routes-and-roles.md#api). */
export const CURATOR_STRIP_PATH = ROUTES.curatorsFeed.path;

/**
 * The query keys of the first pages' reads, shared by the web app's key factories (`feedKeys`,
 * `preferencesKeys`, `josieKeys`) and the server that writes those reads' answers into the pages it renders
 * (decisions 0008 and 0017), so the two cannot drift apart. Every key is an array of strings: its TanStack
 * hash is its JSON text ({@link firstPaintQuery}).
 */
export const PAGE_QUERY_KEYS = {
  /**
   * The user the server rendered a home page for (`GET /api/users/me`'s answer), read once by the web's
   * session provider as its fresh copy of the user (the provider's own query is keyed by the token, which
   * the server never sees).
   */
  servedUser: ['session', 'served'] as const,
  /** The pages of a feed source (`following`, `curator:{id}`, `saved`): an infinite query by cursor. */
  feedPages: (source: string) => ['feed', 'pages', source] as const,
  /** The home strip's curator cards (the `curators` of `GET /api/users/curators/feed`). */
  curatorStrip: ['feed', 'strip'] as const,
  /** The signed-in user's preferences (`GET /api/users/me/preferences`'s answer). */
  preferences: ['preferences', 'mine'] as const,
  /** One josie (`GET /api/josies/{id}`'s answer). */
  josie: (id: string) => ['josies', 'one', id] as const,
};

/**
 * One query of a {@link FirstPaintState}: the shape TanStack Query's `dehydrate` writes for a successful
 * query, which `hydrate` reads back. The server writes it without depending on TanStack Query.
 * `dataUpdateCount` 0 marks the answer as the page's own (no request of the app updated it yet): the web
 * app shows it on the first route only (decision 0017).
 */
export interface FirstPaintQuery<Data = unknown> {
  queryKey: readonly string[];
  /** TanStack's hash of `queryKey`: its JSON text (the keys hold strings only). */
  queryHash: string;
  /** `infinite` for an infinite query's pages (`{pages, pageParams}`). */
  queryType?: 'infinite';
  state: {
    data: Data;
    /** When the server read the answer, in ms since the epoch. */
    dataUpdatedAt: number;
    dataUpdateCount: 0;
    error: null;
    errorUpdatedAt: 0;
    errorUpdateCount: 0;
    fetchFailureCount: 0;
    fetchFailureReason: null;
    fetchMeta: null;
    isInvalidated: false;
    status: 'success';
    fetchStatus: 'idle';
  };
}

/**
 * The answers to a page's first reads as the server writes them into the page it renders: a TanStack
 * dehydrated state (`{queries}`), which the web app hydrates its query client from before its first render.
 */
export interface FirstPaintState {
  queries: FirstPaintQuery[];
}

/**
 * The id of the page's one JSON data block holding its {@link FirstPaintState}:
 * `<script type="application/json" id="josie-first-paint" data-user="{id}">`, `data-user` naming the user
 * it was written for (none: a visitor's page).
 */
export const FIRST_PAINT_BLOCK_ID = 'josie-first-paint';

/**
 * The dehydrated query of `queryKey` holding `data`, read at `readAt` (ms since the epoch).
 */
export function firstPaintQuery<Data>(
  queryKey: readonly string[],
  data: Data,
  readAt: number,
  queryType?: 'infinite',
): FirstPaintQuery<Data> {
  return {
    queryKey,
    queryHash: JSON.stringify(queryKey),
    ...(queryType ? { queryType } : {}),
    state: {
      data,
      dataUpdatedAt: readAt,
      dataUpdateCount: 0,
      error: null,
      errorUpdatedAt: 0,
      errorUpdateCount: 0,
      fetchFailureCount: 0,
      fetchFailureReason: null,
      fetchMeta: null,
      isInvalidated: false,
      status: 'success',
      fetchStatus: 'idle',
    },
  };
}
