// The public entry of the account module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export { type AccountDeletion, createAccountDeletion } from './deletion.service.js';
export {
  consumeEmailLink,
  createEmailLink,
  type EmailLinkPurpose,
  hashEmailLinkToken,
} from './email-links.js';
export { EMAIL_LINKS_PURGE_CRON, emailLinksPurgeJob } from './email-links.retention.js';
export {
  type AccountExportJobs,
  type AccountExportService,
  accountExportJobs,
  createAccountExportService,
  EXPORTS_PURGE_CRON,
} from './export.service.js';
export { createProfileService, type ProfileService } from './profile.service.js';
export {
  PASSWORD_RESETS_PURGE_CRON,
  type PasswordResetJobs,
  passwordResetsPurgeJob,
} from './reset.retention.js';
export { createPasswordResetService, type PasswordResetService } from './reset.service.js';
export { type AccountSecurityService, createAccountSecurityService } from './security.service.js';
export {
  createProfileMediaService,
  type ProfileMediaService,
} from './uploads.service.js';
