// Approval re-checks the one age rule on New York's date (product rules, Age; issue 41 item
// 3). At 02:00 UTC on December 3rd New York is still on the 2nd: a member born on 3
// December 2008 is 18 by the UTC date and 17 in New York, and an admin's approval (or the
// CLI's) is refused with the rule's message and nothing written; once New York's day
// turns, the same approval goes through.
import { DOB_MESSAGES } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { users } from '../../db/schema';
import { approveMember } from './admin.service';

const clock = testClock('2026-12-03T02:00:00Z');
let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  const admin = await buildBidder(t.database.db, 0);
  headers = { authorization: `Bearer ${(await signIn(t, admin.phone_number)).token}` };
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
});
afterAll(() => t.close());

async function written(userId: number) {
  return {
    member: await rows(
      t.database.db,
      sql`SELECT is_approved, updated_at FROM users WHERE id = ${userId}`,
    ),
    audit: await rows(
      t.database.db,
      sql`SELECT id FROM admin_audit_log WHERE target_id = ${String(userId)}`,
    ),
    alerts: await rows(t.database.db, sql`SELECT id FROM alerts WHERE user_id = ${userId}`),
    auctions: await rows(t.database.db, sql`SELECT id FROM auctions WHERE user_id = ${userId}`),
  };
}

const approve = (userId: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/approve`, headers });

describe("approval on New York's date", () => {
  it('refuses a member who is 17 in New York, writing nothing, and approves them once they are 18 there', async () => {
    const teen = await buildMember(t.database.db, { onboarded: 14, birth_date: '2008-12-03' });
    const before = await written(teen.id);

    const refused = await approve(teen.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toEqual({ code: 'VALIDATION', message: DOB_MESSAGES.underage });
    await expect(approveMember(t.database.db, teen.username!, clock.clock)).rejects.toThrow(
      DOB_MESSAGES.underage,
    );
    expect(await written(teen.id)).toEqual(before);
    expect(before.member).toMatchObject([{ is_approved: false }]);

    clock.set(new Date('2026-12-03T05:30:00Z'));
    const approved = await approve(teen.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().member.status).toBe('approved');
    clock.set(new Date('2026-12-03T02:00:00Z'));
  });
});
