// Suspension: the member's sockets are cut at once, their tokens stop working and they
// cannot sign in; their auction leaves the board with its leader refunded, their lead on
// another auction and their held connection bid come back to them, the member who won
// their auction is refunded, and their connections end. Twice in parallel refunds once;
// restoring lets them back in and leaves the refunds alone.
import { SAFETY_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCodeFor, signIn, type TestApp } from '../../../test/app';
import { listen } from '../../../test/connections';
import { balanceOf, ledgerProblems, testClock } from '../../../test/marketplace';
import { entangledMember } from '../../../test/safety';
import { rows } from '../../db/client';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, poolSize: 20 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const suspend = (headers: { authorization: string }, userId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/suspend`,
    headers,
    payload: { reason: 'Scam messages' },
  });

async function auditRows(action: string, targetId: number) {
  return rows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM admin_audit_log WHERE action = ${action} AND target_id = ${String(targetId)}`,
  );
}

describe('suspending a member', () => {
  it('cuts their socket within a second, refunds every escrow and ends their connections', async () => {
    const s = await entangledMember(t, clock);
    expect(await balanceOf(t.database.db, s.member.id)).toBe(750);
    const socket = await listen(t, s.member);
    const wonFrom = await listen(t, s.wonFrom);
    const leader = await listen(t, s.leader);
    const disconnected = new Promise<number>((resolve) =>
      socket.socket.on('disconnect', () => resolve(Date.now())),
    );

    const started = Date.now();
    const res = await suspend(s.admin.headers, s.member.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.member.id, suspension_reason: 'Scam messages' });
    expect((await disconnected) - started).toBeLessThan(1000);

    // Signed out everywhere and kept out, with a clear message.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: socket.headers });
    expect(me.statusCode).toBe(401);
    const otp = await requestCodeFor(t, s.member.phone_number);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { phone_number: s.member.phone_number, otp },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ code: 'ACCOUNT_SUSPENDED', message: SAFETY_MESSAGES.suspended });

    // Every escrow came back: the member's lead and won bid, the leader, the winner.
    expect(await balanceOf(t.database.db, s.member.id)).toBe(1000);
    expect(await balanceOf(t.database.db, s.leader.id)).toBe(1000);
    expect(await balanceOf(t.database.db, s.winnerId)).toBe(1000);
    expect(await balanceOf(t.database.db, s.outbid.id)).toBe(1000);
    expect(await leader.next('leadBidderUpdate')).toEqual({
      userId: s.leader.id,
      tokenBalance: 1000,
    });
    expect(await wonFrom.next('connectionUnmatched')).toMatchObject({
      connectionId: s.heldConnectionId,
      status: 'unmatched',
    });
    const [auctions] = await rows<{ own: string; other_bid: number; other_lead: number | null }>(
      t.database.db,
      sql`SELECT (SELECT status FROM auctions WHERE id = ${s.memberAuction}) AS own,
                 (SELECT current_bid FROM auctions WHERE id = ${s.otherAuction}) AS other_bid,
                 (SELECT lead_bidder_id FROM auctions WHERE id = ${s.otherAuction}) AS other_lead`,
    );
    expect(auctions).toEqual({ own: 'deleted', other_bid: 0, other_lead: null });
    const connections = await rows<{ id: number; status: string; escrow_state: string }>(
      t.database.db,
      sql`SELECT id, status, escrow_state FROM connections
           WHERE id IN (${s.heldConnectionId}, ${s.ownedConnectionId}) ORDER BY id`,
    );
    expect(connections.map((c) => [c.status, c.escrow_state])).toEqual([
      ['unmatched', 'refunded'],
      ['unmatched', 'refunded'],
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);

    // Others no longer see their auction; the voided auction takes bids from its start.
    const board = await t.app.inject({
      method: 'POST',
      url: '/api/auctions/search',
      headers: leader.headers,
      payload: { searchString: s.member.username },
    });
    expect(board.json().auctions).toEqual([]);
    const rebid = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${s.otherAuction}/bids`,
      headers: (await listen(t, s.outbid)).headers,
      payload: { amount: 10 },
    });
    expect(rebid.statusCode).toBe(200);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    expect(await auditRows('member.suspend', s.member.id)).toHaveLength(1);

    // Restore: they can sign in again; the refunds stay.
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${s.member.id}/restore`,
      headers: s.admin.headers,
    });
    expect(restore.json().user).toEqual({
      id: s.member.id,
      suspended_at: null,
      suspension_reason: null,
    });
    const back = await signIn(t, s.member.phone_number);
    expect(back.user.tokenBalance).toBe(1000);
    expect(await auditRows('member.restore', s.member.id)).toHaveLength(1);
    for (const l of [socket, wonFrom, leader]) l.socket.disconnect();
  });

  it('twice in parallel suspends and refunds once', async () => {
    const s = await entangledMember(t, clock);
    const results = await Promise.all([
      suspend(s.admin.headers, s.member.id),
      suspend(s.admin.headers, s.member.id),
      suspend(s.admin.headers, s.member.id),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      SAFETY_MESSAGES.alreadySuspended,
    );
    expect(await balanceOf(t.database.db, s.member.id)).toBe(1000);
    expect(await balanceOf(t.database.db, s.winnerId)).toBe(1000);
    expect(await balanceOf(t.database.db, s.leader.id)).toBe(1000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    expect(await auditRows('member.suspend', s.member.id)).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const s = await entangledMember(t, clock);
    const asMember = await suspend((await listen(t, s.leader)).headers, s.member.id);
    expect(asMember.statusCode).toBe(403);
    const asVisitor = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${s.member.id}/suspend`,
      payload: { reason: 'x' },
    });
    expect(asVisitor.statusCode).toBe(401);
    expect(await balanceOf(t.database.db, s.member.id)).toBe(750);
  });
});
