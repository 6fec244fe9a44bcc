// SQL of the admin audit log: the append-only insert and the newest-first page.
import type { AuditLogQuery } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

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

export async function insertAuditRow(
  tx: Executor,
  row: {
    adminId: number | null;
    action: string;
    targetType: string;
    targetId: string | null;
    before: string | null;
    after: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO admin_audit_log (admin_id, action, target_type, target_id, before, after)
        VALUES (${row.adminId}, ${row.action}, ${row.targetType}, ${row.targetId},
                ${row.before}::jsonb, ${row.after}::jsonb)`,
  );
}

export async function auditPage(db: Executor, query: AuditLogQuery): Promise<AuditRow[]> {
  const olderThan = query.before_id ? sql`WHERE a.id < ${query.before_id}` : sql``;
  return rows<AuditRow>(
    db,
    sql`SELECT a.id, a.admin_id, u.username AS admin_username, a.action, a.target_type,
               a.target_id, a.before, a.after, a.created_at
          FROM admin_audit_log a
          LEFT JOIN users u ON u.id = a.admin_id
          ${olderThan}
         ORDER BY a.id DESC
         LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
}
