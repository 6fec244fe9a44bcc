// Alert kinds, paging and the exact messages of marketplace §4 Alerts and §8 (no zod: the
// alerts bell and panel use them at run time without the schema library).
export const ALERT_KINDS = [
  'outbid',
  'auction_won',
  'connection_accepted',
  'connection_rejected',
  'winning_bidder_connection_pending',
  'connection_reward',
  'connection_pending_reminder',
  'connection_expired',
  'connection_mutual',
  'account_approved',
  'account_rejected',
  /** A moderator's warning after a report (issue 11); it never names the reporter. */
  'moderation_warning',
  /** After a close, to every bidder who did not win: how the auction ended for them. */
  'auction_result',
  /** The runner-up is offered a connection that ended without engagement. */
  'second_chance',
] as const;

export const ALERTS_PAGE_SIZE = 50;
/** Opening the panel marks unread alerts read after this long (marketplace §9). */
export const ALERTS_MARK_READ_DELAY_MS = 2000;

/** What a member is told when an admin decides on their account (issue 11). */
export const APPROVAL_ALERT_MESSAGES = {
  approved: 'Your account is approved. Your auction is on the Bid Board.',
  rejected: (reason: string) => `Your account was not approved: ${reason}`,
} as const;

export const ALERT_MESSAGES = {
  empty:
    "No alerts yet. You'll receive notifications when you're outbid or when important updates happen.",
  notFound: 'Alert not found',
  failedToFetch: 'Failed to fetch alerts',
  failedToDelete: 'Failed to delete alert',
  failedToMarkRead: 'Failed to mark unread alerts as read',
} as const;
