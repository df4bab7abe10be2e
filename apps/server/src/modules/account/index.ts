// The public entry of the account module: what other modules, the composition root and the app may import
// from it (docs/decisions/0016-composition-root-and-module-boundaries.md). Everything else here is internal.

export {
  consumeEmailLink,
  createEmailLink,
  type EmailLinkPurpose,
  hashEmailLinkToken,
} from './email-links.js';
export { type AccountDeletion, createAccountDeletion } from './deletion.service.js';
export {
  type AccountExportJobs,
  type AccountExportService,
  createAccountExportService,
  registerAccountExportJobs,
} from './export.service.js';
export { createProfileService, type ProfileService } from './profile.service.js';
export type { PasswordResetJobs } from './reset.retention.js';
export { createPasswordResetService, type PasswordResetService } from './reset.service.js';
export { type AccountSecurityService, createAccountSecurityService } from './security.service.js';
export {
  createProfileMediaService,
  type ProfileMediaService,
} from './uploads.service.js';
