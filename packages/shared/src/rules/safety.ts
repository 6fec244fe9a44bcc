// Member safety (issue 11): report reasons with their labels, the reports queue's target
// and the messages members and admins see. No zod: the web's dialogs use these at run time.
export const REPORT_REASONS = [
  'fake_profile',
  'harassment',
  'underage',
  'scam_or_spam',
  'inappropriate_photos',
  'inappropriate_prompt',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake_profile: 'Fake profile',
  harassment: 'Harassment',
  underage: 'Underage',
  scam_or_spam: 'Scam or spam',
  inappropriate_photos: 'Inappropriate photos',
  inappropriate_prompt: 'Inappropriate prompt answer',
  other: 'Other',
};

export const REPORT_STATUSES = ['open', 'actioned', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = [
  'dismiss',
  'warn',
  'remove_photo',
  'remove_prompt',
  'suspend',
] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** Every report is handled within this many hours (the reports queue's target). */
export const REPORT_TARGET_HOURS = 24;
export const REPORT_TEXT_MAX = 500;
export const SUSPENSION_REASON_MAX = 500;
/**
 * What an admin removes an account for (issue 42): 'fraud_or_scam' tells every member who
 * exchanged messages with it in the 30 days before.
 */
export const SUSPENSION_CATEGORIES = ['fraud_or_scam', 'other'] as const;
export type SuspensionCategory = (typeof SUSPENSION_CATEGORIES)[number];
/** A fraud removal tells the members who exchanged messages with it in this many days. */
export const FRAUD_NOTICE_LOOKBACK_DAYS = 30;
/** What a member types to confirm deleting their account. */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
export const DELETED_USER_NAME = 'Deleted user';
export const DELETED_USER_ICON = '/deleted-user.svg';

export const SAFETY_MESSAGES = {
  cannotBlockSelf: "You can't block yourself.",
  cannotReportSelf: "You can't report yourself.",
  memberNotFound: 'Member not found',
  blockNotFound: 'This member is not blocked.',
  reported: 'Thanks for telling us. Our team reviews every report within 24 hours.',
  reportedAndBlocked:
    'Thanks for telling us. You won’t see each other anymore, and our team reviews every report within 24 hours.',
  blocked: (username: string) => `You blocked ${username}. You won’t see each other anymore.`,
  unblocked: (username: string) => `You unblocked ${username}.`,
  bidBlocked: "You can't bid on this member.",
  memberUnavailable: 'This member is no longer available.',
  suspended: 'Your account has been suspended. Contact support if you think this is a mistake.',
  alreadySuspended: 'This member is already suspended.',
  notSuspended: 'This member is not suspended.',
  memberDeleted: 'This member deleted their account.',
  reportHandled: 'This report was already handled.',
  reportNotFound: 'Report not found',
  photoRequired: 'Choose the photo to remove.',
  photoNotFound: 'Photo not found',
  promptRequired: 'Choose the prompt answer to remove.',
  promptNotFound: 'Prompt answer not found',
  confirmDeletion: `Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm.`,
  accountDeleted: 'Your account was deleted.',
  warning: (reason: string) =>
    `A moderator reviewed a report about your profile (${reason}). Please follow the community rules, or your account may be suspended.`,
  failedToBlock: 'Failed to block this member. Please try again.',
  failedToUnblock: 'Failed to unblock this member. Please try again.',
  failedToReport: 'Failed to send your report. Please try again.',
  failedToDelete: 'Failed to delete your account. Please try again.',
  failedToExport: 'Failed to download your data. Please try again.',
} as const;
