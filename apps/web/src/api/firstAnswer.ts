import { createContext, useContext } from 'react';

/**
 * The attribute naming the path of a JSON data block in which the server wrote its answer to one of the
 * page's first reads (`apps/server/src/plugins/first-paint.ts`, `jsonDataBlock`):
 * `<script type="application/json" data-first-answer="/api/josies/feed" data-user="{id}">`. A block
 * written for a signed-in user carries their id in `data-user`; a visitor's answer carries none.
 */
export const FIRST_ANSWER_ATTRIBUTE = 'data-first-answer';

/**
 * Answers the server wrote into the page it served (issue 9: the public josie page and the signed-in
 * home feed render their data in the app's first render, with no request once the scripts have run).
 */
export interface FirstAnswers {
  /**
   * The answer to `GET {path}` written for `userId` (null: a visitor), or undefined when there is none, or
   * it was written for somebody else (a stored session of another user than the one the page was served
   * to). Taken once: a later read of the same path asks the server.
   */
  take<T>(path: string, userId: string | null): T | undefined;
}

/** The blocks of the page the browser loaded; each is removed once read. */
export const pageFirstAnswers: FirstAnswers = {
  take<T>(path: string, userId: string | null): T | undefined {
    if (typeof document === 'undefined') return undefined;
    const block = [...document.querySelectorAll(`script[${FIRST_ANSWER_ATTRIBUTE}]`)].find(
      (element) => element.getAttribute(FIRST_ANSWER_ATTRIBUTE) === path,
    );
    if (!(block instanceof HTMLScriptElement) || (block.dataset.user ?? null) !== userId) return undefined;
    block.remove();
    try {
      return JSON.parse(block.textContent ?? '') as T;
    } catch {
      return undefined;
    }
  },
};

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
