// A fraud hold on an account (issue 42): set by an admin or by the scam guard's report, it
// keeps the account from reaching anyone. Below every module that sends to members (chat,
// notifications, alerts), which ask these questions in their own SQL.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

const iso = (d: Date) => d.toISOString();

/** Whether the account `id` names is under a fraud hold (for the outbox and alert queries). */
export const underFraudHold = (id: SQL) =>
  sql`EXISTS (SELECT 1 FROM users fh WHERE fh.id = ${id} AND fh.fraud_hold_at IS NOT NULL)`;

/**
 * The other member an alert is about (the partner of a connection, the winning bidder),
 * from its payload; null for alerts about nobody else.
 */
export const alertActor = (payload: SQL) =>
  sql`COALESCE((${payload}->>'partnerUserId')::int, (${payload}->>'winningBidderUserId')::int,
               (${payload}->>'userId')::int)`;

/** Places (held) or lifts a hold; the member's row after, or undefined when not found. */
export async function setFraudHold(tx: Executor, userId: number, held: boolean, now: Date) {
  const [row] = await rows<{ id: number; fraud_hold_at: string | null }>(
    tx,
    sql`UPDATE users
           SET fraud_hold_at = ${held ? sql`COALESCE(fraud_hold_at, ${iso(now)}::timestamptz)` : sql`NULL`}
         WHERE id = ${userId} AND deleted_at IS NULL
     RETURNING id, fraud_hold_at`,
  );
  return row;
}
