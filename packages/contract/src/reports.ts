import { z } from 'zod';
import { MODERATION_ACTIONS, REPORT_LIMITS, REPORT_REASONS, REPORT_TARGET_TYPES } from './catalogues.js';
import { text } from './common.js';

/** A report's or a moderator's text: trimmed, no lone surrogate ({@link text}), 1 to `max` characters. */
const boundedText = (max: number, what: string) =>
  text()
    .trim()
    .min(1, { error: `${what} cannot be empty` })
    .max(max, { error: `${what} must be at most ${max} characters` });

/**
 * `POST /api/reports` (docs/product/rules-and-limits.md#reports-and-moderation): what is reported (a
 * comment, a josie or an account, by id), why, and the reporter's words: required for `other`, optional
 * otherwise, 1-1,000 characters after trimming. An empty text counts as none.
 */
export const ReportCreateBody = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: text().min(1).max(100),
    reason: z.enum(REPORT_REASONS),
    text: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      boundedText(REPORT_LIMITS.textMaxLength, 'A report').optional(),
    ),
  })
  .refine((body) => body.reason !== 'other' || body.text !== undefined, {
    path: ['text'],
    error: 'Please say what is wrong when the reason is "other"',
  });
export type ReportCreateBody = z.infer<typeof ReportCreateBody>;

/** A report as its reporter sees it (the answer of `POST /api/reports` and the data export). */
export const Report = z.object({
  _id: text(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: text(),
  reason: z.enum(REPORT_REASONS),
  text: text().nullable(),
  createdAt: text(),
  /** When an editor or admin acted on it; null while it is open. */
  resolvedAt: text().nullable(),
});
export type Report = z.infer<typeof Report>;

/** Answer of `POST /api/reports` (201). */
export const ReportResponse = z.object({ data: z.object({ report: Report }) });
export type ReportResponse = z.infer<typeof ReportResponse>;

/** `?cursor=` of the moderation queue. */
export const ModerationQueueQuery = z.object({ cursor: text().max(200).optional() });
export type ModerationQueueQuery = z.infer<typeof ModerationQueueQuery>;

/**
 * What the queue shows of a reported target. `exists` false: it was deleted since (only `dismiss` fits).
 * A comment: its `text` (null for a placeholder), its author (`userId`, `userName`) and its josie. A josie:
 * its title and creator. An account: its name. `suspended`: whether that user is suspended now.
 */
export const ModerationPreview = z.object({
  exists: z.boolean(),
  text: text().nullable(),
  josieId: text().nullable(),
  josieTitle: text().nullable(),
  josieStatus: text().nullable(),
  userId: text().nullable(),
  userName: text().nullable(),
  suspended: z.boolean(),
});
export type ModerationPreview = z.infer<typeof ModerationPreview>;

/** One reported target of the queue: its open reports counted, per reason, the latest texts, the preview. */
export const ModerationTarget = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: text(),
  reportCount: z.number().int(),
  /** When the latest open report was filed: the queue's order, newest first. */
  latestAt: text(),
  reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
  /** The latest texts of its open reports, newest first (at most `REPORT_LIMITS.textsShown`). */
  texts: z.array(z.object({ text: text(), reason: z.enum(REPORT_REASONS), createdAt: text() })),
  preview: ModerationPreview,
});
export type ModerationTarget = z.infer<typeof ModerationTarget>;

/** Answer of `GET /api/moderation/reports`: a page of targets, newest report first. */
export const ModerationQueueResponse = z.object({
  data: z.object({ targets: z.array(ModerationTarget), nextCursor: text().nullable() }),
});
export type ModerationQueueResponse = z.infer<typeof ModerationQueueResponse>;

/** A moderator's reason: required to send back and to suspend (told to the creator / kept for admins). */
export const ModerationReason = boundedText(REPORT_LIMITS.reasonMaxLength, 'A reason');

/**
 * `POST /api/moderation/actions`: an action on a reported target, which resolves all its open reports
 * (docs/decisions/0047-reports-and-moderation.md). `reason` is required for `send-back` and `suspend`.
 */
export const ModerationActionBody = z
  .object({
    targetType: z.enum(REPORT_TARGET_TYPES),
    targetId: text().min(1).max(100),
    action: z.enum(MODERATION_ACTIONS),
    reason: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      ModerationReason.optional(),
    ),
  })
  .refine((body) => !['send-back', 'suspend'].includes(body.action) || body.reason !== undefined, {
    path: ['reason'],
    error: 'A reason is required to send back or suspend',
  });
export type ModerationActionBody = z.infer<typeof ModerationActionBody>;

/** Answer of `POST /api/moderation/actions`: how many open reports the action resolved. */
export const ModerationActionResponse = z.object({ data: z.object({ resolved: z.number().int() }) });
export type ModerationActionResponse = z.infer<typeof ModerationActionResponse>;

/** `POST /api/admin/users/{id}/suspension`: the admin's reason. */
export const SuspendBody = z.object({ reason: ModerationReason });
export type SuspendBody = z.infer<typeof SuspendBody>;

/** Answer of suspending or lifting: the account's suspension now (null fields once lifted). */
export const SuspensionResponse = z.object({
  data: z.object({ suspendedAt: text().nullable(), suspensionReason: text().nullable() }),
});
export type SuspensionResponse = z.infer<typeof SuspensionResponse>;
