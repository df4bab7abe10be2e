// The public entry of the syndication module (feeds and search engines,
// docs/decisions/0042-feeds-and-search-engines.md): what the composition root and the app may import from
// it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { syndicationHeadTransform } from './head.js';
export { createSyndicationService, type SyndicationService } from './service.js';
