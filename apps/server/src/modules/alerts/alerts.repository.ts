// Alerts rows (marketplace §3 Alert). Written inside the transaction that causes them,
// sent to the member's room only after that transaction commits; worded in the member's
// language when written (product rules, Languages), as a text they received.
import type { Alert, AlertKind } from '@bidboard/shared';
import type { TextRef } from '@bidboard/shared/i18n/texts';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { alertMetrics } from '../../lib/metrics';
import { sayText } from '../../lib/texts';
import { alertActor, underFraudHold } from '../users/fraud-hold.repository';

export interface AlertRow {
  id: number;
  user_id: number;
  kind: AlertKind;
  payload: Record<string, unknown>;
  message: string;
  is_read: boolean;
  /** Absent on rows a caller returned without it (always null on a new alert). */
  read_at?: Date | string | null;
  created_at: Date | string;
}

export interface NewAlert {
  userId: number;
  kind: AlertKind;
  payload: Record<string, unknown>;
  /** The English words; `text` says them in the other languages (a name already given). */
  message: string;
  text: TextRef;
}

const columns = sql`id, user_id, kind, payload, message, is_read, read_at, created_at`;

/** Alerts about another member under a fraud hold are not shown (issue 42). */
const notFromHeld = sql`NOT COALESCE(${alertActor(sql`payload`)} <> user_id
                                     AND ${underFraudHold(alertActor(sql`payload`))}, false)`;

export async function insertAlert(executor: Executor, alert: NewAlert): Promise<AlertRow> {
  const [row] = await rows<AlertRow>(
    executor,
    sql`INSERT INTO alerts (user_id, kind, payload, message)
        VALUES (${alert.userId}, ${alert.kind}, ${JSON.stringify(alert.payload)}::jsonb,
          CASE WHEN (SELECT language FROM users WHERE id = ${alert.userId}) = 'fr-CA'
               THEN ${sayText('fr-CA', alert.text, alert.message)} ELSE ${alert.message} END)
        RETURNING ${columns}`,
  );
  alertMetrics.written(alert.kind);
  return row!;
}

export async function memberAlerts(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<AlertRow[]> {
  return rows<AlertRow>(
    db,
    sql`SELECT ${columns} FROM alerts WHERE user_id = ${userId} AND ${notFromHeld}
         ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function unreadAlertCount(db: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM alerts
         WHERE user_id = ${userId} AND NOT is_read AND ${notFromHeld}`,
  );
  return Number(row?.n ?? 0);
}

/** Deletes the member's own alert; false when they have no alert with that id. */
export async function deleteMemberAlert(
  db: Executor,
  userId: number,
  alertId: number,
): Promise<boolean> {
  const deleted = await rows(
    db,
    sql`DELETE FROM alerts WHERE id = ${alertId} AND user_id = ${userId} RETURNING id`,
  );
  return deleted.length > 0;
}

/** Marks those of `alertIds` that are the member's and unread; returns how many. */
export async function markMemberAlertsRead(
  db: Executor,
  userId: number,
  alertIds: readonly number[],
  now: Date,
): Promise<number> {
  const ids = sql.join(
    alertIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const updated = await rows(
    db,
    sql`UPDATE alerts SET is_read = TRUE, read_at = ${now.toISOString()}::timestamptz
         WHERE user_id = ${userId} AND NOT is_read AND id IN (${ids})
     RETURNING id`,
  );
  return updated.length;
}

/** Alerts one statement wrote (e.g. a close), found again by id range and kind. */
export interface AlertRange {
  firstId: number;
  lastId: number;
  count: number;
  kinds: AlertKind[];
}

/** The alerts of `range` addressed to `userIds`. */
export async function alertsInRange(
  executor: Executor,
  range: AlertRange,
  userIds: readonly number[],
): Promise<AlertRow[]> {
  return rows<AlertRow>(
    executor,
    sql`SELECT ${columns} FROM alerts
         WHERE user_id = ANY(${`{${userIds.join(',')}}`}::int[])
           AND id BETWEEN ${range.firstId} AND ${range.lastId}
           AND kind = ANY(${`{${range.kinds.join(',')}}`}::text[])
         ORDER BY id`,
  );
}

export function presentAlert(row: AlertRow): Alert {
  const readAt = row.read_at ? new Date(row.read_at).toISOString() : null;
  return {
    id: Number(row.id),
    user_id: row.user_id,
    kind: row.kind,
    message: row.message,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    created_at: new Date(row.created_at).toISOString(),
    isRead: row.is_read,
    readAt,
  };
}
