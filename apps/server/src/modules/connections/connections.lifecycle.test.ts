// Every path of the connection lifecycle on a controllable clock, through the real API,
// the sweeper and real sockets: ledger rows, both balances, alerts and events each time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { type Listener, listen, type Made, pendingConnections } from '../../../test/connections';
import { buildMember } from '../../../test/factories';
import { ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { transactionThenPublish } from '../../lib/realtime';
import { sweepConnections } from './connection-sweep.service';
import { connectionEffectEvents } from './connections.events';
import { recordMessageSent } from './engagement.service';

const ADMIN_PHONE = '+12015559001';
const HOUR = 3_600_000;
const clock = testClock('2025-05-05T15:00:00Z');
let t: TestApp;
const opened: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { SWEEPER_ENABLED: 'false', ADMIN_PHONES: ADMIN_PHONE },
    { clock: clock.clock },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const l of opened) l.socket.close();
  await t.close();
});

const later = (hours: number) => clock.set(new Date(clock.clock().getTime() + hours * HOUR));

interface Pair extends Made {
  ownerSocket: Listener;
  bidderSocket: Listener;
}

async function pair(amount = 100): Promise<Pair> {
  const [made] = await pendingConnections(t.database.db, clock, 1, { amount });
  const ownerSocket = await listen(t, made!.owner);
  const bidderSocket = await listen(t, made!.bidder);
  opened.push(ownerSocket, bidderSocket);
  return { ...made!, ownerSocket, bidderSocket };
}

function setStatus(who: Listener, connectionId: number, status: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/connections/${connectionId}/status`,
    headers: who.headers,
    payload: { status },
  });
}

async function sweep() {
  return sweepConnections({
    db: t.database.db,
    config: t.config,
    clock: clock.clock,
    realtime: t.app.realtime,
  });
}

async function balances(userId: number) {
  const [row] = await rows<{ token_balance: number; redeemable_tokens: number }>(
    t.database.db,
    sql`SELECT token_balance, redeemable_tokens FROM users WHERE id = ${userId}`,
  );
  return row!;
}

async function ledgerOf(connectionId: number) {
  return rows<{ user_id: number; amount: number; transaction_type: string }>(
    t.database.db,
    sql`SELECT user_id, amount, transaction_type FROM token_transactions
         WHERE reference_id = ${`connection:${connectionId}`} ORDER BY id`,
  );
}

async function alertsOf(userId: number) {
  return rows<{ kind: string; message: string; payload: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT kind, message, payload FROM alerts WHERE user_id = ${userId} ORDER BY id`,
  );
}

async function connectionRow(id: number) {
  const [row] = await rows<{ status: string; escrow_state: string }>(
    t.database.db,
    sql`SELECT status, escrow_state FROM connections WHERE id = ${id}`,
  );
  return row!;
}

async function sendMessage(senderId: number, partnerId: number) {
  return transactionThenPublish(
    { db: t.database.db, realtime: t.app.realtime },
    async (tx, events) => {
      const effects = await recordMessageSent(tx, { senderId, partnerId, now: clock.clock() });
      events.add(...connectionEffectEvents(effects));
      return effects;
    },
  );
}

describe('connection lifecycle', () => {
  it('the owner accepts: the bidder is told, both sockets hear it, no tokens move', async () => {
    const p = await pair(120);
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 880, redeemable_tokens: 0 });

    const denied = await setStatus(p.bidderSocket, p.id, 'accepted');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(
      'Only the profile owner can accept or reject this connection.',
    );

    const res = await setStatus(p.ownerSocket, p.id, 'accepted');
    expect(res.statusCode).toBe(200);
    expect(res.json().connection).toMatchObject({
      id: p.id,
      status: 'accepted',
      is_partner: true,
      is_user: false,
      partner: { id: p.bidder.id, username: p.bidder.username },
      auction: { final_bid: 120 },
    });
    for (const s of [p.ownerSocket, p.bidderSocket]) {
      expect(await s.next('connectionAccepted')).toMatchObject({
        connectionId: p.id,
        status: 'accepted',
        userId: p.bidder.id,
        partnerId: p.owner.id,
      });
    }
    const alert = await p.bidderSocket.next('new-alert');
    expect(alert).toMatchObject({
      kind: 'connection_accepted',
      payload: { connectionId: p.id, userId: p.owner.id, partnerUserId: p.owner.id },
    });
    expect((await alertsOf(p.bidder.id)).map((a) => a.kind)).toEqual([
      'auction_won',
      'connection_accepted',
    ]);

    const again = await setStatus(p.ownerSocket, p.id, 'accepted');
    expect(again.statusCode).toBe(409);
    expect(await ledgerOf(p.id)).toEqual([]);
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 880, redeemable_tokens: 0 });
    expect(await balances(p.owner.id)).toEqual({ token_balance: 0, redeemable_tokens: 0 });
    expect(await connectionRow(p.id)).toEqual({ status: 'accepted', escrow_state: 'held' });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('the owner rejects and reverses inside the grace period; only they may', async () => {
    const p = await pair(100);
    const rejected = await setStatus(p.ownerSocket, p.id, 'rejected');
    expect(rejected.statusCode).toBe(200);
    const graceEnd = new Date(clock.clock().getTime() + 24 * HOUR).toISOString();
    expect(rejected.json().connection).toMatchObject({
      status: 'rejected',
      rejected_by_user_id: p.owner.id,
      grace_period: graceEnd,
    });
    for (const s of [p.ownerSocket, p.bidderSocket]) {
      expect(await s.next('connectionRejected')).toMatchObject({
        connectionId: p.id,
        gracePeriod: graceEnd,
        rejectedByUserId: p.owner.id,
      });
    }
    const alert = await p.bidderSocket.next('new-alert');
    expect(alert).toMatchObject({ kind: 'connection_rejected', payload: { userId: p.owner.id } });
    expect(alert.message).toContain('within 24 hours');

    later(23);
    expect(await sweep()).toMatchObject({ refundedAfterGrace: 0 });
    const bidderTry = await setStatus(p.bidderSocket, p.id, 'accepted');
    expect(bidderTry.statusCode).toBe(403);
    expect(bidderTry.json().message).toBe(
      'Only the member who rejected this connection can change their mind.',
    );
    const reversed = await setStatus(p.ownerSocket, p.id, 'accepted');
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().connection).toMatchObject({
      status: 'accepted',
      grace_period: null,
      rejected_by_user_id: null,
    });
    expect(await p.bidderSocket.next('connectionAccepted')).toMatchObject({ status: 'accepted' });
    await p.bidderSocket.next('new-alert', (a) => a.kind === 'connection_accepted');
    expect(await ledgerOf(p.id)).toEqual([]);
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 900, redeemable_tokens: 0 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('the grace period ends: the bidder is refunded once and the owner can no longer reverse', async () => {
    const p = await pair(150);
    await setStatus(p.ownerSocket, p.id, 'rejected');
    await p.bidderSocket.next('connectionRejected');
    later(24);
    expect(await sweep()).toMatchObject({ refundedAfterGrace: 1 });
    expect(await sweep()).toMatchObject({ refundedAfterGrace: 0 });

    expect(await ledgerOf(p.id)).toEqual([
      { user_id: p.bidder.id, amount: 150, transaction_type: 'refund' },
    ]);
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 1000, redeemable_tokens: 0 });
    expect(await balances(p.owner.id)).toEqual({ token_balance: 0, redeemable_tokens: 0 });
    expect(await p.bidderSocket.next('connectionRejected')).toMatchObject({
      connectionId: p.id,
      gracePeriod: null,
      tokenBalance: 1000,
      redeemableTokens: 0,
    });
    const ownerEvent = await p.ownerSocket.next('connectionRejected');
    expect(ownerEvent).not.toHaveProperty('tokenBalance');

    const late = await setStatus(p.ownerSocket, p.id, 'accepted');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The time to change your mind has passed.');
    expect(await connectionRow(p.id)).toEqual({ status: 'rejected', escrow_state: 'refunded' });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('reminds the owner once at 24 h and expires the connection at 48 h with a refund', async () => {
    const p = await pair(200);
    later(23.9);
    expect(await sweep()).toMatchObject({ reminded: 0, expired: 0 });
    later(0.1);
    expect(await sweep()).toMatchObject({ reminded: 1, expired: 0 });
    expect(await sweep()).toMatchObject({ reminded: 0 });
    const reminder = await p.ownerSocket.next('new-alert');
    expect(reminder).toMatchObject({
      kind: 'connection_pending_reminder',
      payload: { connectionId: p.id, userId: p.bidder.id },
    });
    expect(reminder.message).toContain('waiting for you to accept');

    later(24);
    expect(await sweep()).toMatchObject({ expired: 1 });
    expect(await p.bidderSocket.next('connectionExpired')).toMatchObject({
      connectionId: p.id,
      status: 'expired',
      tokenBalance: 1000,
    });
    expect(await p.ownerSocket.next('connectionExpired')).toMatchObject({ status: 'expired' });
    expect(await ledgerOf(p.id)).toEqual([
      { user_id: p.bidder.id, amount: 200, transaction_type: 'refund' },
    ]);
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 1000, redeemable_tokens: 0 });
    expect((await alertsOf(p.bidder.id)).at(-1)).toMatchObject({ kind: 'connection_expired' });
    // The first alert is the bid itself (the owner's bid_notification is on by default).
    expect((await alertsOf(p.owner.id)).map((a) => a.kind)).toEqual([
      'bid_received',
      'winning_bidder_connection_pending',
      'connection_pending_reminder',
      'connection_expired',
    ]);
    const late = await setStatus(p.ownerSocket, p.id, 'accepted');
    expect(late.statusCode).toBe(409);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('a sweep after downtime expires what fell due, without a late reminder; a late click is refused', async () => {
    const p = await pair(100);
    later(60);
    const late = await setStatus(p.ownerSocket, p.id, 'accepted');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This connection is no longer waiting for an answer.');
    expect(await sweep()).toMatchObject({ reminded: 0, expired: 1 });
    expect((await alertsOf(p.owner.id)).map((a) => a.kind)).not.toContain(
      'connection_pending_reminder',
    );
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 1000, redeemable_tokens: 0 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it("says 'It's mutual!' once to each member when two connections between them engage", async () => {
    const [first] = await pendingConnections(t.database.db, clock, 1, { amount: 100 });
    const [second] = await pendingConnections(t.database.db, clock, 1, {
      amount: 110,
      owner: first!.owner,
      bidder: first!.bidder,
    });
    const owner = await listen(t, first!.owner);
    opened.push(owner);
    for (const c of [first!, second!]) {
      expect((await setStatus(owner, c.id, 'accepted')).statusCode).toBe(200);
    }
    await sendMessage(first!.bidder.id, first!.owner.id);
    const engaged = await sendMessage(first!.owner.id, first!.bidder.id);
    expect(engaged.alerts.map((a) => [a.user_id, a.kind])).toEqual([
      [first!.bidder.id, 'connection_mutual'],
      [first!.owner.id, 'connection_mutual'],
      [first!.owner.id, 'connection_reward'],
      [first!.owner.id, 'connection_reward'],
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('unmatch before engagement refunds the bidder; either side may unmatch once', async () => {
    const p = await pair(130);
    const early = await setStatus(p.bidderSocket, p.id, 'unmatched');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Only an accepted connection can be unmatched.');
    await setStatus(p.ownerSocket, p.id, 'accepted');
    await sendMessage(p.bidder.id, p.owner.id);

    const res = await setStatus(p.bidderSocket, p.id, 'unmatched');
    expect(res.statusCode).toBe(200);
    expect(res.json().connection).toMatchObject({ status: 'unmatched', escrow_state: 'refunded' });
    expect(await p.bidderSocket.next('connectionUnmatched')).toMatchObject({
      connectionId: p.id,
      tokenBalance: 1000,
    });
    expect(await p.ownerSocket.next('connectionUnmatched')).not.toHaveProperty('tokenBalance');
    expect(await ledgerOf(p.id)).toEqual([
      { user_id: p.bidder.id, amount: 130, transaction_type: 'refund' },
    ]);
    expect((await setStatus(p.ownerSocket, p.id, 'unmatched')).statusCode).toBe(409);
    // A message after the unmatch engages nothing.
    expect((await sendMessage(p.owner.id, p.bidder.id)).events).toEqual([]);
    expect(await balances(p.owner.id)).toEqual({ token_balance: 0, redeemable_tokens: 0 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('engagement pays the owner once (a free bid arrives as free tokens); unmatch afterwards moves nothing', async () => {
    const p = await pair(250);
    await setStatus(p.ownerSocket, p.id, 'accepted');
    later(30);
    const first = await sendMessage(p.bidder.id, p.owner.id);
    expect(first).toEqual({ alerts: [], events: [] });
    expect(await sendMessage(p.bidder.id, p.owner.id)).toEqual({ alerts: [], events: [] });
    const second = await sendMessage(p.owner.id, p.bidder.id);
    expect(second.alerts.map((a) => [a.user_id, a.kind])).toEqual([
      [p.bidder.id, 'connection_mutual'],
      [p.owner.id, 'connection_mutual'],
      [p.owner.id, 'connection_reward'],
    ]);
    expect(await ledgerOf(p.id)).toEqual([
      { user_id: p.owner.id, amount: 250, transaction_type: 'win' },
    ]);
    // The test bidder's tokens are an admin's grant: promotional, so none become redeemable.
    expect(await balances(p.owner.id)).toEqual({ token_balance: 250, redeemable_tokens: 0 });
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 750, redeemable_tokens: 0 });
    expect(await p.ownerSocket.next('connectionReward')).toMatchObject({
      connectionId: p.id,
      amount: 250,
      tokenBalance: 250,
      redeemableTokens: 0,
    });
    expect(await p.bidderSocket.next('connectionReward')).not.toHaveProperty('tokenBalance');
    const mutual = await p.bidderSocket.next('new-alert', (a) => a.kind === 'connection_mutual');
    expect(mutual).toMatchObject({
      kind: 'connection_mutual',
      payload: { connectionId: p.id, userId: p.owner.id },
    });
    const ownerAlerts = await alertsOf(p.owner.id);
    expect(ownerAlerts.at(-1)).toMatchObject({
      kind: 'connection_reward',
      payload: { connectionId: p.id, amount: 250 },
    });
    // On main it said 'They are redeemable for cash.' of these free tokens (issue 46).
    expect(ownerAlerts.at(-1)?.message).toBe(
      `You earned 250 tokens for engaging with ${p.bidder.username}. They were free tokens: they stay yours for bidding and are not redeemable for cash.`,
    );
    expect(await sendMessage(p.owner.id, p.bidder.id)).toEqual({ alerts: [], events: [] });

    // Engaged connections never expire for want of engagement.
    later(24 * 8);
    await sweep();
    expect(await connectionRow(p.id)).toEqual({ status: 'accepted', escrow_state: 'paid' });
    const res = await setStatus(p.ownerSocket, p.id, 'unmatched');
    expect(res.json().connection).toMatchObject({ status: 'unmatched', escrow_state: 'paid' });
    expect(await p.ownerSocket.next('connectionUnmatched')).not.toHaveProperty('tokenBalance');
    expect(await ledgerOf(p.id)).toHaveLength(1);
    expect(await balances(p.owner.id)).toEqual({ token_balance: 250, redeemable_tokens: 0 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('seven days accepted without engagement expire the connection and refund the bidder', async () => {
    const p = await pair(90);
    await setStatus(p.ownerSocket, p.id, 'accepted');
    await sendMessage(p.owner.id, p.bidder.id);
    later(24 * 7 - 1);
    await sweep();
    expect(await connectionRow(p.id)).toEqual({ status: 'accepted', escrow_state: 'held' });
    later(1);
    expect(await sweep()).toMatchObject({ expiredWithoutEngagement: 1 });
    expect(await connectionRow(p.id)).toEqual({ status: 'expired', escrow_state: 'refunded' });
    expect(await ledgerOf(p.id)).toEqual([
      { user_id: p.bidder.id, amount: 90, transaction_type: 'refund' },
    ]);
    expect(await balances(p.bidder.id)).toEqual({ token_balance: 1000, redeemable_tokens: 0 });
    expect(await balances(p.owner.id)).toEqual({ token_balance: 0, redeemable_tokens: 0 });
    expect(await p.bidderSocket.next('connectionExpired')).toMatchObject({ tokenBalance: 1000 });
    expect(await p.ownerSocket.next('connectionExpired')).toMatchObject({ status: 'expired' });
    for (const id of [p.owner.id, p.bidder.id]) {
      const last = (await alertsOf(id)).at(-1)!;
      expect(last.kind).toBe('connection_expired');
      expect(last.message).toContain('expired without a conversation');
    }
    // The late message pays nobody.
    expect((await sendMessage(p.bidder.id, p.owner.id)).events).toEqual([]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('an admin shortens a timer and runs the sweeper now; members may not', async () => {
    const admin = await buildMember(t.database.db, {
      phone_number: ADMIN_PHONE,
      is_approved: true,
      onboarded: 14,
    });
    const { token } = await signIn(t, admin.phone_number);
    const adminHeaders = { authorization: `Bearer ${token}` };
    const p = await pair(70);

    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connections/sweep',
      headers: p.ownerSocket.headers,
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/connections/sweep' })).statusCode,
    ).toBe(401);

    later(0.5);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: adminHeaders,
      payload: { connection_reminder_hours: 0.1, connection_expiry_hours: 0.25 },
    });
    expect(set.statusCode).toBe(200);
    const swept = await t.app.inject({
      method: 'POST',
      url: '/api/admin/connections/sweep',
      headers: adminHeaders,
    });
    expect(swept.statusCode).toBe(200);
    expect(swept.json()).toMatchObject({ success: true, expired: 1, reminded: 0 });
    expect(await p.bidderSocket.next('connectionExpired')).toMatchObject({ tokenBalance: 1000 });
    expect(await connectionRow(p.id)).toEqual({ status: 'expired', escrow_state: 'refunded' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: adminHeaders,
      payload: { connection_reminder_hours: 24, connection_expiry_hours: 48 },
    });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
