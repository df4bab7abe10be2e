import { FIRST_PAINT_BLOCK_ID, type FirstPaintState, firstPaintQuery } from '@josie/contract';

/** One answer of a page: its query key, its data as the query holds it, and `infinite` for a feed's pages. */
export type PageAnswer = [queryKey: readonly string[], data: unknown, queryType?: 'infinite'];

/** The dehydrated state the server writes for `answers` (`apps/server/src/lib/first-paint.ts`). */
export function firstPaintState(...answers: PageAnswer[]): FirstPaintState {
  return {
    queries: answers.map(([queryKey, data, queryType]) =>
      firstPaintQuery(queryKey, data, Date.now(), queryType),
    ),
  };
}

/**
 * Writes the page's first-paint block as the server writes it into a page it renders (`api/firstPaint.ts`):
 * the dehydrated state of `answers`, for `userId` (undefined: a visitor's page). Answers the block.
 */
export function writeFirstPaint(answers: PageAnswer[], userId?: string): HTMLScriptElement {
  removeFirstPaint();
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = FIRST_PAINT_BLOCK_ID;
  if (userId) block.dataset.user = userId;
  block.textContent = JSON.stringify(firstPaintState(...answers)).replace(/</g, '\\u003c');
  document.head.append(block);
  return block;
}

/** Removes the first-paint block when it is still in the document. */
export function removeFirstPaint(): void {
  document.getElementById(FIRST_PAINT_BLOCK_ID)?.remove();
}
