// Rolling deploy (docs/deploy.md, expand then contract): after this release migrated the
// database, a server of the release before maximum bids still places bids with its own
// call, place_bid with six arguments, and reads the fifteen columns it knows; a server of
// the release before spread batches sends a queue of one auction's bids to place_bids.
import { BID_STEP, ONBOARDING_COMPLETE } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from './bids.service';

let database: TestDatabase;
const t = testClock('2025-11-03T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 2 });
});
afterAll(() => database?.close());

/** The previous release's statement, word for word. */
const previousCall = (auctionId: number, bidderId: number, amount: number) =>
  rows<Record<string, unknown>>(
    database.db,
    sql`SELECT * FROM place_bid(${auctionId}, ${bidderId}, ${amount}, ${t.clock().toISOString()},
                                ${BID_STEP}, ${ONBOARDING_COMPLETE})`,
  );

describe('place_bid as the previous release calls it', () => {
  it('places, refuses and outbids with six arguments beside the new signature', async () => {
    const owner = await buildBidder(database.db, 0);
    const alice = await buildBidder(database.db, 500);
    const bob = await buildBidder(database.db, 500);
    await ensureOpenPeriod(database.db, t.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id}`,
    );
    const auctionId = auction!.id;

    // A new server bids first, then an old one outbids it.
    await placeBid(
      { db: database.db, clock: t.clock },
      { auctionId, bidderId: alice.id, amount: 100 },
    );
    const [placed] = await previousCall(auctionId, bob.id, 120);
    expect(Object.keys(placed!)).toEqual([
      'refusal',
      'current_bid',
      'bid_id',
      'bid_created_at',
      'owner_id',
      'owner_username',
      'bidder_username',
      'token_balance',
      'outbid_user_id',
      'outbid_token_balance',
      'alert_id',
      'alert_payload',
      'alert_message',
      'alert_created_at',
      'reserve_met',
    ]);
    expect(placed).toMatchObject({
      refusal: null,
      current_bid: 120,
      owner_id: owner.id,
      token_balance: 380,
      outbid_user_id: alice.id,
      outbid_token_balance: 500,
    });
    const [refused] = await previousCall(auctionId, alice.id, 115);
    expect(refused).toMatchObject({ refusal: 'bid_too_low', current_bid: 120, bid_id: null });

    const stored = await rows<{ user_id: number; amount: number; maximum: number | null }>(
      database.db,
      sql`SELECT user_id, amount, maximum FROM bids WHERE auction_id = ${auctionId} ORDER BY id`,
    );
    expect(stored).toEqual([
      { user_id: alice.id, amount: 100, maximum: null },
      { user_id: bob.id, amount: 120, maximum: null },
    ]);
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});

describe('place_bids as the previous release calls it', () => {
  it("places one auction's queued bids in order, undoing only the one that overdraws", async () => {
    const owner = await buildBidder(database.db, 0);
    const alice = await buildBidder(database.db, 500);
    const bob = await buildBidder(database.db, 50);
    const carol = await buildBidder(database.db, 500);
    // The period opened in the test above: the new owner's auction joins it.
    const period = await ensureOpenPeriod(database.db, t.clock());
    const [auction] = await rows<{ id: number }>(
      database.db,
      sql`INSERT INTO auctions (user_id, period_id) VALUES (${owner.id}, ${period.id}) RETURNING id`,
    );
    const now = t.clock().toISOString();
    const batch = [
      { bidder: alice.id, amount: 40, maximum: false, requestKey: null, now },
      { bidder: bob.id, amount: 60, maximum: false, requestKey: null, now },
      { bidder: carol.id, amount: 40 + BID_STEP, maximum: false, requestKey: null, now },
    ];
    const answers = await rows<{ failure: string | null; answer: { current_bid: number } | null }>(
      database.db,
      sql`SELECT * FROM place_bids(${auction!.id}, ${JSON.stringify(batch)}::jsonb, ${BID_STEP},
                                   ${ONBOARDING_COMPLETE})`,
    );
    expect(answers.map((a) => a.failure)).toEqual([null, '23514', null]);
    expect(answers[2]!.answer).toMatchObject({
      current_bid: 40 + BID_STEP,
      outbid_user_id: alice.id,
    });
    expect(await ledgerProblems(database.db)).toEqual([]);
  });
});
