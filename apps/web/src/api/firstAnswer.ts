import { createContext, useContext } from 'react';
import type { DataRouter } from 'react-router';
import { readStoredToken } from '../session/storage';
import { subscribeSession } from '../session/store';

/**
 * The attribute naming the path of a JSON data block in which the server wrote its answer to one of the
 * page's first reads (`apps/server/src/lib/first-paint.ts`, `jsonDataBlock`):
 * `<script type="application/json" data-first-answer="/api/josies/feed" data-user="{id}">`. A block
 * written for a signed-in user carries their id in `data-user`; a visitor's answer carries none.
 */
export const FIRST_ANSWER_ATTRIBUTE = 'data-first-answer';

/**
 * Answers the server wrote into the page it served (The public josie page and the signed-in
 * (docs/performance.md) home feed render their data in the app's first render, with no request once the
 * scripts have run).
 */
export interface FirstAnswers {
  /**
   * The answer to `GET {path}` written for `userId` (null: a visitor), or undefined when there is none, it
   * was written for somebody else (a stored session of another user than the one the page was served
   * to), or the answers were discarded (they describe the document as it was served: its first route,
   * for the session it was served to). The same answer may be taken more than once until then, so a
   * render React throws away loses nothing.
   */
  take<T>(path: string, userId: string | null): T | undefined;
}

/** The page's answers: path -> the user they were written for and their JSON. */
type Snapshot = Map<string, { userId: string | null; json: string }>;
let snapshot: Snapshot | null = null;

/**
 * The page's blocks, read once into memory and removed from the document: neither a later read of the
 * DOM nor anything holding the document sees them again.
 */
function pageSnapshot(): Snapshot {
  if (snapshot) return snapshot;
  snapshot = new Map();
  if (typeof document === 'undefined') return snapshot;
  for (const block of document.querySelectorAll<HTMLScriptElement>(`script[${FIRST_ANSWER_ATTRIBUTE}]`)) {
    const path = block.getAttribute(FIRST_ANSWER_ATTRIBUTE);
    if (path) snapshot.set(path, { userId: block.dataset.user ?? null, json: block.textContent ?? '' });
    block.remove();
  }
  return snapshot;
}

/** The answers of the page the browser loaded. */
export const pageFirstAnswers: FirstAnswers = {
  take<T>(path: string, userId: string | null): T | undefined {
    const answer = pageSnapshot().get(path);
    if (!answer || answer.userId !== userId) return undefined;
    try {
      return JSON.parse(answer.json) as T;
    } catch {
      return undefined;
    }
  },
};

/**
 * Forgets the page's answers (`main.tsx`: once the app leaves the route it opened on, or the session
 * changes), so that a later mount of the same screen asks the server instead of showing the page as it
 * was served. Blocks still in the document are dropped with them.
 */
export function discardFirstAnswers(): void {
  pageSnapshot();
  snapshot = null;
}

/**
 * Discards the page's answers ({@link discardFirstAnswers}) once `router` leaves the location the app
 * opened on, or another session is stored (a sign-in or sign-out in this tab or another; not a change of
 * the signed-in user's data): the answers describe the document as it was served, for that route and that
 * session. Stops listening once it discarded them; answers the unsubscribe.
 */
export function keepFirstAnswersForFirstRoute(router: Pick<DataRouter, 'state' | 'subscribe'>): () => void {
  const opened = router.state.location.key;
  const token = readStoredToken();
  const stop = () => {
    stopRouter();
    stopSession();
  };
  const discard = () => {
    discardFirstAnswers();
    stop();
  };
  const stopRouter = router.subscribe((state) => {
    if (state.location.key !== opened) discard();
  });
  const stopSession = subscribeSession(() => {
    if (readStoredToken() !== token) discard();
  });
  return stop;
}

/**
 * Answers handed to a rendering outside the browser (`src/prerender/`), keyed by path and all written for
 * the one user the page is rendered for.
 */
export function staticFirstAnswers(answers: Readonly<Record<string, unknown>>): FirstAnswers {
  return {
    take: <T>(path: string) => answers[path] as T | undefined,
  };
}

const FirstAnswersContext = createContext<FirstAnswers>(pageFirstAnswers);

/** Provides the first answers of a rendering outside the browser; the app itself reads the page's. */
export const FirstAnswersProvider = FirstAnswersContext.Provider;

/** Where this rendering's first answers come from: the served page's blocks in the browser. */
export function useFirstAnswers(): FirstAnswers {
  return useContext(FirstAnswersContext);
}
