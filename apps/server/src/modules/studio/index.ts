// The public entry of the studio module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export type { StudioServerEvent } from './events.js';
export { studioListeners } from './listeners.js';
export { createReaders, type ReaderOrigin, type Readers } from './readers.js';
export {
  rollUp,
  STUDIO_PROMPT_SECONDS,
  STUDIO_ROLLUP_CRON,
  type StudioJobs,
  studioRollupJob,
  studioRollupPrompt,
} from './rollup.js';
export { createStudioService, type StudioService } from './service.js';
