/**
 * The contract's schemas of the feed's writes, in a chunk of their own: the feed's first load reads
 * without zod (Zod and the contract's schemas were 25 KB gzip and ~70 ms of a phone's main
 * (docs/performance.md) thread there), and a write loads them when it is first made (see `api.ts`,
 * `feedTheme.ts`).
 */
export { LikeResponse, SaveResponse } from '@josie/contract';
