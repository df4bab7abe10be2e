/**
 * The id of the JSON data block in which the server writes a visitor's answer to the page's first read
 * (`apps/server/src/modules/josies/share.ts`, `FIRST_ANSWER_ELEMENT_ID`).
 */
export const FIRST_ANSWER_ELEMENT_ID = 'josie-first-answer';

/**
 * The answer to `GET {path}` that the server wrote into the page it served (issue 9: a visitor's josie
 * page renders the josie in the app's first render, with no request once the scripts have run), or
 * undefined when the page holds none for `path`. The block is removed once read, so only the first read
 * gets it: a later visit of the same path asks the server.
 *
 * The answer is a visitor's (no likes or saves of the reader, no review history): callers use it only
 * when no one is signed in.
 */
export function takeFirstAnswer<T>(path: string): T | undefined {
  const block = document.getElementById(FIRST_ANSWER_ELEMENT_ID);
  if (!(block instanceof HTMLScriptElement) || block.dataset.path !== path) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}
