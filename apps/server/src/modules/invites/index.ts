// The public entry of the invites module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export type { InviteJobs } from './retention.js';
export { createInvitesService, type InvitesService } from './service.js';
