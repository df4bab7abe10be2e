// The public entry of the notifications module: what other modules, the composition root and the app may
// import from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is
// internal.
export {
  createNotificationJobs,
  DIGEST_CRON,
  LIKES_BATCH,
  LIKES_SINCE_CRON,
  NOTIFICATIONS_PURGE_CRON,
} from './jobs/index.js';
export { createNotifier, type NotificationCause, type NotificationJobs, type Notifier } from './notifier.js';
export { createNotificationsService, type NotificationsService } from './service.js';
export { createUnsubscribeTokens, type UnsubscribeTokens } from './tokens.js';
