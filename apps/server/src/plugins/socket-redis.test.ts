// Two servers sharing Redis: an event emitted on one reaches a member connected to the other.
import type { AddressInfo } from 'node:net';
import { userRoom } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { buildMember } from '../../test/factories';
import { buildBidder, testClock } from '../../test/marketplace';
import { buildApp } from '../app';
import { rows } from '../db/client';
import { sweepPeriods } from '../modules/auctions/period-sweep';
import { ensureOpenPeriod } from '../modules/auctions/periods.service';
import { placeBid } from '../modules/bids/bids.service';

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('Socket.IO across servers through Redis', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl!, SWEEPER_ENABLED: 'false' });
    b = await buildApp({ config: a.config, database: a.database, sms: a.sms });
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A member's socket connected to server B. */
  async function connectToB(token: string) {
    const url = `http://127.0.0.1:${(b.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return socket;
  }

  it('delivers to a member on the other server', async () => {
    const member = await buildMember(a.database.db);
    const { token } = await signIn(a, member.phone_number);
    const socket = await connectToB(token);
    const received = new Promise((resolve) => socket.on('new-alert', resolve));
    // The streams adapter needs a moment to start reading before the first emit.
    await new Promise((r) => setTimeout(r, 300));
    a.app.io.to(userRoom(member.id)).emit('new-alert', {
      id: 7,
      kind: 'outbid',
      message: 'From server A',
      payload: {},
      created_at: new Date().toISOString(),
      isRead: false,
    });
    expect(await received).toMatchObject({ id: 7, message: 'From server A' });
    socket.close();
  });

  it('delivers the alerts of a close on one server to a winner on the other', async () => {
    const clock = testClock('2024-02-05T15:00:00Z');
    const owner = await buildBidder(a.database.db, 0);
    const winner = await buildBidder(a.database.db, 500);
    const period = await ensureOpenPeriod(a.database.db, clock.clock());
    const [auction] = await rows<{ id: number }>(
      a.database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id})
          ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
    );
    await placeBid(
      { db: a.database.db, clock: clock.clock },
      { auctionId: auction!.id, bidderId: winner.id, amount: 120 },
    );
    const { token } = await signIn(a, winner.phone_number);
    const socket = await connectToB(token);
    const received = new Promise((resolve) => socket.on('new-alert', resolve));
    await new Promise((r) => setTimeout(r, 300));
    clock.set(period.end_time);
    await sweepPeriods({ db: a.database.db, clock: clock.clock, realtime: a.app.realtime });
    expect(await received).toMatchObject({
      kind: 'auction_won',
      payload: { auctionId: auction!.id, amount: 120 },
    });
    socket.close();
  });

  it('answers a join on one server with a bid placed on the other, though it kept the card', async () => {
    const owner = await buildBidder(a.database.db, 0);
    const bidder = await buildBidder(a.database.db, 500);
    // The test before left a period of 2024 open; bids here go by the servers' own clock.
    await sweepPeriods({ db: a.database.db, clock: () => new Date() });
    const period = await ensureOpenPeriod(a.database.db, new Date());
    const [auction] = await rows<{ id: number }>(
      a.database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id})
          ON CONFLICT (user_id, period_id) DO UPDATE SET updated_at = now() RETURNING id`,
    );
    const auctionId = auction!.id;
    const onB = async () =>
      connectToB((await signIn(a, (await buildMember(a.database.db)).phone_number)).token);
    const joinedCard = (socket: Awaited<ReturnType<typeof onB>>) => {
      const card = new Promise<{ current_bid: number }>((resolve) =>
        socket.once('roomJoined', ({ auctionData }) => resolve(auctionData)),
      );
      socket.emit('joinRoom', `auction_${auctionId}`);
      return card;
    };
    const watcher = await onB();
    expect(await joinedCard(watcher)).toMatchObject({ current_bid: 0 });
    await new Promise((r) => setTimeout(r, 300));

    const update = new Promise((resolve) => watcher.once('bidUpdate', resolve));
    const { token } = await signIn(a, bidder.phone_number);
    const bid = await a.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/bids`,
      headers: { authorization: `Bearer ${token}` },
      payload: { amount: 120 },
    });
    expect(bid.json()).toMatchObject({ success: true });
    await update;
    const next = await onB();
    expect(await joinedCard(next)).toMatchObject({ current_bid: 120 });
    watcher.close();
    next.close();
  });
});
