// The admin audit log. Every admin action writes its row with recordAdminAction inside
// the action's own transaction, so the row exists exactly when the action committed.
// The table refuses UPDATE and DELETE (migration 0014): nothing here or elsewhere edits it.
import type { AuditEntry, AuditLogQuery } from '@bidboard/shared';
import type { Executor } from '../../db/client';
import { auditPage, insertAuditRow } from './audit.repository';

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
  await insertAuditRow(tx, {
    adminId: action.adminId,
    action: action.action,
    targetType: action.targetType,
    targetId: action.targetId === null ? null : String(action.targetId),
    before: json(action.before),
    after: json(action.after),
  });
}

export async function listAuditLog(db: Executor, query: AuditLogQuery): Promise<AuditEntry[]> {
  const found = await auditPage(db, query);
  return found.map((row) => ({
    ...row,
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
  }));
}
