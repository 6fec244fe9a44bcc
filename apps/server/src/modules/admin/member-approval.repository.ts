// SQL of an admin's decision on a new member: the member's approval state, locked, and
// the approval or rejection written on them.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

export interface ApprovalState {
  id: number;
  username: string | null;
  is_approved: boolean;
  approval_rejection_reason: string | null;
  deleted: boolean;
  /** 'YYYY-MM-DD', or null before onboarding asked for it. */
  birth_date: string | null;
}

export async function approvalStateForUpdate(
  tx: Tx,
  userId: number,
): Promise<ApprovalState | undefined> {
  const [state] = await rows<ApprovalState>(
    tx,
    sql`SELECT id, username, is_approved, approval_rejection_reason,
               deleted_at IS NOT NULL AS deleted, birth_date::text AS birth_date
          FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  return state;
}

/** Approval clears an earlier rejection. */
export async function markApproved(tx: Tx, userId: number) {
  await tx.execute(
    sql`UPDATE users SET is_approved = true, approval_rejection_reason = NULL,
                         approval_rejected_at = NULL, updated_at = now()
         WHERE id = ${userId}`,
  );
}

export async function markRejected(tx: Tx, userId: number, reason: string) {
  await tx.execute(
    sql`UPDATE users SET is_approved = false, approval_rejection_reason = ${reason},
                         approval_rejected_at = now(), updated_at = now()
         WHERE id = ${userId}`,
  );
}
