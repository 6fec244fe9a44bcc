// SQL of the admins the operator makes and takes back by phone number.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

/**
 * Makes the number's member an admin, or creates an approved admin member for it. One
 * statement, so two operators racing on a new number make one member.
 */
export async function grantAdminByPhone(tx: Tx, phone: string, now: Date) {
  const [row] = await rows<{ id: number; created: boolean; was: string; approved: boolean }>(
    tx,
    sql`INSERT INTO users (phone_number, role, is_approved, admin_granted_at, created_at, updated_at)
        VALUES (${phone}, 'admin', true, ${now.toISOString()}::timestamptz,
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        ON CONFLICT (phone_number) DO UPDATE
           SET role = 'admin', updated_at = now(),
               admin_granted_at = coalesce(users.admin_granted_at, EXCLUDED.admin_granted_at)
     RETURNING id, (xmax = 0) AS created, is_approved AS approved,
               (SELECT role FROM users WHERE phone_number = ${phone}) AS was`,
  );
  return row!;
}

/** Takes back the operator's grant and sets `role`; undefined when no member has the number. */
export async function revokeAdminByPhone(tx: Tx, phone: string, role: 'admin' | 'member') {
  const [row] = await rows<{ id: number; is_approved: boolean; was: string }>(
    tx,
    sql`UPDATE users u SET admin_granted_at = NULL, role = ${role}, updated_at = now()
          FROM (SELECT id, role FROM users WHERE phone_number = ${phone} FOR UPDATE) old
         WHERE u.id = old.id
     RETURNING u.id, u.is_approved, old.role AS was`,
  );
  return row;
}
