// A fraud hold on an account (issue 42): set by an admin or by the scam guard's report, it
// keeps the account from reaching anyone. Below every module that sends to members (chat,
// notifications, alerts, bids, the close), which ask alert_about_held in their own SQL.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

const iso = (d: Date) => d.toISOString();

/**
 * Whether an alert (or a message's notification) for `reader` is about, or caused by,
 * another member under a fraud hold: the SQL function alert_about_held (fraud-hold.sql),
 * the one check every alert writer and sender asks. `actor` names the member when the
 * payload does not (a message's sender, the outbid alert's bidder).
 */
export const alertAboutHeld = (reader: SQL, payload: SQL, actor?: SQL) =>
  actor
    ? sql`alert_about_held(${reader}, ${payload}, ${actor})`
    : sql`alert_about_held(${reader}, ${payload})`;

/**
 * Places (held) or lifts a hold; the member's hold before and after (the row locked first,
 * so the before is the state this change replaced), or undefined when not found.
 */
export async function setFraudHold(tx: Executor, userId: number, held: boolean, now: Date) {
  const [row] = await rows<{
    id: number;
    fraud_hold_at: string | null;
    held_before: string | null;
  }>(
    tx,
    sql`UPDATE users u
           SET fraud_hold_at = ${held ? sql`COALESCE(b.fraud_hold_at, ${iso(now)}::timestamptz)` : sql`NULL`}
          FROM (SELECT id, fraud_hold_at FROM users
                 WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE) b
         WHERE u.id = b.id
     RETURNING u.id, u.fraud_hold_at, b.fraud_hold_at AS held_before`,
  );
  return row;
}
