// Alerts rows (marketplace §3 Alert). Written inside the transaction that causes them,
// sent to the member's room only after that transaction commits; worded in the member's
// language when written (product rules, Languages), as a text they received. A block
// reaches the alerts written before it (product rules, Blocks cover everything): those
// about the other member are no longer listed, and an outbid alert naming them as the
// bidder in a third member's auction reads 'A member outbid you'.
import { ALERT_TEMPLATES, type Alert, type AlertKind, fillText, NO_NAME } from '@bidboard/shared';
import type { Language } from '@bidboard/shared/i18n/languages';
import type { TextRef } from '@bidboard/shared/i18n/texts';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { alertMetrics } from '../../lib/metrics';
import { frenchName, sayText } from '../../lib/texts';
import { alertAboutBlocked, outbidderBlocked } from '../blocks/blocks.repository';
import { alertAboutHeld } from '../users/fraud-hold.repository';

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
  /** Listed rows only: the outbid alert's bidder has a block with the reader since. */
  bidder_hidden?: boolean;
  /** Listed rows only: the reader's language, to word a hidden bidder's alert again. */
  language?: Language;
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
const notFromHeld = sql`NOT ${alertAboutHeld(sql`user_id`, sql`payload`)}`;

/** What a member's list shows: nothing about a held account or a member with a block. */
const shown = sql`${notFromHeld} AND NOT ${alertAboutBlocked}`;

const listed = sql`${columns}, ${outbidderBlocked} AS bidder_hidden,
  (SELECT language FROM users r WHERE r.id = alerts.user_id) AS language`;

/**
 * Writes the alert, or nothing (null) when it is about another member under a fraud hold
 * (issue 42: a held account triggers no alert, push or SMS to others).
 */
export async function insertAlert(executor: Executor, alert: NewAlert): Promise<AlertRow | null> {
  const payload = sql`${JSON.stringify(alert.payload)}::jsonb`;
  const [row] = await rows<AlertRow>(
    executor,
    sql`INSERT INTO alerts (user_id, kind, payload, message)
        SELECT ${alert.userId}::int, ${alert.kind}::text, ${payload},
          CASE WHEN (SELECT language FROM users WHERE id = ${alert.userId}::int) = 'fr-CA'
               THEN ${sayText('fr-CA', alert.text, alert.message)}::text
               ELSE ${alert.message}::text END
         WHERE NOT ${alertAboutHeld(sql`${alert.userId}::int`, payload)}
        RETURNING ${columns}`,
  );
  if (!row) return null;
  alertMetrics.written(alert.kind);
  return row;
}

/** The alerts an insertAlert wrote, leaving out those a fraud hold kept unwritten. */
export const written = (alerts: readonly (AlertRow | null)[]): AlertRow[] =>
  alerts.filter((alert): alert is AlertRow => alert !== null);

export async function memberAlerts(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<AlertRow[]> {
  return rows<AlertRow>(
    db,
    sql`SELECT ${listed} FROM alerts WHERE user_id = ${userId} AND ${shown}
         ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function unreadAlertCount(db: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM alerts
         WHERE user_id = ${userId} AND NOT is_read AND ${shown}`,
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

/** The outbid alert's words again with 'A member' for the bidder, in the reader's language. */
function outbidByHidden(payload: Record<string, unknown>, language: Language): string {
  const owner =
    typeof payload.auctionCreatorUsername === 'string' ? payload.auctionCreatorUsername : null;
  const amount = Number(payload.newBidAmount ?? 0);
  const english = fillText(ALERT_TEMPLATES.outbid, {
    bidder: NO_NAME.Member,
    owner: owner ?? NO_NAME.auction,
    amount,
  });
  return sayText(
    language,
    {
      key: 'ALERT_TEMPLATES.outbid',
      params: {
        bidder: frenchName(null, { starts: true }),
        owner: owner ?? sayText('fr-CA', { key: 'NO_NAME.auction' }, NO_NAME.auction),
        amount,
      },
    },
    english,
  );
}

export function presentAlert(row: AlertRow): Alert {
  const readAt = row.read_at ? new Date(row.read_at).toISOString() : null;
  const payload: Record<string, unknown> =
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  const hidden = row.bidder_hidden === true;
  return {
    id: Number(row.id),
    user_id: row.user_id,
    kind: row.kind,
    message: hidden ? outbidByHidden(payload, row.language ?? 'en') : row.message,
    payload: hidden ? { ...payload, newBidderUsername: null } : payload,
    created_at: new Date(row.created_at).toISOString(),
    isRead: row.is_read,
    readAt,
  };
}
