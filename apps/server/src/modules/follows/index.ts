// The public entry of the follows module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { notBlockedWith } from './queries.js';
export { createFollowsService, type FollowsService } from './service.js';
