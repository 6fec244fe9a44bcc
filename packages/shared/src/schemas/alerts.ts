// Alerts: the §3 Alert entity and the API of marketplace §7 Alerts. The same shape
// travels live as the 'new-alert' socket event.
import { z } from 'zod';
import { ALERT_KINDS, ALERTS_PAGE_SIZE } from '../rules/alerts';
import { idParam, idSchema, pageQuery } from './common';

export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

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
