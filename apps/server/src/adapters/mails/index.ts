/**
 * The transactional emails, one file per mail holding its English and its Hebrew; `layout.ts` renders them
 * (plain text and HTML, `lang` and `dir` from the language) and adds the unsubscribe footer to notifications.
 */
export { type ContactMessageMailInput, contactMessageMail } from './contact-message.js';
export { type DeleteAccountMailInput, deleteAccountMail } from './delete-account.js';
export { type DigestMailInput, digestMail } from './digest.js';
export {
  type EmailChangeConfirmationMailInput,
  emailChangeConfirmationMail,
} from './email-change-confirmation.js';
export { type EmailChangeNoticeMailInput, emailChangeNoticeMail } from './email-change-notice.js';
export { type ExportReadyMailInput, exportReadyMail } from './export-ready.js';
export { type FollowerMailInput, followerMail } from './follower.js';
export { type InviteJoinedMailInput, inviteJoinedMail } from './invite-joined.js';
export { escapeHtml, type RenderedMail } from './layout.js';
export { type PasswordChangedMailInput, passwordChangedMail } from './password-changed.js';
export { type PasswordResetMailInput, passwordResetMail } from './password-reset.js';
export { type ReplyMailInput, replyMail } from './reply.js';
export { type ReviewDecisionMailInput, reviewDecisionMail } from './review-decision.js';
export { type ReviewWaitingMailInput, reviewWaitingMail } from './review-waiting.js';
export { type SignupAttemptMailInput, signupAttemptMail } from './signup-attempt.js';
export { type VerificationMailInput, verificationMail } from './verification.js';
