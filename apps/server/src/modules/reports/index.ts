// The public entry of the reports module (reports, the moderation queue, suspensions; decision 0047): what
// other modules, the composition root and the app may import from it
// (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.
export { createReportsService, type ReportsService } from './service.js';
