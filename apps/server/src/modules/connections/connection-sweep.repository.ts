// SQL of the connection sweep (connection-sweep.service). Each condition below both lists
// the connections that fell due and guards their UPDATE, so a connection someone else
// changed first leaves the list and is changed once.
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  type ConnectionRow,
  lockConnection,
  updateConnectionWhere,
} from './connections.repository';

const iso = (d: Date) => d.toISOString();

/** Pending since `expireBy` or earlier: unanswered. */
export const unansweredBy = (expireBy: Date): SQL =>
  sql`status = 'pending' AND status_changed_at <= ${iso(expireBy)}::timestamptz`;

/** Pending since `remindBy` or earlier, not yet reminded, and not yet unanswered. */
export const reminderDueBy = (remindBy: Date, expireBy: Date): SQL =>
  sql`status = 'pending' AND reminder_sent_at IS NULL
    AND status_changed_at <= ${iso(remindBy)}::timestamptz
    AND status_changed_at > ${iso(expireBy)}::timestamptz`;

/** Rejected since `graceBy` or earlier with the escrow still held: the grace is over. */
export const graceOverBy = (graceBy: Date): SQL =>
  sql`status = 'rejected' AND escrow_state = 'held'
    AND status_changed_at <= ${iso(graceBy)}::timestamptz`;

/** Accepted since `engageBy` or earlier with nobody paid: no engagement in the window. */
export const unengagedBy = (engageBy: Date): SQL =>
  sql`status = 'accepted' AND escrow_state = 'held'
    AND status_changed_at <= ${iso(engageBy)}::timestamptz`;

const released = (now: Date) =>
  sql`escrow_state = 'refunded', escrow_released_at = ${iso(now)}::timestamptz`;

/** Expires the connection and marks its escrow refunded, while `due` holds. */
export function expireWhere(
  tx: Tx,
  id: number,
  due: SQL,
  now: Date,
): Promise<ConnectionRow | null> {
  return updateConnectionWhere(
    tx,
    id,
    sql`status = 'expired', ${released(now)}, status_changed_at = ${iso(now)}::timestamptz`,
    due,
    now,
  );
}

export function markRemindedWhere(
  tx: Tx,
  id: number,
  due: SQL,
  now: Date,
): Promise<ConnectionRow | null> {
  return updateConnectionWhere(tx, id, sql`reminder_sent_at = ${iso(now)}::timestamptz`, due, now);
}

/** Marks the escrow refunded, while `due` holds. */
export function releaseEscrowWhere(
  tx: Tx,
  id: number,
  due: SQL,
  now: Date,
): Promise<ConnectionRow | null> {
  return updateConnectionWhere(tx, id, released(now), due, now);
}

/** A reward held for the settlement hold that is due at `now` (`partnerId`'s only, if named). */
export const rewardDue = (now: Date, partnerId?: number): SQL =>
  sql`reward_pending > 0 AND reward_settles_at <= ${iso(now)}::timestamptz
    ${partnerId === undefined ? sql`` : sql`AND partner_id = ${partnerId}`}`;

/**
 * Takes a due held reward off the connection: the row as it was (what to pay), or null
 * when it is not due (paid already, or taken back by a purchase reversal).
 */
export async function takeDueReward(tx: Tx, id: number, now: Date): Promise<ConnectionRow | null> {
  const held = await lockConnection(tx, id);
  if (!held?.reward_settles_at || held.reward_pending === 0 || held.reward_settles_at > now)
    return null;
  const taken = await updateConnectionWhere(
    tx,
    id,
    sql`reward_pending = 0`,
    sql`reward_pending = ${held.reward_pending}`,
    now,
  );
  return taken ? held : null;
}
