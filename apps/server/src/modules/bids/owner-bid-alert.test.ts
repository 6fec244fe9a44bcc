// Owners with bid_notification on hear when someone bids on them (product rules, Bidding;
// issue 46: the SMS step promised 'Get texts when someone bids on you' and nothing was ever
// sent): an alert, live in their room, pushed and texted when they opted in, at most once
// per auction per hour, however many servers take the bids.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { buildBidder, testClock } from '../../../test/marketplace';
import { type Db, rows } from '../../db/client';
import type { RealtimeEvent } from '../../lib/realtime';
import { insertEligibleMemberAuction } from '../auctions/member-auction.repository';
import { ensureOpenPeriod } from '../auctions/periods.service';
import { placeBid } from './bids.service';
import { insertOwnerBidAlert, OWNER_BID_ALERT_INTERVAL_MS } from './owner-bid-alert.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 4 });
});
afterAll(() => database.close());

const ownerAlerts = (ownerId: number) =>
  rows<{ id: number; kind: string; message: string; payload: Record<string, unknown> }>(
    database.db,
    sql`SELECT id, kind, message, payload FROM alerts
         WHERE user_id = ${ownerId} AND kind = 'bid_received' ORDER BY id`,
  );

const outboxOf = (alertId: number) =>
  rows<{ channel: string }>(
    database.db,
    sql`SELECT channel FROM notification_outbox WHERE alert_id = ${alertId} ORDER BY channel`,
  );

async function auctionOf(ownerOverrides: Parameters<typeof buildBidder>[2], at: string) {
  const t = testClock(at);
  const owner = await buildBidder(database.db, 0, ownerOverrides);
  await ensureOpenPeriod(database.db, t.clock());
  // The period may be open already (an earlier test): the owner's auction joins it.
  await database.db.transaction((tx) => insertEligibleMemberAuction(tx, owner.id));
  const [auction] = await rows<{ id: number }>(
    database.db,
    sql`SELECT id FROM auctions WHERE user_id = ${owner.id}`,
  );
  const published: RealtimeEvent[] = [];
  const ctx = {
    db: database.db,
    clock: t.clock,
    realtime: { publish: async (events: RealtimeEvent[]) => void published.push(...events) },
  };
  return { t, owner, auctionId: auction!.id, ctx, published };
}

describe("the owner's bid alert", () => {
  it('tells the owner of the first bid, live and by text when opted in; the hour after stays quiet', async () => {
    const { t, owner, auctionId, ctx, published } = await auctionOf(
      { sms_notification: true, bid_notification: true },
      '2026-05-04T15:00:00Z',
    );
    const [rival, other] = await Promise.all([
      buildBidder(database.db, 1000),
      buildBidder(database.db, 1000),
    ]);

    await placeBid(ctx, { auctionId, bidderId: rival.id, amount: 120 });
    const [first, ...none] = await ownerAlerts(owner.id);
    expect(none).toEqual([]);
    expect(first).toMatchObject({
      message: `${rival.username} bid on you: your auction is at 120 tokens.`,
      payload: {
        auctionId,
        userId: rival.id,
        newBidAmount: 120,
        auctionCreatorUsername: owner.username,
      },
    });
    expect(await outboxOf(first!.id)).toEqual([{ channel: 'sms' }]);
    expect(published.filter((e) => JSON.stringify(e).includes('"bid_received"'))).toHaveLength(1);

    // More bids within the hour: no second alert, no second text.
    t.set(new Date(t.clock().getTime() + 30 * 60 * 1000));
    await placeBid(ctx, { auctionId, bidderId: other.id, amount: 200 });
    t.set(new Date(t.clock().getTime() + 29 * 60 * 1000));
    await placeBid(ctx, { auctionId, bidderId: rival.id, amount: 250 });
    expect(await ownerAlerts(owner.id)).toHaveLength(1);

    // An hour after the first alert, the next bid is told again.
    t.set(new Date(Date.parse('2026-05-04T15:00:00Z') + OWNER_BID_ALERT_INTERVAL_MS));
    await placeBid(ctx, { auctionId, bidderId: other.id, amount: 300 });
    const alerts = await ownerAlerts(owner.id);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.message).toBe(`${other.username} bid on you: your auction is at 300 tokens.`);
  });

  it('says nothing to an owner who switched bid notifications off; French to a French owner', async () => {
    const quiet = await auctionOf({ bid_notification: false }, '2026-05-04T15:00:00Z');
    const bidder = await buildBidder(database.db, 1000);
    await placeBid(quiet.ctx, { auctionId: quiet.auctionId, bidderId: bidder.id, amount: 50 });
    expect(await ownerAlerts(quiet.owner.id)).toEqual([]);

    const french = await auctionOf({ language: 'fr-CA' }, '2026-05-04T15:00:00Z');
    await placeBid(french.ctx, {
      auctionId: french.auctionId,
      bidderId: bidder.id,
      amount: 1 * 10,
    });
    const [alert] = await ownerAlerts(french.owner.id);
    expect(alert?.message).toBe(
      `${bidder.username} a misé sur vous\u00a0: votre enchère est à 10 jetons.`,
    );
  });

  it('asks the database only when the hour this server saw claimed is over (issue 48)', async () => {
    const { t, owner, auctionId, ctx } = await auctionOf({}, '2026-05-04T15:00:00Z');
    const bidders = await Promise.all([1, 2].map(() => buildBidder(database.db, 5_000)));
    // Two servers on one database, each counting the claims it sends.
    const serverA = countingClaims(database.db);
    const serverB = countingClaims(database.db);
    let amount = 0;
    const bidOn = async (server: typeof serverA, at: string) => {
      t.set(at);
      amount += 10;
      await placeBid(
        { ...ctx, db: server.db },
        {
          auctionId,
          bidderId: bidders[(amount / 10) % 2]!.id,
          amount,
        },
      );
    };

    await bidOn(serverA, '2026-05-04T15:00:00Z');
    await bidOn(serverA, '2026-05-04T15:30:00Z');
    expect(serverA.claims()).toBe(1);
    // B learns A's claim from its first claim, then stays quiet until 16:00.
    await bidOn(serverB, '2026-05-04T15:40:00Z');
    await bidOn(serverB, '2026-05-04T15:59:59Z');
    expect(serverB.claims()).toBe(1);
    expect(await ownerAlerts(owner.id)).toHaveLength(1);

    await bidOn(serverB, '2026-05-04T16:00:00Z');
    expect(serverB.claims()).toBe(2);
    expect(await ownerAlerts(owner.id)).toHaveLength(2);
    // A's hour is over: it asks, finds B's claim of 16:00, and keeps it.
    await bidOn(serverA, '2026-05-04T16:10:00Z');
    await bidOn(serverA, '2026-05-04T16:50:00Z');
    expect(serverA.claims()).toBe(2);
    expect(await ownerAlerts(owner.id)).toHaveLength(2);
  });

  it('of two servers claiming the same hour at once, one writes the alert', async () => {
    const { owner, auctionId } = await auctionOf({}, '2026-05-04T15:00:00Z');
    const now = new Date('2026-05-04T15:00:00Z');
    const claim = () =>
      insertOwnerBidAlert(database.db, {
        auctionId,
        now,
        payload: {},
        english: 'bid',
        french: 'mise',
      });
    const written = await Promise.all([claim(), claim(), claim(), claim()]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await ownerAlerts(owner.id)).toHaveLength(1);
  });
});

/** The database as one more server sees it, counting the owner-alert claims it sends. */
function countingClaims(db: Db) {
  let claims = 0;
  const server = new Proxy(db, {
    get(target, property) {
      if (property === 'execute') {
        return (query: Parameters<Db['execute']>[0]) => {
          const chunks = (query as { queryChunks?: { value?: unknown }[] }).queryChunks ?? [];
          if (chunks.some((c) => String(c.value ?? '').includes('owner_alerted_at'))) claims++;
          return target.execute(query);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: server, claims: () => claims };
}
