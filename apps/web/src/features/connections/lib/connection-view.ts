// What a connection card says, from the viewer's side (marketplace §2 Connections page,
// §4 Connection status; product rules 'Who acts on a connection'), as keys of the
// connections catalogue.
import type { Connection } from '@bidboard/shared';
import type { ConnectionsTextKey } from '../i18n';

/** The status button's label: Pending, Act Now, Chat, Rejected, Unmatched, Expired, View. */
export type CardLabel = Extract<ConnectionsTextKey, `label.${string}`>;

export function cardLabel(c: Pick<Connection, 'status' | 'is_partner'>): CardLabel {
  switch (c.status) {
    case 'pending':
      return c.is_partner ? 'label.actNow' : 'label.pending';
    case 'accepted':
      return 'label.chat';
    case 'rejected':
      return 'label.rejected';
    case 'unmatched':
      return 'label.unmatched';
    case 'expired':
      return 'label.expired';
    default:
      return 'label.view';
  }
}

const HOUR_MS = 3_600_000;

/** Whole hours left until `iso`, at least 1 while any time is left; 0 when past. */
export function hoursUntil(iso: string | null, now: Date): number {
  if (!iso) return 0;
  const left = Date.parse(iso) - now.getTime();
  return left > 0 ? Math.max(1, Math.ceil(left / HOUR_MS)) : 0;
}

/** The rejecter may still reverse: the server names the grace period's end. */
export function canReverse(c: Connection, viewerId: number): boolean {
  return c.status === 'rejected' && c.rejected_by_user_id === viewerId && c.grace_period !== null;
}
