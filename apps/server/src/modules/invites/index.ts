// The public entry of the invites module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { INVITES_PURGE_CRON, type InviteJobs, invitesPurgeJob } from './retention.js';
export { createInvitesService, type InvitesService } from './service.js';
