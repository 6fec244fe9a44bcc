// What a connection card says, from the viewer's side (marketplace §2 Connections page,
// §4 Connection status; product rules 'Who acts on a connection').
import type { Connection } from '@bidboard/shared';

export const CONNECTION_TEXT = {
  loading: 'Loading connections...',
  failed: 'Failed to load connections',
  failedMore: 'Failed to fetch connections',
  signedOut: 'Please log in to view your connections.',
  loadingMore: 'Loading more connections...',
  end: "That's all your connections!",
  empty: 'No connections yet. Win some auctions to make connections!',
  gridEmpty: 'No connections available',
  gridSignedOut: 'Please log in to view connections',
  noBio: 'No bio available',
  confirmAccept: 'Do you confirm accepting?',
  confirmUnmatch: 'Do you confirm unmatching?',
  ownerPending: 'Earn the bid amount after you accept and engage.',
  bidderPending: 'Waiting for your winning bid to be accepted.',
  rejectedByYou: 'Connection rejected.',
  rejected: 'Rejected',
  updateFailed: 'Failed to update connection status',
} as const;

export type CardLabel =
  | 'Pending'
  | 'Act Now'
  | 'Chat'
  | 'Rejected'
  | 'Unmatched'
  | 'Expired'
  | 'View';

export function cardLabel(c: Pick<Connection, 'status' | 'is_partner'>): CardLabel {
  switch (c.status) {
    case 'pending':
      return c.is_partner ? 'Act Now' : 'Pending';
    case 'accepted':
      return 'Chat';
    case 'rejected':
      return 'Rejected';
    case 'unmatched':
      return 'Unmatched';
    case 'expired':
      return 'Expired';
    default:
      return 'View';
  }
}

const HOUR_MS = 3_600_000;

/** Whole hours left until `iso`, at least 1 while any time is left; 0 when past. */
export function hoursUntil(iso: string | null, now: Date): number {
  if (!iso) return 0;
  const left = Date.parse(iso) - now.getTime();
  return left > 0 ? Math.max(1, Math.ceil(left / HOUR_MS)) : 0;
}

/** The spec's wording as written (marketplace §2), N standing for the whole hours left. */
const GRACE_TEXT_TEMPLATE = 'N hour(s) left to change your mind.';

export const graceText = (hours: number) => GRACE_TEXT_TEMPLATE.replace('N', String(hours));

/** The rejecter may still reverse: the server names the grace period's end. */
export function canReverse(c: Connection, viewerId: number): boolean {
  return c.status === 'rejected' && c.rejected_by_user_id === viewerId && c.grace_period !== null;
}
