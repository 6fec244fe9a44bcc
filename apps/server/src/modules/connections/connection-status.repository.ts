// SQL of a member's status change (connections.service): each change is a guarded UPDATE
// whose WHERE names the state it leaves, so of two racing writers the second changes
// nothing and gets null.
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  type ConnectionRow,
  type EscrowState,
  updateConnectionWhere,
} from './connections.repository';

const iso = (d: Date) => d.toISOString();
const stamp = (now: Date) => sql`status_changed_at = ${iso(now)}::timestamptz`;

/** Still pending and not yet past its expiry (after it, the connection is the sweeper's). */
const pendingSince = (expiryCutoff: Date) =>
  sql`status = 'pending'
        AND status_changed_at > ${iso(expiryCutoff)}::timestamptz`;

/** Unmatches an accepted connection still in escrow state `escrow.state`; refunds if asked. */
export function unmatchConnection(
  tx: Tx,
  id: number,
  escrow: { state: EscrowState; refund: boolean },
  now: Date,
): Promise<ConnectionRow | null> {
  return updateConnectionWhere(
    tx,
    id,
    escrow.refund
      ? sql`status = 'unmatched', escrow_state = 'refunded',
            escrow_released_at = ${iso(now)}::timestamptz, ${stamp(now)}`
      : sql`status = 'unmatched', ${stamp(now)}`,
    sql`status = 'accepted' AND escrow_state = ${escrow.state}`,
    now,
  );
}

export function acceptPending(
  tx: Tx,
  id: number,
  expiryCutoff: Date,
  now: Date,
): Promise<ConnectionRow | null> {
  return updateConnectionWhere(
    tx,
    id,
    sql`status = 'accepted', ${stamp(now)}`,
    pendingSince(expiryCutoff),
    now,
  );
}

export function rejectPending(
  tx: Tx,
  id: number,
  rejecterId: number,
  expiryCutoff: Date,
  now: Date,
): Promise<ConnectionRow | null> {
  return updateConnectionWhere(
    tx,
    id,
    sql`status = 'rejected', rejected_by_user_id = ${rejecterId}, ${stamp(now)}`,
    pendingSince(expiryCutoff),
    now,
  );
}

/** Accepts a connection `rejecterId` rejected, while its escrow is held and the grace runs. */
export function reverseRejection(
  tx: Tx,
  id: number,
  rejecterId: number,
  graceCutoff: Date,
  now: Date,
): Promise<ConnectionRow | null> {
  return updateConnectionWhere(
    tx,
    id,
    sql`status = 'accepted', rejected_by_user_id = NULL, ${stamp(now)}`,
    sql`status = 'rejected' AND escrow_state = 'held'
      AND rejected_by_user_id = ${rejecterId}
      AND status_changed_at > ${iso(graceCutoff)}::timestamptz`,
    now,
  );
}
