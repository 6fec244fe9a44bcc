// A member tied into the marketplace every way a suspension or deletion must undo: a
// held connection as the winning bidder, a pending connection as the owner, their own
// auction with a leader, and the lead on someone else's auction (after outbidding another
// member). Made through the real bid and close paths, so the ledger is real.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../src/db/client';
import { users } from '../src/db/schema';
import { openAuctionForMember } from '../src/modules/auctions/member-auction';
import { sweepPeriods } from '../src/modules/auctions/period-sweep';
import { placeBid } from '../src/modules/bids/bids.service';
import { signIn, type TestApp } from './app';
import { pendingConnections } from './connections';
import { buildBidder, type testClock } from './marketplace';

type TestClock = ReturnType<typeof testClock>;

async function openAuctionOf(db: Db, userId: number): Promise<number> {
  const [found] = await rows<{ id: number }>(
    db,
    sql`SELECT a.id FROM auctions a JOIN auction_periods p ON p.id = a.period_id
         WHERE a.user_id = ${userId} AND p.status = 'open' AND a.status = 'active'`,
  );
  return found!.id;
}

export async function entangledMember(t: TestApp, clock: TestClock) {
  const db = t.database.db;
  // Two closes: the member wins one auction (bidder), and another member wins theirs (owner).
  const [asBidder] = await pendingConnections(db, clock, 1, { amount: 100 });
  const memberId = asBidder!.bidder.id;
  await sweepPeriods({ db, clock: clock.clock });
  const winner = await buildBidder(db, 1000);
  await placeBid(
    { db, clock: clock.clock },
    { auctionId: await openAuctionOf(db, memberId), bidderId: winner.id, amount: 70 },
  );
  clock.set(new Date(clock.clock().getTime() + 1000));
  await sweepPeriods({ db, clock: clock.clock }, { force: true });
  const [asOwner] = await rows<{ id: number; user_id: number; amount: number }>(
    db,
    sql`SELECT id, user_id, amount FROM connections WHERE partner_id = ${memberId}`,
  );

  // In the new period: a leader on the member's auction, and the member leading another.
  const leader = await buildBidder(db, 1000);
  const owner = await buildBidder(db, 0);
  const outbid = await buildBidder(db, 1000);
  await sweepPeriods({ db, clock: clock.clock });
  await db.transaction((tx) => openAuctionForMember(tx, owner.id));
  const memberAuction = await openAuctionOf(db, memberId);
  const otherAuction = await openAuctionOf(db, owner.id);
  const ctx = { db, clock: clock.clock };
  await placeBid(ctx, { auctionId: memberAuction, bidderId: leader.id, amount: 100 });
  await placeBid(ctx, { auctionId: otherAuction, bidderId: outbid.id, amount: 120 });
  await placeBid(ctx, { auctionId: otherAuction, bidderId: memberId, amount: 150 });

  const admin = await buildBidder(db, 0);
  // Signing in sets the role from ADMIN_PHONES, so the role is given after it.
  const adminSession = await signIn(t, admin.phone_number);
  await db.update(users).set({ role: 'admin' }).where(sql`id = ${admin.id}`);
  return {
    member: asBidder!.bidder,
    /** The owner of the connection the member won (escrow held for it). */
    wonFrom: asBidder!.owner,
    heldConnectionId: asBidder!.id,
    /** The member who won the member's auction: their escrow is held too. */
    winnerId: asOwner!.user_id,
    ownedConnectionId: asOwner!.id,
    leader,
    owner,
    outbid,
    memberAuction,
    otherAuction,
    admin: { ...admin, headers: { authorization: `Bearer ${adminSession.token}` } },
  };
}
