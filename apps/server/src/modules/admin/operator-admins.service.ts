// Admins the operator makes (product rules, "Running for real"): the first admin of an
// empty database cannot join (joining needs a referral), so `create-admin <phone>` makes an
// approved admin member without one, or makes an existing member an approved admin. Such
// an admin keeps the role at every sign-in (admin_granted_at), whatever ADMIN_PHONES says;
// `remove-admin` takes it back. Both are written to the audit log (admin null: the CLI).
import { ADMIN_MESSAGES } from '@bidboard/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { systemClock } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { recordAdminAction } from '../audit';
import { requirePhone } from '../auth/phone';
import { approveMemberById } from './member-approval.service';
import { grantAdminByPhone, revokeAdminByPhone } from './operator-admins.repository';

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
    const row = await grantAdminByPhone(tx, phone, now);
    await recordAdminAction(tx, {
      adminId: null,
      action: 'member.grant_admin',
      targetType: 'user',
      targetId: row.id,
      before: row.created ? null : { role: row.was },
      after: { role: 'admin' },
    });
    return row;
  });
  // An existing member is approved as an admin would approve them (alert, auction, audit).
  if (!granted.approved) await approveMemberById({ db, clock: systemClock }, granted.id, null);
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
    const row = await revokeAdminByPhone(tx, phone, role);
    if (!row) throw notFound(ADMIN_MESSAGES.noMemberWithPhone);
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
