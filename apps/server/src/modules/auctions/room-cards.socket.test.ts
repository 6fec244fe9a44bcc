// Room joins are answered from kept cards, yet a join after a change always shows it: a
// bid, a leader's withdrawal, a removal, a block or its undoing, and a period's close each
// forget the card before their broadcasts reach the room. Each case first keeps the card
// with a join.
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../../test/marketplace';
import { liveTestApp, nextEvent } from '../../../test/sockets';
import { processRegistry } from '../../lib/metrics';
import { sweepPeriods } from './period-sweep';

const clock = testClock('2025-07-01T15:00:00Z');
const live = liveTestApp(clock.clock);
const { connected, auctionOf } = live;

interface Card {
  id: number;
  current_bid: number;
  lead_bidder_id: number | null;
  your_maximum: number | null;
  status: string;
}

/** The card a join of the room is answered with (failing after 5 s without one). */
async function joinedCard(socket: Socket, auctionId: number): Promise<Card> {
  const answer = nextEvent<{ auctionData: Card }>(socket, 'roomJoined');
  socket.emit('joinRoom', `auction_${auctionId}`);
  return (await answer).auctionData;
}

/** Whether a join of the room goes without a card for 600 ms. */
async function joinUnanswered(socket: Socket, auctionId: number): Promise<boolean> {
  const answer = nextEvent(socket, 'roomJoined', 600).then(
    () => false,
    () => true,
  );
  socket.emit('joinRoom', `auction_${auctionId}`);
  return answer;
}

const deleteAccount = (headers: Record<string, string>) =>
  live.t.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers,
    payload: { confirm: 'DELETE' },
  });

describe('room joins answered from kept cards', () => {
  it('answers joins after the first from the card kept in memory', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const keptJoins = async () => {
      const joins = await processRegistry.getSingleMetric('bidboard_room_joins_total')?.get();
      return (joins?.values ?? [])
        .filter((v) => v.labels.card === 'kept')
        .reduce((n, v) => n + v.value, 0);
    };
    const before = await keptJoins();
    for (const tokens of [0, 0, 0]) {
      expect(await joinedCard((await connected(tokens)).socket, auctionId)).toMatchObject({
        id: auctionId,
      });
    }
    expect((await keptJoins()) - before).toBe(2);
  });

  it('show a bid, and a leader their own raised maximum, to the next join', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const watcher = await connected(0);
    const bidder = await connected(1000);
    expect(await joinedCard(watcher.socket, auctionId)).toMatchObject({ current_bid: 0 });

    const update = nextEvent(watcher.socket, 'bidUpdate');
    bidder.socket.emit('placeBid', { auctionId, bidderId: bidder.id, bidAmount: 120 });
    await update;
    expect(await joinedCard((await connected(0)).socket, auctionId)).toMatchObject({
      current_bid: 120,
      lead_bidder_id: bidder.id,
      your_maximum: null,
    });
    expect(await joinedCard(bidder.socket, auctionId)).toMatchObject({ your_maximum: 120 });

    // Raising one's own maximum while leading shows nobody a new amount, only the leader.
    const raised = nextEvent(bidder.socket, 'bidSuccess');
    bidder.socket.emit('placeBid', {
      auctionId,
      bidderId: bidder.id,
      bidAmount: 300,
      maximum: true,
    });
    expect(await raised).toMatchObject({ auction: { current_bid: 120 }, yourMaximum: 300 });
    expect(await joinedCard(bidder.socket, auctionId)).toMatchObject({
      current_bid: 120,
      your_maximum: 300,
    });
  });

  it('show a withdrawn leader voided, a block and its undoing, and a removal', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const leaver = await connected(500);
    const watcher = await connected(0);
    const leadChange = nextEvent(watcher.socket, 'bidUpdate');
    expect(await joinedCard(watcher.socket, auctionId)).toMatchObject({ current_bid: 0 });
    leaver.socket.emit('placeBid', { auctionId, bidderId: leaver.id, bidAmount: 150 });
    await leadChange;
    expect(await joinedCard(watcher.socket, auctionId)).toMatchObject({ current_bid: 150 });

    expect((await deleteAccount(leaver.headers)).statusCode).toBe(200);
    expect(await joinedCard(watcher.socket, auctionId)).toMatchObject({
      current_bid: 0,
      lead_bidder_id: null,
    });

    const blocked = await live.t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: owner.headers,
      payload: { user_id: watcher.id },
    });
    expect(blocked.statusCode).toBe(200);
    expect(await joinUnanswered(watcher.socket, auctionId)).toBe(true);
    const unblocked = await live.t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${watcher.id}`,
      headers: owner.headers,
    });
    expect(unblocked.statusCode).toBe(200);
    expect(await joinedCard(watcher.socket, auctionId)).toMatchObject({ id: auctionId });

    const other = await connected(0);
    expect(await joinedCard(other.socket, auctionId)).toMatchObject({ id: auctionId });
    const removed = nextEvent(other.socket, 'auctionDeleted');
    expect((await deleteAccount(owner.headers)).statusCode).toBe(200);
    await removed;
    expect(await joinUnanswered(other.socket, auctionId)).toBe(true);
  });

  it("show a period's close", async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const watcher = await connected(0);
    expect(await joinedCard(watcher.socket, auctionId)).toMatchObject({ status: 'active' });
    const change = nextEvent(watcher.socket, 'periodChange');
    clock.set('2025-07-04T00:00:00Z');
    await sweepPeriods({
      db: live.t.database.db,
      clock: clock.clock,
      realtime: live.t.app.realtime,
    });
    await change;
    expect(await joinedCard(watcher.socket, auctionId)).toMatchObject({ status: 'closed' });
  });
});
