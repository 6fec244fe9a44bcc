// Bidding over real sockets: the same placeBid as REST, with its events and errors.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { testClock } from '../../../test/marketplace';
import { liveTestApp, nextEvent } from '../../../test/sockets';
import { rows } from '../../db/client';
import type { RealtimeEvent } from '../../lib/realtime';
import { sweepPeriods } from '../auctions/period-sweep';

const clock = testClock('2025-07-01T15:00:00Z');
const live = liveTestApp(clock.clock);
const { connected, auctionOf } = live;

describe('socket bidding', () => {
  it('joins a room, bids, and tells the room, the bidder and the outbid member', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const alice = await connected(500);
    const bob = await connected(500);
    const watcher = await connected(0);

    const joined = nextEvent<{ auctionData: { auctionId: number } }>(watcher.socket, 'roomJoined');
    watcher.socket.emit('joinRoom', `auction_${auctionId}`);
    expect((await joined).auctionData.auctionId).toBe(auctionId);

    const firstUpdate = nextEvent(watcher.socket, 'bidUpdate');
    const aliceSuccess = nextEvent(alice.socket, 'bidSuccess');
    alice.socket.emit('placeBid', { auctionId, bidderId: alice.id, bidAmount: 120 });
    expect(await firstUpdate).toEqual({
      id: auctionId,
      bidAmount: 120,
      bidderId: alice.id,
      bidderUsername: alice.username,
      reserveMet: null,
    });
    expect(await aliceSuccess).toMatchObject({
      bid: { auction_id: auctionId, user_id: alice.id, bid_amount: 120 },
      tokenBalance: 380,
    });

    // Bob outbids Alice over REST: the same events fire.
    const refund = nextEvent(alice.socket, 'leadBidderUpdate');
    const alert = nextEvent<{ kind: string; payload: Record<string, unknown> }>(
      alice.socket,
      'new-alert',
    );
    const update = nextEvent(watcher.socket, 'bidUpdate');
    const res = await live.t.app.inject({
      method: 'POST',
      url: `/api/auctions/${auctionId}/bids`,
      payload: { amount: 130 },
      headers: bob.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await refund).toEqual({ userId: alice.id, tokenBalance: 500 });
    expect(await alert).toMatchObject({
      kind: 'outbid',
      payload: {
        newBidAmount: 130,
        newBidderUsername: bob.username,
        auctionCreatorUsername: owner.username,
      },
    });
    expect(await update).toMatchObject({ bidAmount: 130, bidderId: bob.id });

    // Errors come back as bidError with a code from shared, the auction id, and the text's
    // key and arguments for the member's language (the message stays the spec's English).
    const cases: [Record<string, unknown>, string, string, Record<string, unknown>][] = [
      [
        { auctionId, bidderId: alice.id, bidAmount: 135 },
        'BID_REJECTED',
        'Your bid must be at least 140 tokens.',
        { key: 'AUCTION_MESSAGES.bidTooLow', params: { minimum: 140 } },
      ],
      [
        { auctionId, bidderId: alice.id, bidAmount: 600 },
        'INSUFFICIENT_TOKENS',
        'Insufficient tokens',
        { key: 'ERROR_CODE_MESSAGES.INSUFFICIENT_TOKENS' },
      ],
      [
        { auctionId, bidderId: bob.id, bidAmount: 200 },
        'FORBIDDEN',
        'You can only bid as yourself.',
        { key: 'AUCTION_MESSAGES.bidderMismatch' },
      ],
      [
        { auctionId: 999_999, bidderId: alice.id, bidAmount: 200 },
        'NOT_FOUND',
        'Auction not found',
        { key: 'AUCTION_MESSAGES.auctionNotFound' },
      ],
      [
        { auctionId, bidderId: alice.id, bidAmount: 'lots' },
        'VALIDATION',
        'Invalid request',
        { key: 'MESSAGES.invalidRequest' },
      ],
    ];
    for (const [payload, code, message, text] of cases) {
      const error = nextEvent(alice.socket, 'bidError');
      alice.socket.emit('placeBid', payload);
      expect(await error).toEqual({ code, message, auctionId: payload.auctionId, text });
    }
    const own = nextEvent(owner.socket, 'bidError');
    owner.socket.emit('placeBid', { auctionId, bidderId: owner.id, bidAmount: 200 });
    expect(await own).toEqual({
      code: 'BID_REJECTED',
      message: 'You cannot bid on your own auction.',
      auctionId,
      text: { key: 'AUCTION_MESSAGES.ownAuction' },
    });

    // After leaving, the room's updates stop reaching the watcher.
    watcher.socket.emit('leaveRoom', auctionId);
    await new Promise((r) => setTimeout(r, 100));
    let leaked = false;
    watcher.socket.once('bidUpdate', () => {
      leaked = true;
    });
    const done = nextEvent(alice.socket, 'bidSuccess');
    alice.socket.emit('placeBid', { auctionId, bidderId: alice.id, bidAmount: 140 });
    await done;
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
  });

  it('answers a page of room joins sent at once, each with its own card', async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => connected(0)));
    const ids = [];
    for (const o of owners) ids.push(await auctionOf(o.id));
    await live.t.database.db.execute(
      sql`UPDATE auctions SET status = 'deleted' WHERE id = ${ids[5]!}`,
    );
    const watcher = await connected(0);
    const answered: { auctionId: number; user_id: number }[] = [];
    watcher.socket.on('roomJoined', ({ auctionData }) => answered.push(auctionData));
    for (const id of ids) watcher.socket.emit('joinRoom', `auction_${id}`);
    await vi.waitFor(() => expect(answered).toHaveLength(5));
    await new Promise((r) => setTimeout(r, 100));
    expect(answered.map((a) => a.auctionId).sort()).toEqual(ids.slice(0, 5).sort());
    for (const card of answered) {
      expect(card.user_id).toBe(owners[ids.indexOf(card.auctionId)]!.id);
    }
  });

  it('broadcasts the period change after a close', async () => {
    const member = await connected(0);
    const change = nextEvent<{ periodId: number; endTime: string }>(member.socket, 'periodChange');
    clock.set('2025-07-04T00:00:00Z');
    const { closed } = await sweepPeriods({
      db: live.t.database.db,
      clock: clock.clock,
      realtime: live.t.app.realtime,
    });
    expect(closed).not.toBeNull();
    expect(await change).toMatchObject({
      periodId: closed!.next.id,
      endTime: '2025-07-11T00:00:00.000Z',
    });
  });

  it('delivers the alerts of a close to the online winner and owner', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const winner = await connected(500);
    const offline = await connected(500);
    const offlineAuction = await auctionOf(offline.id);
    for (const [id, bidder] of [
      [auctionId, winner],
      [offlineAuction, winner],
    ] as const) {
      const res = await live.t.app.inject({
        method: 'POST',
        url: `/api/auctions/${id}/bids`,
        headers: bidder.headers,
        payload: { amount: 100 },
      });
      expect(res.statusCode).toBe(200);
    }
    offline.socket.disconnect();
    const won: Record<string, unknown>[] = [];
    winner.socket.on('new-alert', (alert) => won.push(alert));
    const pending = nextEvent<{ kind: string; payload: Record<string, unknown> }>(
      owner.socket,
      'new-alert',
    );
    const [period] = await rows<{ end_time: Date }>(
      live.t.database.db,
      sql`SELECT end_time FROM auction_periods WHERE status = 'open'`,
    );
    clock.set(period!.end_time);
    await sweepPeriods({
      db: live.t.database.db,
      clock: clock.clock,
      realtime: live.t.app.realtime,
    });
    expect(await pending).toMatchObject({
      kind: 'winning_bidder_connection_pending',
      payload: { winningBidderUserId: winner.id, newBidAmount: 100 },
    });
    await vi.waitFor(() => expect(won).toHaveLength(2));
    expect(won.map((a) => a.kind)).toEqual(['auction_won', 'auction_won']);
  });

  it('a watcher that was disconnected during bids catches up when it joins the room again', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const bidder = await connected(1000);
    const watcher = await connected(0);
    const first = nextEvent(watcher.socket, 'roomJoined');
    watcher.socket.emit('joinRoom', `auction_${auctionId}`);
    await first;
    watcher.socket.disconnect();

    for (const amount of [100, 250]) {
      const res = await live.t.app.inject({
        method: 'POST',
        url: `/api/auctions/${auctionId}/bids`,
        headers: bidder.headers,
        payload: { amount },
      });
      expect(res.statusCode).toBe(200);
    }

    watcher.socket.connect();
    await new Promise<void>((resolve) => watcher.socket.once('connect', () => resolve()));
    const again = nextEvent<{ auctionData: Record<string, unknown> }>(watcher.socket, 'roomJoined');
    watcher.socket.emit('joinRoom', `auction_${auctionId}`);
    const { auctionData } = await again;
    expect(auctionData).toMatchObject({ auctionId, lead_bidder_id: bidder.id, current_bid: 250 });
  });
  it('answers a bid resent with its key again, from the first answer, placing it once', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const alice = await connected(500);
    const key = '6f1c2b5e-8d4a-4c3b-9e2f-1a2b3c4d5e6f';
    const successes: Record<string, unknown>[] = [];
    alice.socket.on('bidSuccess', (payload) => successes.push(payload));
    alice.socket.emit('placeBid', { auctionId, bidderId: alice.id, bidAmount: 120, key });
    alice.socket.emit('placeBid', { auctionId, bidderId: alice.id, bidAmount: 120, key });
    await vi.waitFor(() => expect(successes).toHaveLength(2));
    expect(successes[1]).toEqual(successes[0]);
    expect(successes[0]).toMatchObject({ key, tokenBalance: 380, bid: { bid_amount: 120 } });
    const [stored] = await rows<{ n: number }>(
      live.t.database.db,
      sql`SELECT count(*)::int AS n FROM bids WHERE auction_id = ${auctionId}`,
    );
    expect(stored!.n).toBe(1);

    // A refusal carries the key; a key that is not a UUID is refused at the edge.
    const refused = nextEvent(alice.socket, 'bidError');
    const low = '0b7e0f7a-2c1d-4e5f-8a9b-0c1d2e3f4a5b';
    alice.socket.emit('placeBid', { auctionId, bidderId: alice.id, bidAmount: 100, key: low });
    expect(await refused).toEqual({
      code: 'BID_REJECTED',
      message: 'Your bid must be at least 130 tokens.',
      auctionId,
      key: low,
      text: { key: 'AUCTION_MESSAGES.bidTooLow', params: { minimum: 130 } },
    });
    const invalid = nextEvent(alice.socket, 'bidError');
    alice.socket.emit('placeBid', { auctionId, bidderId: alice.id, bidAmount: 130, key: 'k1' });
    expect(await invalid).toMatchObject({ code: 'VALIDATION', message: 'Invalid request' });
  });

  it('tells a room of a burst of bids at most once per 250 ms, the latest, the last always', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const bidders = [await connected(2000), await connected(2000)];
    const watcher = await connected(0);
    const joined = nextEvent(watcher.socket, 'roomJoined');
    watcher.socket.emit('joinRoom', `auction_${auctionId}`);
    await joined;
    const heard: { bidAmount: number; bidderId: number; at: number }[] = [];
    watcher.socket.on('bidUpdate', ({ bidAmount, bidderId }) =>
      heard.push({ bidAmount, bidderId, at: performance.now() }),
    );

    // Updates published together (as a busy server would): the first, then the latest.
    const update = (bidAmount: number): RealtimeEvent => ({
      kind: 'bidUpdate',
      update: {
        id: auctionId,
        bidAmount,
        bidderId: owner.id,
        bidderUsername: owner.username,
        reserveMet: null,
      },
      hiddenFrom: [],
    });
    await live.t.app.realtime.publish([101, 102, 103, 104, 105].map(update));
    await vi.waitFor(() => expect(heard.map((h) => h.bidAmount)).toEqual([101, 105]));

    // Real bids, alternating bidders as fast as they answer: the room's last word is the last bid.
    let amount = 110;
    for (let i = 0; i < 12; i++, amount += 10) {
      const bidder = bidders[i % 2]!;
      const res = await live.t.app.inject({
        method: 'POST',
        url: `/api/auctions/${auctionId}/bids`,
        payload: { amount },
        headers: bidder.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const last = { bidAmount: amount - 10, bidderId: bidders[1]!.id };
    await vi.waitFor(() => expect(heard.at(-1)).toMatchObject(last), { timeout: 2000 });
    // Sent 250 ms apart on the server; a little jitter on the way to the socket.
    const gaps = heard.slice(1).map((h, i) => h.at - heard[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThan(200);
    const amounts = heard.map((h) => h.bidAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });
});
