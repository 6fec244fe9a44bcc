// Admins the operator makes (product rules, "Running for real"): the first admin of an
// empty database cannot join (joining needs a referral), so `create-admin <phone>` makes an
// approved admin member without one, or makes an existing member an approved admin. Such
// an admin keeps the role at every sign-in (admin_granted_at), whatever ADMIN_PHONES says;
// `remove-admin` takes it back. Both are written to the audit log (admin null: the CLI).
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, rows } from '../../db/client';
import { notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { requirePhone } from '../auth/phone';
import { approveMemberById } from './member-approval.service';

export interface OperatorAdmin {
  id: number;
  /** A new member was created (false: an existing member became admin). */
  created: boolean;
  role: 'member' | 'admin';
  is_approved: boolean;
}

export async function createAdmin(db: Db, phoneInput: string, now: Date): Promise<OperatorAdmin> {
  const phone = requirePhone(phoneInput);
  const granted = await db.transaction(async (tx) => {
    // One statement, so two operators racing on a new number make one member.
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
    await recordAdminAction(tx, {
      adminId: null,
      action: 'member.grant_admin',
      targetType: 'user',
      targetId: row!.id,
      before: row!.created ? null : { role: row!.was },
      after: { role: 'admin' },
    });
    return row!;
  });
  // An existing member is approved as an admin would approve them (alert, auction, audit).
  if (!granted.approved) await approveMemberById({ db }, granted.id, null);
  return { id: granted.id, created: granted.created, role: 'admin', is_approved: true };
}

export async function removeAdmin(
  db: Db,
  config: Pick<Config, 'ADMIN_PHONES'>,
  phoneInput: string,
): Promise<OperatorAdmin> {
  const phone = requirePhone(phoneInput);
  // A number still in ADMIN_PHONES stays admin: the setting says so at every sign-in.
  const role = config.ADMIN_PHONES.includes(phone) ? 'admin' : 'member';
  return db.transaction(async (tx) => {
    const [row] = await rows<{ id: number; is_approved: boolean; was: string }>(
      tx,
      sql`UPDATE users u SET admin_granted_at = NULL, role = ${role}, updated_at = now()
            FROM (SELECT id, role FROM users WHERE phone_number = ${phone} FOR UPDATE) old
           WHERE u.id = old.id
       RETURNING u.id, u.is_approved, old.role AS was`,
    );
    if (!row) throw notFound('No member has this number');
    await recordAdminAction(tx, {
      adminId: null,
      action: 'member.remove_admin',
      targetType: 'user',
      targetId: row.id,
      before: { role: row.was },
      after: { role },
    });
    return { id: row.id, created: false, role, is_approved: row.is_approved };
  });
}
