// The public entry of the flags module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { createFlagsService, type FlagsService } from './service.js';
