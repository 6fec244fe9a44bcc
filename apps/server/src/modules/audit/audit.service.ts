// The admin audit log. Every admin action writes its row with recordAdminAction inside
// the action's own transaction, so the row exists exactly when the action committed.
// The table refuses UPDATE and DELETE (migration 0014): nothing here or elsewhere edits it.
import type { AuditEntry, AuditLogQuery } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export interface AdminAction {
  /** The admin who acted; null for the operator CLI. */
  adminId: number | null;
  /** What was done, as `area.verb`: `member.approve`, `settings.update`, `payout.mark_paid`. */
  action: string;
  /** What it was done to: `user`, `profile_image`, `settings`, `auction`, `redemption`… */
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Must be called with the transaction that performs the action. */
export async function recordAdminAction(tx: Executor, action: AdminAction): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
  await tx.execute(
    sql`INSERT INTO admin_audit_log (admin_id, action, target_type, target_id, before, after)
        VALUES (${action.adminId}, ${action.action}, ${action.targetType},
                ${action.targetId === null ? null : String(action.targetId)},
                ${json(action.before)}::jsonb, ${json(action.after)}::jsonb)`,
  );
}

interface AuditRow {
  id: string | number;
  admin_id: number | null;
  admin_username: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Date | string;
}

export async function listAuditLog(db: Executor, query: AuditLogQuery): Promise<AuditEntry[]> {
  const olderThan = query.before_id ? sql`WHERE a.id < ${query.before_id}` : sql``;
  const found = await rows<AuditRow>(
    db,
    sql`SELECT a.id, a.admin_id, u.username AS admin_username, a.action, a.target_type,
               a.target_id, a.before, a.after, a.created_at
          FROM admin_audit_log a
          LEFT JOIN users u ON u.id = a.admin_id
          ${olderThan}
         ORDER BY a.id DESC
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return found.map((row) => ({
    ...row,
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
  }));
}
