// Member safety API (issue 11): blocks, reports, the admin reports queue, suspension,
// account deletion, data export and the deleted-user placeholder (marketplace §7).
import { z } from 'zod';
import {
  DELETE_ACCOUNT_CONFIRMATION,
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TEXT_MAX,
  SAFETY_MESSAGES,
  SUSPENSION_CATEGORIES,
  SUSPENSION_REASON_MAX,
} from '../rules/safety';
import { riskSignalsSchema } from './admin';
import { idParam, idSchema, safeText } from './common';

export const memberIdParams = z.object({ userId: idParam });

export const blockBody = z.object({ user_id: idSchema });
export const blockedMemberSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  profile_picture: z.string().nullable(),
  blocked_at: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;
export const blockResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  blocked: blockedMemberSchema,
});
export const blocksResponse = z.object({ blocks: z.array(blockedMemberSchema) });
export const unblockResponse = z.object({ success: z.literal(true), message: z.string() });

export const reportReasonSchema = z.enum(REPORT_REASONS);
export const reportBody = z.object({
  user_id: idSchema,
  reason: reportReasonSchema,
  text: safeText({ max: REPORT_TEXT_MAX, multiline: true }).optional(),
  /** Reporting blocks the member too unless the reporter unticks it. */
  block: z.boolean().default(true),
});
export type ReportBody = z.input<typeof reportBody>;
export const reportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  blocked: z.boolean(),
});

export const deleteAccountBody = z.object({
  confirm: z.literal(DELETE_ACCOUNT_CONFIRMATION, { error: SAFETY_MESSAGES.confirmDeletion }),
});
export const deleteAccountResponse = z.object({ success: z.literal(true), message: z.string() });

export const deletedUserResponse = z.object({
  deletedUser: z.object({
    id: z.number().int(),
    username: z.string(),
    deleted: z.literal(true),
    profileIcon: z.string(),
  }),
});
export const deletedUserIconResponse = z.object({ profileIcon: z.string() });

// Admin: the reports queue and its actions, suspension and restore.
export const reportStatusSchema = z.enum(REPORT_STATUSES);
export const reportActionSchema = z.enum(REPORT_ACTIONS);

export const adminReportsQuery = z.object({
  status: reportStatusSchema.default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const adminReportSchema = z.object({
  id: z.number().int(),
  reported_user: z.object({
    id: z.number().int(),
    username: z.string().nullable(),
    profile_picture: z.string().nullable(),
    suspended: z.boolean(),
    deleted: z.boolean(),
  }),
  /** Null for a report the system opened (source 'scam_guard'). */
  reporter: z.object({ id: z.number().int(), username: z.string().nullable() }).nullable(),
  source: z.enum(['member', 'scam_guard']),
  reason: reportReasonSchema,
  reason_label: z.string(),
  /** The reporter's texts, repeats merged. */
  text: z.string().nullable(),
  /** How many times the reporter filed this while it was open (repeats are one entry). */
  times: z.number().int(),
  status: reportStatusSchema,
  action: reportActionSchema.nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  /** Whole hours from the report to now, or to its resolution. */
  age_hours: z.number().int(),
  /** Open past the 24-hour target. */
  overdue: z.boolean(),
  /** The reported member's signals and the queue's risk order (higher first). */
  signals: riskSignalsSchema,
  risk: z.number(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsResponse = z.object({
  reports: z.array(adminReportSchema),
  total: z.number().int(),
});

export const reportIdParams = z.object({ id: idParam });
export const reportActionBody = z
  .object({
    action: reportActionSchema,
    photo_id: idSchema.optional(),
    /** The prompt answer a 'remove_prompt' takes off the profile (issue 44). */
    prompt_answer_id: idSchema.optional(),
    note: safeText({ max: REPORT_TEXT_MAX, multiline: true }).optional(),
  })
  .refine((b) => b.action !== 'remove_photo' || b.photo_id !== undefined, {
    message: SAFETY_MESSAGES.photoRequired,
    path: ['photo_id'],
  })
  .refine((b) => b.action !== 'remove_prompt' || b.prompt_answer_id !== undefined, {
    message: SAFETY_MESSAGES.promptRequired,
    path: ['prompt_answer_id'],
  });
export const reportActionResponse = z.object({ report: adminReportSchema });

export const suspendBody = z.object({
  reason: safeText({ min: 1, max: SUSPENSION_REASON_MAX, multiline: true }),
  category: z.enum(SUSPENSION_CATEGORIES).default('other'),
});
/**
 * An admin deleting an account (issue 42) sends a suspension's body (reason, category); a
 * deletion for fraud or scam tells the members who exchanged messages with the account.
 */
export const adminDeleteMemberResponse = z.object({
  user: z.object({ id: z.number().int(), deleted_at: z.string() }),
});
/** An admin's fraud hold (issue 42): the account's messages and actions notify nobody. */
export const fraudHoldBody = z.object({ held: z.boolean() });
export const fraudHoldResponse = z.object({
  user: z.object({ id: z.number().int(), fraud_hold_at: z.string().nullable() }),
});
export const suspensionResponse = z.object({
  user: z.object({
    id: z.number().int(),
    suspended_at: z.string().nullable(),
    suspension_reason: z.string().nullable(),
  }),
});
