// A member's alerts (marketplace §7 Alerts): newest first, delete one, mark unread ones
// read. Every query names the member, so nobody reaches another member's alerts.
import { ALERT_MESSAGES } from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import {
  deleteMemberAlert,
  markMemberAlertsRead,
  memberAlerts,
  presentAlert,
  unreadAlertCount,
} from './alerts.repository';

type AlertsContext = Pick<ServiceContext, 'db' | 'clock'>;

export async function listAlerts(
  ctx: AlertsContext,
  userId: number,
  page: { limit: number; offset: number },
) {
  const [found, unread] = await Promise.all([
    memberAlerts(ctx.db, userId, page),
    unreadAlertCount(ctx.db, userId),
  ]);
  return { alerts: found.map(presentAlert), unread };
}

export async function deleteAlert(ctx: AlertsContext, userId: number, alertId: number) {
  if (!(await deleteMemberAlert(ctx.db, userId, alertId))) throw notFound(ALERT_MESSAGES.notFound);
  return { id: alertId };
}

export async function markAlertsRead(
  ctx: AlertsContext,
  userId: number,
  alertIds: readonly number[],
) {
  return { updated: await markMemberAlertsRead(ctx.db, userId, alertIds, ctx.clock()) };
}
