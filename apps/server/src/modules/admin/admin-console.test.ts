// The console's admin API: what each action changes, what the member sees, and exactly
// one audit row per action, written with it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { balanceOf, buildBidder, ledgerProblems } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { profileImages } from '../../db/media.schema';
import { users } from '../../db/schema';
import { addImage } from '../media/media-test-helpers';

let t: TestApp;
let admin: { id: number; headers: { authorization: string } };

beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' });
  const row = await buildBidder(t.database.db, 0);
  const { token } = await signIn(t, row.phone_number);
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, row.id));
  admin = { id: row.id, headers: { authorization: `Bearer ${token}` } };
  // The open period, as the scheduler would have opened it.
  await t.app.inject({
    method: 'POST',
    url: '/api/admin/periods/close-now',
    headers: admin.headers,
  });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: admin.headers, payload });

async function auditRows() {
  type Json = Record<string, unknown>;
  return rows<{ action: string; target_id: string; admin_id: number; before: Json; after: Json }>(
    t.database.db,
    sql`SELECT action, target_id, admin_id, before, after FROM admin_audit_log ORDER BY id`,
  );
}

/** Runs `action` and returns the audit rows it added. */
async function audited(action: () => Promise<unknown>) {
  const before = (await auditRows()).length;
  await action();
  return (await auditRows()).slice(before);
}

async function alertsOf(userId: number) {
  return rows<{ kind: string; message: string }>(
    t.database.db,
    sql`SELECT kind, message FROM alerts WHERE user_id = ${userId} ORDER BY id`,
  );
}

describe('members', () => {
  it('finds members by username or phone, with their approval state', async () => {
    const waiting = await buildMember(t.database.db, { username: 'zq_wait', onboarded: 14 });
    await buildMember(t.database.db, { username: 'zq_ok', onboarded: 14, is_approved: true });
    const found = (await call('GET', '/admin/users?q=zq_')).json();
    expect(found.members.map((m: { username: string }) => m.username).sort()).toEqual([
      'zq_ok',
      'zq_wait',
    ]);
    const pending = (await call('GET', '/admin/users?q=zq_&status=pending')).json();
    expect(pending).toMatchObject({ total: 1, members: [{ id: waiting.id, status: 'pending' }] });
    const byPhone = (
      await call('GET', `/admin/users?q=${encodeURIComponent(waiting.phone_number.slice(2))}`)
    ).json();
    expect(byPhone.members.map((m: { id: number }) => m.id)).toContain(waiting.id);
    // LIKE wildcards in the search are literal.
    expect((await call('GET', '/admin/users?q=%25')).json().total).toBe(0);
  });

  it('shows a profile with photos and the verification video behind signed URLs', async () => {
    const m = await buildMember(t.database.db, { username: 'zq_photos', onboarded: 14 });
    await addImage(t, { user_id: m.id, display_order: 1, review_status: 'pending' });
    await t.database.db.execute(
      sql`INSERT INTO verification_videos (user_id, file_name) VALUES (${m.id}, 'dev/verification-videos/x.webm')`,
    );
    const res = await call('GET', `/admin/users/${m.id}`);
    expect(res.statusCode).toBe(200);
    const member = res.json().member;
    expect(member.photos).toHaveLength(1);
    expect(member.photos[0]).toMatchObject({ kind: 'photo', status: 'pending', display_order: 1 });
    expect(member.photos[0].url).toMatch(/^\/api\/files\/.+\?/);
    expect(member.videos[0]).toMatchObject({ kind: 'video', status: 'pending' });
    expect(member.videos[0].url).toMatch(/verification-videos/);
    expect((await call('GET', '/admin/users/999999')).statusCode).toBe(404);
  });

  it('approves: the auction opens, the member is told, one audit row', async () => {
    const m = await buildMember(t.database.db, { username: 'zq_new', onboarded: 14 });
    const added = await audited(async () => {
      const res = await call('POST', `/admin/users/${m.id}/approve`);
      expect(res.statusCode).toBe(200);
      expect(res.json().member.status).toBe('approved');
    });
    expect(added).toMatchObject([
      { action: 'member.approve', target_id: String(m.id), admin_id: admin.id },
    ]);
    expect(added[0]!.after.auction_id).toEqual(expect.any(Number));
    const live = (await call('GET', '/admin/auctions?q=zq_new')).json().auctions;
    expect(live).toHaveLength(1);
    expect(await alertsOf(m.id)).toEqual([
      {
        kind: 'account_approved',
        message: 'Your account is approved. Your auction is on the Bid Board.',
      },
    ]);
    // A repeat changes nothing and writes nothing.
    expect(await audited(() => call('POST', `/admin/users/${m.id}/approve`))).toEqual([]);
  });

  it('rejects with a required reason the member is shown', async () => {
    const m = await buildMember(t.database.db, { username: 'zq_no', onboarded: 14 });
    const empty = await call('POST', `/admin/users/${m.id}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Give a reason');
    const added = await audited(async () => {
      const res = await call('POST', `/admin/users/${m.id}/reject`, {
        reason: 'Your photos do not show your face',
      });
      expect(res.json().member).toMatchObject({
        status: 'rejected',
        rejection_reason: 'Your photos do not show your face',
      });
    });
    expect(added).toMatchObject([{ action: 'member.reject', after: { is_approved: false } }]);
    expect((await alertsOf(m.id)).at(-1)).toEqual({
      kind: 'account_rejected',
      message: 'Your account was not approved: Your photos do not show your face',
    });
    // Approving later clears the rejection.
    await call('POST', `/admin/users/${m.id}/approve`);
    expect((await call('GET', `/admin/users/${m.id}`)).json().member).toMatchObject({
      status: 'approved',
      rejection_reason: null,
    });
    const approved = await call('POST', `/admin/users/${m.id}/reject`, { reason: 'late' });
    expect(approved.statusCode).toBe(400);
  });

  it('adjusts tokens through the ledger only with a reason', async () => {
    const m = await buildBidder(t.database.db, 100, { username: 'zq_tok' });
    const noReason = await call('POST', '/admin/tokens/adjustments', {
      username: 'zq_tok',
      amount: 50,
    });
    expect(noReason.statusCode).toBe(400);
    const added = await audited(async () => {
      const res = await call('POST', '/admin/tokens/adjustments', {
        username: 'zq_tok',
        amount: -30,
        reason: 'Duplicate claim',
      });
      expect(res.json().tokenBalance).toBe(70);
    });
    expect(added).toMatchObject([
      {
        action: 'tokens.adjust',
        before: { token_balance: 100 },
        after: { token_balance: 70, amount: -30, reason: 'Duplicate claim' },
      },
    ]);
    const [entry] = await rows<{ transaction_type: string; reference_id: string }>(
      t.database.db,
      sql`SELECT transaction_type, reference_id FROM token_transactions
           WHERE user_id = ${m.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ transaction_type: 'adjustment', reference_id: `admin:${admin.id}` });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('review queue', () => {
  it('lists pending photos and videos and records each decision', async () => {
    const m = await buildMember(t.database.db, { username: 'zq_rev', onboarded: 14 });
    const photo = await addImage(t, { user_id: m.id, display_order: 2, review_status: 'pending' });
    const queue = (await call('GET', '/admin/media/pending')).json().items;
    expect(queue).toContainEqual(
      expect.objectContaining({ id: photo.id, kind: 'photo', username: 'zq_rev' }),
    );
    const added = await audited(async () => {
      const res = await call('POST', `/admin/media/images/${photo.id}/review`, {
        status: 'approved',
      });
      expect(res.json().image.is_approved).toBe('approved');
    });
    expect(added).toMatchObject([{ action: 'photo.approve', target_id: String(photo.id) }]);
    const after = (await call('GET', '/admin/media/pending')).json().items;
    expect(after.map((i: { id: number }) => i.id)).not.toContain(photo.id);
  });

  it('never leaves a rejected photo in slot 1 while an approved one can take it', async () => {
    const m = await buildMember(t.database.db, { username: 'zq_slot', onboarded: 14 });
    const first = await addImage(t, { user_id: m.id, display_order: 1, review_status: 'pending' });
    await addImage(t, { user_id: m.id, display_order: 2, review_status: 'pending' });
    const third = await addImage(t, { user_id: m.id, display_order: 3, review_status: 'approved' });
    const added = await audited(() =>
      call('POST', `/admin/media/images/${first.id}/review`, { status: 'rejected' }),
    );
    expect(added).toMatchObject([
      { action: 'photo.reject', after: { promoted_photo_id: third.id } },
    ]);
    const slots = await t.database.db
      .select({ id: profileImages.id, slot: profileImages.display_order })
      .from(profileImages)
      .where(eq(profileImages.user_id, m.id));
    expect(Object.fromEntries(slots.map((s) => [s.id, s.slot]))).toMatchObject({
      [third.id]: 1,
      [first.id]: 3,
    });
  });

  it('records a video decision', async () => {
    const m = await buildMember(t.database.db, { onboarded: 14 });
    const [video] = await rows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO verification_videos (user_id, file_name)
          VALUES (${m.id}, 'dev/verification-videos/y.webm') RETURNING id`,
    );
    const added = await audited(() =>
      call('POST', `/admin/media/videos/${video!.id}/review`, { status: 'approved' }),
    );
    expect(added).toMatchObject([{ action: 'video.approve' }]);
  });
});

describe('payouts', () => {
  it('marks a redemption paid or failed with one audit row each', async () => {
    const m = await buildBidder(t.database.db, 0, { username: 'zq_payout' });
    await call('POST', '/admin/tokens/adjustments', {
      username: 'zq_payout',
      amount: 1200,
      redeemable: true,
      cash_cents: 1200,
      cash_reference: 'Bank transfer 1',
      reason: 'Earnings',
    });
    const { token } = await signIn(t, m.phone_number);
    const redeem = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/redeem-tokens',
        headers: { authorization: `Bearer ${token}` },
        payload: { token_amount: 500, paypal_email: 'me@example.com' },
      });
    await redeem();
    await redeem();
    const pending = (await call('GET', '/admin/redemptions?status=pending')).json().redemptions;
    const mine = pending.filter((r: { user_id: number }) => r.user_id === m.id);
    expect(mine).toHaveLength(2);
    const paid = await audited(() => call('POST', `/admin/redemptions/${mine[0].id}/paid`));
    expect(paid).toMatchObject([{ action: 'payout.mark_paid', admin_id: admin.id }]);
    const failed = await audited(() =>
      call('POST', `/admin/redemptions/${mine[1].id}/failed`, { reason: 'Email bounced' }),
    );
    expect(failed).toMatchObject([
      { action: 'payout.mark_failed', after: { status: 'failed', reason: 'Email bounced' } },
    ]);
    // A second decision is refused and writes nothing.
    expect(await audited(() => call('POST', `/admin/redemptions/${mine[0].id}/paid`))).toEqual([]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});

describe('period operations and overview', () => {
  it('removes an auction, refunding the leader, with one audit row', async () => {
    const owner = await buildBidder(t.database.db, 0, { username: 'zq_owner' });
    const bidder = await buildBidder(t.database.db, 500);
    await call('POST', '/admin/periods/close-now');
    const [auction] = (await call('GET', '/admin/auctions?q=zq_owner')).json().auctions;
    const { token } = await signIn(t, bidder.phone_number);
    const bid = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${auction.id}/bids`,
      headers: { authorization: `Bearer ${token}` },
      payload: { amount: 120 },
    });
    expect(bid.statusCode, bid.body).toBe(200);
    const overview = (await call('GET', '/admin/overview')).json();
    expect(overview.tokens_in_escrow).toBeGreaterThanOrEqual(120);
    expect(overview.bids_this_period).toBeGreaterThanOrEqual(1);
    expect(overview.period.end_time).toEqual(expect.any(String));
    const added = await audited(async () => {
      const res = await call('DELETE', `/admin/auctions/${auction.id}`);
      expect(res.json().refundedBidderId).toBe(bidder.id);
    });
    expect(added).toMatchObject([
      { action: 'auction.remove', before: { current_bid: 120, lead_bidder_id: bidder.id } },
    ]);
    expect(await balanceOf(t.database.db, bidder.id)).toBe(500);
    expect(owner.id).toBeGreaterThan(0);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('closes the period now with one audit row', async () => {
    const added = await audited(async () => {
      const res = await call('POST', '/admin/periods/close-now');
      expect(res.statusCode).toBe(200);
    });
    expect(added).toMatchObject([{ action: 'period.close', after: { status: 'closed' } }]);
  });

  it('counts members, balances and the queues', async () => {
    const res = await call('GET', '/admin/overview');
    expect(res.statusCode).toBe(200);
    const overview = res.json();
    const [counted] = await rows<{ total: number; balances: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS total, SUM(token_balance)::int AS balances FROM users`,
    );
    expect(overview.members.total).toBe(counted!.total);
    expect(overview.tokens_in_balances).toBe(counted!.balances);
    expect(overview.members.pending).toBeGreaterThanOrEqual(1);
    expect(overview).toMatchObject({ purchases_waiting: 0, redemptions_waiting: 0 });
    expect(overview.members.approved).toBeGreaterThan(0);
  });

  it('shows the audit log newest first with the admin named', async () => {
    const res = await call('GET', '/admin/audit-log?limit=2');
    expect(res.json().entries).toHaveLength(2);
    expect(res.json().entries[0]).toMatchObject({ action: 'period.close', admin_id: admin.id });
  });
});
