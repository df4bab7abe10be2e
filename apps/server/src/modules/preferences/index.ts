// The public entry of the preferences module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { type CatalogueKind, createPreferencesService, type PreferencesService } from './service.js';
