// The public entry of the share-cards module: what other modules, the composition root and the app may
// import from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is
// internal.
export { shareCardJobs } from './jobs.js';
export { curatorShareCardTransform } from './page.js';
export { CARD_HEIGHT, CARD_WIDTH, type CardContent, renderShareCard } from './render.js';
export {
  createShareCardsService,
  type ShareCard,
  type ShareCardJobs,
  type ShareCardsService,
} from './service.js';
