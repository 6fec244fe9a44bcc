// SQL of the Privacy Center (issue 42): the member's sensitive-information limit, the Global
// Privacy Control seen for them, and their requests with the 30-day due date.
import type { CorrectableField } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { effectiveLimit } from './sensitive-limit.repository';

export interface PrivacyRow {
  limit_sensitive: boolean;
  gpc_seen_at: Date | string | null;
}

export async function privacyOf(db: Executor, userId: number): Promise<PrivacyRow | undefined> {
  const [row] = await rows<PrivacyRow>(
    db,
    sql`SELECT ${effectiveLimit(sql`u`)} AS limit_sensitive, u.gpc_seen_at
          FROM users u WHERE u.id = ${userId}`,
  );
  return row;
}

export async function setLimitSensitive(db: Executor, userId: number, limit: boolean) {
  await db.execute(sql`UPDATE users SET limit_sensitive = ${limit} WHERE id = ${userId}`);
}

/** Keeps the first time the browser's Global Privacy Control was seen for the member. */
export async function recordGpc(db: Executor, userId: number, at: Date) {
  await db.execute(
    sql`UPDATE users SET gpc_seen_at = ${at.toISOString()}::timestamptz
         WHERE id = ${userId} AND gpc_seen_at IS NULL`,
  );
}

export interface RequestRow {
  id: number;
  user_id: number;
  username: string | null;
  kind: 'correction';
  field: CorrectableField;
  details: string;
  created_at: Date | string;
  due_at: Date | string;
  answered_at: Date | string | null;
}

const requestColumns = sql`r.id, r.user_id, u.username, r.kind, r.field, r.details,
  r.created_at, r.due_at, r.answered_at`;

export async function insertRequest(
  db: Executor,
  input: { userId: number; field: CorrectableField; details: string; at: Date; dueAt: Date },
): Promise<void> {
  await db.execute(
    sql`INSERT INTO privacy_requests (user_id, kind, field, details, created_at, due_at)
        VALUES (${input.userId}, 'correction', ${input.field}, ${input.details},
                ${input.at.toISOString()}::timestamptz, ${input.dueAt.toISOString()}::timestamptz)`,
  );
}

export async function requestsOf(db: Executor, userId: number): Promise<RequestRow[]> {
  return rows<RequestRow>(
    db,
    sql`SELECT ${requestColumns} FROM privacy_requests r JOIN users u ON u.id = r.user_id
         WHERE r.user_id = ${userId} ORDER BY r.id DESC LIMIT 50`,
  );
}

/** The admin queue: open requests, soonest due first. */
export async function openRequests(db: Executor): Promise<RequestRow[]> {
  return rows<RequestRow>(
    db,
    sql`SELECT ${requestColumns} FROM privacy_requests r JOIN users u ON u.id = r.user_id
         WHERE r.answered_at IS NULL ORDER BY r.due_at, r.id LIMIT 200`,
  );
}

/** Marks an open request answered; false when there is no open request with that id. */
export async function answerRequest(db: Executor, id: number, adminId: number, at: Date) {
  const done = await rows(
    db,
    sql`UPDATE privacy_requests SET answered_at = ${at.toISOString()}::timestamptz,
               answered_by = ${adminId}
         WHERE id = ${id} AND answered_at IS NULL RETURNING id`,
  );
  return done.length > 0;
}
