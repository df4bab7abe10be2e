// The public entry of the blocks module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { type BlocksService, createBlocksService } from './service.js';
