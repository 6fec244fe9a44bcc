// A block hides two members from each other over sockets too: the blocked member is
// taken out of the blocker's auction room at once and cannot join it again, so neither
// card nor bid updates reach them. Another watcher sees everything as before.
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../../test/marketplace';
import { liveTestApp } from '../../../test/sockets';

const clock = testClock('2025-07-01T15:00:00Z');
const live = liveTestApp(clock.clock);
const { connected, auctionOf } = live;

/** The events of `name` the socket receives from now on. */
function record(socket: Socket, name: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(name, (payload: unknown) => seen.push(payload));
  return seen;
}

async function join(socket: Socket, auctionId: number) {
  const joined = new Promise((resolve) => socket.once('roomJoined', resolve));
  socket.emit('joinRoom', `auction_${auctionId}`);
  await joined;
}

const settle = () => new Promise((r) => setTimeout(r, 400));

describe('blocking over sockets', () => {
  it('takes the blocked member out of the room at once and keeps them out', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const blocked = await connected(0);
    const other = await connected(0);
    const bidder = await connected(500);
    await join(blocked.socket, auctionId);
    await join(other.socket, auctionId);

    const res = await live.t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: owner.headers,
      payload: { user_id: blocked.id },
    });
    expect(res.statusCode).toBe(200);

    const blockedUpdates = record(blocked.socket, 'bidUpdate');
    const otherUpdates = record(other.socket, 'bidUpdate');
    bidder.socket.emit('placeBid', { auctionId, bidderId: bidder.id, bidAmount: 120 });
    await settle();
    expect(otherUpdates).toHaveLength(1);
    expect(blockedUpdates).toHaveLength(0);

    const blockedJoins = record(blocked.socket, 'roomJoined');
    blocked.socket.emit('joinRoom', `auction_${auctionId}`);
    await join(other.socket, auctionId);
    bidder.socket.emit('placeBid', { auctionId, bidderId: bidder.id, bidAmount: 130 });
    await settle();
    expect(otherUpdates).toHaveLength(2);
    expect(blockedJoins).toHaveLength(0);
    expect(blockedUpdates).toHaveLength(0);
  });
});
