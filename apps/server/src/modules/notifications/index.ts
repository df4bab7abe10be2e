// The public entry of the notifications module: what other modules, the composition root and the app may
// import from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is
// internal.
export { createNotifier, type NotificationCause, type NotificationJobs, type Notifier } from './jobs.js';
export { createNotificationsService, type NotificationsService } from './service.js';
export { createUnsubscribeTokens, type UnsubscribeTokens } from './tokens.js';
