// Two members with a block between them, both bidding in a third member's auction, read no
// name of each other (product rules, Blocks cover everything): not in the room's bid
// updates (coalesced or not), the card a join is answered with, the board's cards, the bid
// history or their own bid's answer; everyone else reads the names. A visitor who is not
// signed in reads no bidder at all, neither id nor name (issue 46), and opens no socket.
import { io as connect } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { testClock } from '../../../test/marketplace';
import { liveTestApp, nextEvent } from '../../../test/sockets';

const clock = testClock('2025-07-01T15:00:00Z');
const live = liveTestApp(clock.clock);
const { connected, auctionOf } = live;
type Member = Awaited<ReturnType<typeof connected>>;

interface Update {
  id: number;
  bidAmount: number;
  bidderId: number;
  bidderUsername: string | null;
}

function updatesOf(member: Member): Update[] {
  const seen: Update[] = [];
  member.socket.on('bidUpdate', (update: Update) => seen.push(update));
  return seen;
}

async function joinedCard(member: Member, auctionId: number) {
  const joined = nextEvent<{ auctionData: Record<string, unknown> }>(member.socket, 'roomJoined');
  member.socket.emit('joinRoom', `auction_${auctionId}`);
  return (await joined).auctionData;
}

const inject = (method: 'GET' | 'POST', url: string, member?: Member, payload?: object) =>
  live.t.app.inject({ method, url, headers: member?.headers, payload });

async function bid(member: Member, auctionId: number, amount: number, maximum = false) {
  const placed = new Promise<{ auction: Record<string, unknown> }>((resolve, reject) => {
    member.socket.once('bidSuccess', resolve);
    member.socket.once('bidError', (e: { message: string }) => reject(new Error(e.message)));
  });
  member.socket.emit('placeBid', { auctionId, bidderId: member.id, bidAmount: amount, maximum });
  return placed;
}

const cardOf = async (viewer: Member | undefined, auctionId: number) => {
  const res = await inject('POST', '/api/auctions', viewer, { limit: 50, offset: 0 });
  return (res.json().auctions as Record<string, unknown>[]).find((a) => a.id === auctionId)!;
};

const settle = () => new Promise((r) => setTimeout(r, 600));

describe("a block keeps the two members' names apart in a third member's room", () => {
  it('bid updates, joins, cards, the history and the bid answer name neither to the other', async () => {
    const carol = await connected(0);
    const auctionId = await auctionOf(carol.id);
    const alice = await connected(1000);
    const bob = await connected(1000);
    const dave = await connected(1000);
    const blocked = await inject('POST', '/api/blocks', bob, { user_id: alice.id });
    expect(blocked.statusCode).toBe(200);
    for (const m of [alice, bob, dave]) await joinedCard(m, auctionId);
    const toAlice = updatesOf(alice);
    const toDave = updatesOf(dave);

    // Three bids within one coalescing interval, then one more after it.
    await bid(bob, auctionId, 60);
    await bid(dave, auctionId, 70);
    await bid(bob, auctionId, 80);
    await settle();
    expect(toAlice.at(-1)).toMatchObject({ bidAmount: 80, bidderId: bob.id, bidderUsername: null });
    expect(toDave.at(-1)).toMatchObject({ bidAmount: 80, bidderUsername: bob.username });
    expect(toAlice.filter((u) => u.bidderId === bob.id).length).toBeGreaterThan(0);
    for (const u of toAlice.filter((u) => u.bidderId === bob.id))
      expect(u.bidderUsername).toBe(null);
    expect(toAlice.find((u) => u.bidderId === dave.id)?.bidderUsername ?? dave.username).toBe(
      dave.username,
    );

    expect(await joinedCard(alice, auctionId)).toMatchObject({
      lead_bidder_id: bob.id,
      lead_bidder_username: null,
    });
    expect(await joinedCard(dave, auctionId)).toMatchObject({ lead_bidder_username: bob.username });
    expect(await cardOf(alice, auctionId)).toMatchObject({ lead_bidder_username: null });
    expect(await cardOf(dave, auctionId)).toMatchObject({ lead_bidder_username: bob.username });
    const history = async (viewer: Member) =>
      (await inject('GET', `/api/auctions/${auctionId}/bids`, viewer)).json().bids as {
        user_id: number;
        username: string | null;
      }[];
    expect((await history(alice)).filter((b) => b.user_id === bob.id)).toEqual([
      expect.objectContaining({ username: null }),
      expect.objectContaining({ username: null }),
    ]);
    expect((await history(dave)).find((b) => b.user_id === bob.id)?.username).toBe(bob.username);

    // Bob's maximum answers Alice's bid: her own answer does not name the leader.
    await bid(bob, auctionId, 300, true);
    const answered = await bid(alice, auctionId, 150);
    expect(answered.auction).toMatchObject({ lead_bidder_id: bob.id, lead_bidder_username: null });
    const daveAnswered = await bid(dave, auctionId, 200);
    expect(daveAnswered.auction).toMatchObject({ lead_bidder_username: bob.username });

    // Undone, the names come back.
    await inject('DELETE' as 'GET', `/api/blocks/${alice.id}`, bob);
    expect(await cardOf(alice, auctionId)).toMatchObject({ lead_bidder_username: bob.username });
    expect(await joinedCard(alice, auctionId)).toMatchObject({
      lead_bidder_username: bob.username,
    });
  });

  it('a visitor reads no bidder id or name anywhere, and opens no socket', async () => {
    const owner = await connected(0);
    const auctionId = await auctionOf(owner.id);
    const first = await connected(500);
    const second = await connected(500);
    await bid(first, auctionId, 50);
    await bid(second, auctionId, 60);
    const bidderless = {
      lead_bidder_id: null,
      lead_bidder_username: null,
      previous_lead_bidder_id: [],
    };
    const board = (
      await inject('POST', '/api/auctions', undefined, { limit: 50, offset: 0 })
    ).json().auctions as Record<string, unknown>[];
    expect(board.length).toBeGreaterThan(0);
    for (const card of board) expect(card).toMatchObject(bidderless);
    const search = await inject('POST', '/api/auctions/search', undefined, {
      searchString: owner.username,
    });
    expect(search.json().auctions).toEqual([expect.objectContaining(bidderless)]);
    expect((await inject('GET', `/api/auctions/${auctionId}`)).json().auction).toMatchObject(
      bidderless,
    );
    expect((await inject('GET', `/api/auctions/${auctionId}/bids`)).json().bids).toEqual([
      expect.objectContaining({ amount: 60, user_id: null, username: null }),
      expect.objectContaining({ amount: 50, user_id: null, username: null }),
    ]);
    // A member still reads them.
    expect(await cardOf(first, auctionId)).toMatchObject({
      lead_bidder_id: second.id,
      lead_bidder_username: second.username,
      previous_lead_bidder_id: [first.id],
    });

    const visitor = connect(live.url, { transports: ['websocket'], reconnection: false });
    try {
      await expect(
        new Promise((resolve, reject) => {
          visitor.on('connect', () => resolve('connected'));
          visitor.on('connect_error', reject);
        }),
      ).rejects.toThrow();
    } finally {
      visitor.close();
    }
  });
});
