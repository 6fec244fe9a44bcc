// An admin takes an auction off the board: the leader is refunded once, the room hears
// auctionDeleted, and the ledger still adds up.
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { balanceOf, buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { users } from '../../db/schema';
import { sweepPeriods } from './period-sweep';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function member(tokens: number) {
  const row = await buildBidder(t.database.db, tokens);
  const { token } = await signIn(t, row.phone_number);
  return { ...row, token, headers: { authorization: `Bearer ${token}` } };
}

describe('removing an auction', () => {
  it('refunds the leader, tells the room and happens once', async () => {
    const owner = await member(0);
    const bidder = await member(500);
    const admin = await member(0);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    await sweepPeriods({ db: t.database.db, clock: clock.clock });
    const [auction] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id}`,
    );
    const auctionId = auction!.id;
    const bid = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/bids`,
      headers: bidder.headers,
      payload: { amount: 120 },
    });
    expect(bid.statusCode).toBe(200);
    expect(await balanceOf(t.database.db, bidder.id)).toBe(380);

    const socket = connect(url, {
      auth: { token: bidder.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const joined = new Promise((resolve) => socket.once('roomJoined', resolve));
    socket.emit('joinRoom', `auction_${auctionId}`);
    await joined;
    const deleted = new Promise((resolve) => socket.once('auctionDeleted', resolve));
    const balance = new Promise((resolve) => socket.once('leadBidderUpdate', resolve));

    const remove = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/admin/auctions/${auctionId}`,
        headers: admin.headers,
      });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/admin/auctions/${auctionId}`,
          headers: bidder.headers,
        })
      ).statusCode,
    ).toBe(403);
    const res = await remove();
    expect(res.json()).toEqual({ success: true, auctionId, refundedBidderId: bidder.id });
    expect(await deleted).toEqual({
      auctionId,
      message: 'This profile was removed from the Bid Board. Any bid you held on it was refunded.',
    });
    expect(await balance).toEqual({ userId: bidder.id, tokenBalance: 500 });
    expect((await remove()).statusCode).toBe(404);
    expect(await balanceOf(t.database.db, bidder.id)).toBe(500);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/auctions/${auctionId}` })).statusCode,
    ).toBe(404);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
    socket.close();
  });
});
