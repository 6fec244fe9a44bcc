// Alerts rows (marketplace §3 Alert). Written inside the transaction that causes them,
// sent to the member's room only after that transaction commits.
import type { alertPayload } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ALERT_KINDS } from '../../db/auction.schema';
import { type Executor, rows } from '../../db/client';

export type AlertKind = (typeof ALERT_KINDS)[number];

export interface AlertRow {
  id: number;
  user_id: number;
  kind: AlertKind;
  payload: Record<string, unknown>;
  message: string;
  is_read: boolean;
  created_at: Date | string;
}

export interface NewAlert {
  userId: number;
  kind: AlertKind;
  payload: Record<string, unknown>;
  message: string;
}

const columns = sql`id, user_id, kind, payload, message, is_read, created_at`;

export async function insertAlert(executor: Executor, alert: NewAlert): Promise<AlertRow> {
  const [row] = await rows<AlertRow>(
    executor,
    sql`INSERT INTO alerts (user_id, kind, payload, message)
        VALUES (${alert.userId}, ${alert.kind}, ${JSON.stringify(alert.payload)}::jsonb, ${alert.message})
        RETURNING ${columns}`,
  );
  return row!;
}

export function presentAlert(row: AlertRow): z.infer<typeof alertPayload> {
  return {
    id: Number(row.id),
    kind: row.kind,
    message: row.message,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    created_at: new Date(row.created_at).toISOString(),
    isRead: row.is_read,
  };
}
