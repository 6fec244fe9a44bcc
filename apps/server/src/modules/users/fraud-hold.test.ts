// No engagement messages from flagged accounts (issue 42; product rules, Lawful to launch):
// an account under a fraud hold triggers no alert, push or text to anyone else. Every
// writer asks alert_about_held (fraud-hold.sql): the alert writer, the outbid alert, the
// owner's bid alert and the close's alerts write nothing about the held member, so nothing
// reaches the outbox or a socket either; the held member's own alerts still reach them.
// The admin's hold is audited with the state it replaced.
import { CONNECTION_ALERT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { insertAlert } from '../alerts/alerts.repository';
import { closePeriod, ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from '../bids/bids.service';
import { setFraudHold } from './fraud-hold.repository';

const clock = testClock('2026-03-10T15:00:00Z');
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, poolSize: 4 });
  const row = await buildMember(t.database.db, { onboarded: 14, is_approved: true });
  const { token } = await signIn(t, row.phone_number);
  await t.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${row.id}`);
  admin = { authorization: `Bearer ${token}` };
});
afterAll(() => t.close());

const hold = (userId: number, held = true) =>
  t.database.db.transaction((tx) => setFraudHold(tx, userId, held, clock.clock()));

const alertsOf = (userId: number) =>
  rows<{ kind: string }>(
    t.database.db,
    sql`SELECT kind FROM alerts WHERE user_id = ${userId} ORDER BY id`,
  ).then((found) => found.map((a) => a.kind));

const outboxOf = (userId: number) =>
  rows<{ n: number }>(
    t.database.db,
    sql`SELECT COUNT(*)::int AS n FROM notification_outbox WHERE user_id = ${userId}`,
  ).then(([row]) => row!.n);

async function auctionOf(ownerId: number) {
  const period = await ensureOpenPeriod(t.database.db, clock.clock());
  const [auction] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO auctions (user_id, period_id) VALUES (${ownerId}, ${period.id})
        ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
  );
  return { id: auction!.id, period };
}

describe('an account under a fraud hold', () => {
  it('outbidding a member or bidding on an owner writes them no alert', async () => {
    const owner = await buildBidder(t.database.db, 0, { sms_notification: true });
    const [outbid, held] = await Promise.all(
      [1000, 1000].map((n) => buildBidder(t.database.db, n, { sms_notification: true })),
    );
    const { id } = await auctionOf(owner.id);
    const ctx = { db: t.database.db, clock: clock.clock };
    await placeBid(ctx, { auctionId: id, bidderId: outbid!.id, amount: 20 });
    expect(await alertsOf(owner.id)).toEqual(['bid_received']);
    const ownerQueued = await outboxOf(owner.id);

    await hold(held!.id);
    clock.set(new Date(clock.clock().getTime() + 2 * 3_600_000)); // past the owner's quiet hour
    const placed = await placeBid(ctx, { auctionId: id, bidderId: held!.id, amount: 40 });
    // The outbid member gets their tokens back, but no alert, push or text about it.
    expect(placed.outbid).toMatchObject({ userId: outbid!.id, tokenBalance: 1000, alert: null });
    expect(await alertsOf(outbid!.id)).toEqual([]);
    expect(await outboxOf(outbid!.id)).toBe(0);
    // Nor the owner: no 'held bid on you', and the hour is not taken by it.
    expect(await alertsOf(owner.id)).toEqual(['bid_received']);
    expect(await outboxOf(owner.id)).toBe(ownerQueued);

    // The held member's own alerts still reach them: outbid by another, they hear it.
    const again = await placeBid(ctx, { auctionId: id, bidderId: outbid!.id, amount: 60 });
    expect(again.outbid?.alert?.user_id).toBe(held!.id);
    expect(await alertsOf(held!.id)).toEqual(['outbid']);
    expect(await alertsOf(owner.id)).toEqual(['bid_received', 'bid_received']);
  });

  it("the close writes no alert about the held member's win", async () => {
    const owner = await buildBidder(t.database.db, 0);
    const [winner, other] = await Promise.all(
      [1000, 1000].map((n) => buildBidder(t.database.db, n)),
    );
    const { id, period } = await auctionOf(owner.id);
    const ctx = { db: t.database.db, clock: clock.clock };
    await placeBid(ctx, { auctionId: id, bidderId: other!.id, amount: 20 });
    await placeBid(ctx, { auctionId: id, bidderId: winner!.id, amount: 40 });
    await hold(winner!.id);
    const before = { owner: await alertsOf(owner.id), other: await alertsOf(other!.id) };

    await closePeriod(t.database.db, period.end_time);
    // The owner hears nothing of the held winner; the held winner hears their own win.
    expect(await alertsOf(owner.id)).toEqual(before.owner);
    expect(await alertsOf(winner!.id)).toEqual(['auction_won']);
    // A third bidder's result names the owner, who is not held: it is written.
    expect(await alertsOf(other!.id)).toEqual([...before.other, 'auction_result']);
  });

  it('the alert writer writes nothing about the held member', async () => {
    const [reader, held] = await Promise.all([1, 2].map(() => buildMember(t.database.db)));
    await hold(held!.id);
    const alert = await insertAlert(t.database.db, {
      userId: reader!.id,
      kind: 'connection_mutual',
      payload: { userId: held!.id, partnerUserId: held!.id },
      message: CONNECTION_ALERT_MESSAGES.mutual(null),
      text: { key: 'CONNECTION_ALERT_MESSAGES.mutual', params: { other: null } },
    });
    expect(alert).toBeNull();
    expect(await alertsOf(reader!.id)).toEqual([]);
    // The held member's own alert about the reader is written.
    const own = await insertAlert(t.database.db, {
      userId: held!.id,
      kind: 'connection_mutual',
      payload: { userId: reader!.id, partnerUserId: reader!.id },
      message: CONNECTION_ALERT_MESSAGES.mutual(null),
      text: { key: 'CONNECTION_ALERT_MESSAGES.mutual', params: { other: null } },
    });
    expect(own?.user_id).toBe(held!.id);
  });

  it('is audited with the state it replaced', async () => {
    const member = await buildMember(t.database.db, { onboarded: 14 });
    const set = (held: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${member.id}/fraud-hold`,
        headers: admin,
        payload: { held },
      });
    const placed = (await set(true)).json().user.fraud_hold_at;
    expect(placed).toEqual(expect.any(String));
    await set(true);
    await set(false);
    const audit = await rows<{ action: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`SELECT action, before, after FROM admin_audit_log
           WHERE target_type = 'user' AND target_id = ${String(member.id)} ORDER BY id`,
    );
    expect(audit).toEqual([
      {
        action: 'member.fraud_hold',
        before: { id: member.id, fraud_hold_at: null },
        after: { id: member.id, fraud_hold_at: placed },
      },
      {
        action: 'member.fraud_hold',
        before: { id: member.id, fraud_hold_at: placed },
        after: { id: member.id, fraud_hold_at: placed },
      },
      {
        action: 'member.fraud_hold_lift',
        before: { id: member.id, fraud_hold_at: placed },
        after: { id: member.id, fraud_hold_at: null },
      },
    ]);
  });
});
