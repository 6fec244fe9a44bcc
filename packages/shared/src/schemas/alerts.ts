// Alerts: the §3 Alert entity and the API of marketplace §7 Alerts. The same shape
// travels live as the 'new-alert' socket event.
import { z } from 'zod';
import { idParam, idSchema, pageQuery } from './common';

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
] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

export const ALERTS_PAGE_SIZE = 50;
/** Opening the panel marks unread alerts read after this long (marketplace §9). */
export const ALERTS_MARK_READ_DELAY_MS = 2000;

export const ALERT_MESSAGES = {
  empty:
    "No alerts yet. You'll receive notifications when you're outbid or when important updates happen.",
  notFound: 'Alert not found',
  failedToFetch: 'Failed to fetch alerts',
  failedToDelete: 'Failed to delete alert',
  failedToMarkRead: 'Failed to mark unread alerts as read',
} as const;

export const alertSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  kind: alertKindSchema,
  message: z.string(),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertsQuery = pageQuery({ limit: ALERTS_PAGE_SIZE, maxLimit: 100 });
export const alertsResponse = z.object({
  success: z.literal(true),
  alerts: z.array(alertSchema),
  /** Unread alerts in all, for the menu dot and the bell. */
  unread: z.number().int(),
});
export const alertIdParams = z.object({ id: idParam });
export const deleteAlertResponse = z.object({ success: z.literal(true), id: z.number().int() });
export const markAlertsReadBody = z.object({ alertIds: z.array(idSchema).min(1).max(500) });
export const markAlertsReadResponse = z.object({
  success: z.literal(true),
  updated: z.number().int(),
});
