// The public entry of the curators module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { presentCuratorRecommendation } from './presenter.js';
export { curatorColumns } from './queries.js';
export { type CuratorsService, createCuratorsService } from './service.js';
