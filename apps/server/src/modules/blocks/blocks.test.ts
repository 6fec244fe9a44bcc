// Blocking: the two members disappear from each other's Bid Board (list, pinned profile,
// search, detail, profile data) and connections, cannot bid on each other, and the
// blocker undoes it from the blocked list. Visitors and other members still see both.
import {
  ALERT_TEMPLATES,
  CONNECTION_MESSAGES,
  fillText,
  NO_NAME,
  SAFETY_MESSAGES,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { pendingConnections } from '../../../test/connections';
import { balanceOf, buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { sweepPeriods } from '../auctions/period-sweep';
import { closePeriod } from '../auctions/periods.service';
import { addImage } from '../media/media-test-helpers';
import { alertContent } from '../notifications/outbox.repository';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function member(tokens = 0) {
  const row = await buildBidder(t.database.db, tokens);
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

type Member = Awaited<ReturnType<typeof member>>;

async function auctionOf(userId: number) {
  const [found] = await rows<{ id: number }>(
    t.database.db,
    sql`SELECT a.id FROM auctions a JOIN auction_periods p ON p.id = a.period_id
         WHERE a.user_id = ${userId} AND p.status = 'open'`,
  );
  return found!.id;
}

const boardIds = async (viewer: Member | null, body: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auctions',
    headers: viewer?.headers,
    payload: { limit: 50, offset: 0, ...body },
  });
  return (res.json().auctions as { user_id: number }[]).map((a) => a.user_id);
};

const searchIds = async (viewer: Member | null, username: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auctions/search',
    headers: viewer?.headers,
    payload: { searchString: username },
  });
  return (res.json().auctions as { user_id: number }[]).map((a) => a.user_id);
};

describe('blocking a member', () => {
  it('hides both members from each other everywhere and stops bids both ways', async () => {
    const alice = await member(1000);
    const bob = await member(1000);
    const carol = await member(1000);
    await sweepPeriods({ db: t.database.db, clock: clock.clock });
    const bobAuction = await auctionOf(bob.id);
    const aliceAuction = await auctionOf(alice.id);

    const block = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: alice.headers,
      payload: { user_id: bob.id },
    });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toMatchObject({
      success: true,
      message: SAFETY_MESSAGES.blocked(bob.username!),
      blocked: { id: bob.id, username: bob.username },
    });

    // Both ways: the blocked member does not see the blocker either.
    for (const [viewer, hidden] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      expect(await boardIds(viewer)).not.toContain(hidden.id);
      expect(await boardIds(viewer, { pin_username: hidden.username })).not.toContain(hidden.id);
      expect(await searchIds(viewer, hidden.username!)).toEqual([]);
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/auctions/${await auctionOf(hidden.id)}`,
        headers: viewer.headers,
      });
      expect(detail.statusCode).toBe(404);
      const profile = await t.app.inject({
        method: 'POST',
        url: '/api/auctions/auction_profile_data',
        headers: viewer.headers,
        payload: { auctionIds: [await auctionOf(hidden.id)] },
      });
      expect(profile.json().auctionProfileData).toEqual([]);
    }
    // Everyone else still sees both.
    expect(await boardIds(carol)).toEqual(expect.arrayContaining([alice.id, bob.id]));
    expect(await boardIds(null)).toEqual(expect.arrayContaining([alice.id, bob.id]));

    for (const [bidder, auctionId] of [
      [alice, bobAuction],
      [bob, aliceAuction],
    ] as const) {
      const bid = await t.app.inject({
        method: 'POST',
        url: `/api/auctions/${auctionId}/bids`,
        headers: bidder.headers,
        payload: { amount: 50 },
      });
      expect(bid.statusCode).toBe(400);
      expect(bid.json()).toEqual({ code: 'BID_REJECTED', message: SAFETY_MESSAGES.bidBlocked });
      expect(await balanceOf(t.database.db, bidder.id)).toBe(1000);
    }

    // Undone from the blocked list: only by the blocker.
    const list = await t.app.inject({ method: 'GET', url: '/api/blocks', headers: alice.headers });
    expect(list.json().blocks.map((b: { id: number }) => b.id)).toEqual([bob.id]);
    const bobsList = await t.app.inject({
      method: 'GET',
      url: '/api/blocks',
      headers: bob.headers,
    });
    expect(bobsList.json().blocks).toEqual([]);
    const notBobs = await t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${alice.id}`,
      headers: bob.headers,
    });
    expect(notBobs.statusCode).toBe(404);
    const unblock = await t.app.inject({
      method: 'DELETE',
      url: `/api/blocks/${bob.id}`,
      headers: alice.headers,
    });
    expect(unblock.json()).toEqual({
      success: true,
      message: SAFETY_MESSAGES.unblocked(bob.username!),
    });
    expect(await boardIds(alice)).toContain(bob.id);
    expect(await searchIds(bob, alice.username!)).toEqual([alice.id]);
    const bid = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${bobAuction}/bids`,
      headers: alice.headers,
      payload: { amount: 50 },
    });
    expect(bid.statusCode).toBe(200);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('hides connections with the member, and ends them', async () => {
    const [made] = await pendingConnections(t.database.db, clock, 1);
    const owner = await signIn(t, made!.owner.phone_number);
    const bidder = await signIn(t, made!.bidder.phone_number);
    const list = async (token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/connections',
          headers: { authorization: `Bearer ${token}` },
          payload: {},
        })
      ).json().connections as { id: number }[];
    expect((await list(bidder.token)).map((c) => c.id)).toEqual([made!.id]);
    const before = await balanceOf(t.database.db, made!.bidder.id);

    await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { user_id: made!.bidder.id },
    });
    expect(await list(bidder.token)).toEqual([]);
    expect(await list(owner.token)).toEqual([]);
    expect(await balanceOf(t.database.db, made!.bidder.id)).toBe(before + made!.amount);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('refuses blocking oneself or a member who does not exist', async () => {
    const alice = await member();
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: alice.headers,
      payload: { user_id: alice.id },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(SAFETY_MESSAGES.cannotBlockSelf);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: alice.headers,
      payload: { user_id: 2_000_000_000 },
    });
    expect(missing.statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      payload: { user_id: alice.id },
    });
    expect(visitor.statusCode).toBe(401);
  });

  it('ends every door between the two: the blocked accept and unmatch are refused with nothing written', async () => {
    // Issue 41 item 2: the owner's accept answered 404 after committing ('accepted' alerts
    // and events, the escrow held a week); the bidder's unmatch refunded behind a 404.
    const [pending, accepted] = await pendingConnections(t.database.db, clock, 2);
    const headersOf = async (m: { phone_number: string }) => ({
      authorization: `Bearer ${(await signIn(t, m.phone_number)).token}`,
    });
    const setStatus = async (who: { phone_number: string }, id: number, status: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/connections/${id}/status`,
        headers: await headersOf(who),
        payload: { status },
      });
    expect((await setStatus(accepted!.owner, accepted!.id, 'accepted')).statusCode).toBe(200);
    const written = async () => ({
      connections: await rows(
        t.database.db,
        sql`SELECT id, status, status_changed_at, updated_at, escrow_state, rejected_by_user_id
              FROM connections WHERE id IN (${pending!.id}, ${accepted!.id}) ORDER BY id`,
      ),
      alerts: await rows(t.database.db, sql`SELECT id, user_id, kind FROM alerts ORDER BY id`),
      ledger: await rows(t.database.db, sql`SELECT id FROM token_transactions ORDER BY id`),
      balances: [
        await balanceOf(t.database.db, pending!.bidder.id),
        await balanceOf(t.database.db, accepted!.bidder.id),
      ],
    });
    for (const made of [pending!, accepted!]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: await headersOf(made.bidder),
        payload: { user_id: made.owner.id },
      });
    }
    const before = await written();
    for (const [who, id, status] of [
      [pending!.owner, pending!.id, 'accepted'],
      [pending!.owner, pending!.id, 'rejected'],
      [accepted!.bidder, accepted!.id, 'unmatched'],
      [accepted!.owner, accepted!.id, 'unmatched'],
    ] as const) {
      const res = await setStatus(who, id, status);
      expect(res.statusCode, `${status} by ${who.username}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: CONNECTION_MESSAGES.notFound });
    }
    expect(await written()).toEqual(before);
    expect(before.connections).toMatchObject([
      { status: 'unmatched', escrow_state: 'refunded' },
      { status: 'unmatched', escrow_state: 'refunded' },
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it("lists none of the other's photos to either of the two", async () => {
    const alice = await member();
    const bob = await member();
    const carol = await member();
    for (const m of [alice, bob]) await addImage(t, { user_id: m.id, display_order: 1 });
    const photosOf = async (viewer: Member, owner: Member) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/userProfileImages?userId=${owner.id}`,
          headers: viewer.headers,
        })
      ).json().data as unknown[];
    expect(await photosOf(alice, bob)).toHaveLength(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: alice.headers,
      payload: { user_id: bob.id },
    });
    expect(await photosOf(alice, bob)).toEqual([]);
    expect(await photosOf(bob, alice)).toEqual([]);
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/userProfileImages?userId=${bob.id}&displayOrder=1`,
      headers: alice.headers,
    });
    expect(single.statusCode).toBe(404);
    // Their own photos and everyone else's view are untouched.
    expect(await photosOf(bob, bob)).toHaveLength(1);
    expect(await photosOf(carol, bob)).toHaveLength(1);
  });

  it("keeps their names from each other in a third member's auction: 'A member outbid you'", async () => {
    const alice = await member(1000);
    const bob = await member(1000);
    const dave = await member(1000);
    const carol = await member(0);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auctions/create',
      headers: carol.headers,
      payload: {},
    });
    const carolAuction = created.json().auction.auctionId as number;
    await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: bob.headers,
      payload: { user_id: alice.id },
    });
    const bid = async (who: Member, amount: number) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/auctions/${carolAuction}/bids`,
            headers: who.headers,
            payload: { amount },
          })
        ).statusCode,
      ).toBe(200);
    const outbidAlerts = (userId: number) =>
      rows<{ message: string; payload: Record<string, unknown> }>(
        t.database.db,
        sql`SELECT message, payload FROM alerts WHERE user_id = ${userId} AND kind = 'outbid'
             ORDER BY id`,
      );
    await bid(alice, 50);
    await bid(bob, 60);
    await bid(dave, 70);
    await bid(alice, 80);
    expect(await outbidAlerts(alice.id)).toEqual([
      {
        message: fillText(ALERT_TEMPLATES.outbid, {
          bidder: NO_NAME.Member,
          owner: carol.username!,
          amount: 60,
        }),
        payload: expect.objectContaining({ newBidderUsername: null, newBidAmount: 60 }),
      },
    ]);
    expect((await outbidAlerts(alice.id))[0]!.message).toMatch(/^A member outbid you on /);
    // Others still read the names.
    expect(await outbidAlerts(bob.id)).toMatchObject([
      { message: `${dave.username} outbid you on ${carol.username} with 70 tokens.` },
    ]);
    expect(await outbidAlerts(dave.id)).toMatchObject([
      { payload: expect.objectContaining({ newBidderUsername: alice.username }) },
    ]);
  });

  it('reaches the alerts written before it: none about the other is listed or sent, an outbid one names no one', async () => {
    // Issue 41 item 2: 'bob outbid you on carol' and bob's own auction's alerts stayed.
    const alice = await member(1000);
    const bob = await member(1000);
    const dave = await member(1000);
    const carol = await member(0);
    const auctionFor = async (owner: Member) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auctions/create',
          headers: owner.headers,
          payload: {},
        })
      ).json().auction.auctionId as number;
    const carolAuction = await auctionFor(carol);
    const bobAuction = await auctionFor(bob);
    const bid = async (who: Member, auctionId: number, amount: number) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/auctions/${auctionId}/bids`,
            headers: who.headers,
            payload: { amount },
          })
        ).statusCode,
      ).toBe(200);
    await bid(alice, carolAuction, 50);
    await bid(bob, carolAuction, 60);
    await bid(alice, carolAuction, 70);
    await bid(alice, bobAuction, 30);
    await bid(dave, bobAuction, 40);
    const listed = async (who: Member) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: who.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json() as {
        alerts: { id: number; kind: string; message: string; payload: Record<string, unknown> }[];
        unread: number;
      };
      return {
        alerts: body.alerts.map(({ kind, message }) => ({ kind, message })),
        unread: body.unread,
      };
    };
    const onCarol = (bidder: string, amount: number) =>
      fillText(ALERT_TEMPLATES.outbid, { bidder, owner: carol.username!, amount });
    expect((await listed(alice)).alerts).toEqual([
      { kind: 'outbid', message: `${dave.username} outbid you on ${bob.username} with 40 tokens.` },
      { kind: 'outbid', message: onCarol(bob.username!, 60) },
    ]);
    expect((await listed(bob)).alerts).toEqual([
      {
        kind: 'bid_received',
        message: `${alice.username} bid on you: your auction is at 30 tokens.`,
      },
      { kind: 'outbid', message: onCarol(alice.username!, 70) },
    ]);
    const daveBefore = await listed(dave);

    const block = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: alice.headers,
      payload: { user_id: bob.id },
    });
    expect(block.statusCode).toBe(200);
    // About bob's own auction: gone, and not counted. In carol's: 'A member'.
    expect(await listed(alice)).toEqual({
      alerts: [{ kind: 'outbid', message: onCarol(NO_NAME.Member, 60) }],
      unread: 1,
    });
    expect(await listed(bob)).toEqual({
      alerts: [{ kind: 'outbid', message: onCarol(NO_NAME.Member, 70) }],
      unread: 1,
    });
    const [aliceOutbid] = (
      await t.app.inject({ method: 'GET', url: '/api/alerts', headers: alice.headers })
    ).json().alerts;
    expect(aliceOutbid.payload).toMatchObject({ newBidderUsername: null, newBidAmount: 60 });
    // In the reader's language.
    await t.database.db.execute(sql`UPDATE users SET language = 'fr-CA' WHERE id = ${alice.id}`);
    expect((await listed(alice)).alerts).toEqual([
      {
        kind: 'outbid',
        message: `Un membre a surenchéri sur vous pour ${carol.username} avec 60 jetons.`,
      },
    ]);
    // Nor is any of them sent after the block; a third member's alerts are as they were.
    const written = await rows<{ id: number; user_id: number }>(
      t.database.db,
      sql`SELECT id, user_id FROM alerts WHERE user_id IN (${alice.id}, ${bob.id}, ${dave.id})`,
    );
    for (const { id, user_id } of written) {
      expect((await alertContent(t.database.db, id))!.names_blocked).toBe(user_id !== dave.id);
    }
    expect(await listed(dave)).toEqual(daveBefore);
  });

  it("ends a lead either holds on the other's auction: escrow back, maximum cleared, the close connects no one", async () => {
    // A lead standing from before the block kept its escrow, and the close then made a
    // pending connection between two members who had blocked each other.
    const alice = await member(1000);
    const bob = await member(1000);
    const carol = await member(1000);
    const auctionFor = async (who: Member) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auctions/create',
          headers: who.headers,
          payload: {},
        })
      ).json().auction.auctionId as number;
    const aliceAuction = await auctionFor(alice);
    const bobAuction = await auctionFor(bob);
    const carolAuction = await auctionFor(carol);
    const bid = async (who: Member, auctionId: number, amount: number, maximum = false) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/auctions/${auctionId}/bids`,
            headers: who.headers,
            payload: { amount, maximum },
          })
        ).statusCode,
      ).toBe(200);
    await bid(alice, bobAuction, 100);
    await bid(bob, aliceAuction, 300, true);
    await bid(alice, carolAuction, 50);
    const auctionRows = () =>
      rows<{
        id: number;
        lead_bidder_id: number | null;
        current_bid: number;
        lead_max: number;
        escrow: number;
      }>(
        t.database.db,
        sql`SELECT id, lead_bidder_id, current_bid, lead_max,
                   escrow_promotional + escrow_purchased + escrow_redeemable AS escrow
              FROM auctions WHERE id IN (${aliceAuction}, ${bobAuction}, ${carolAuction})
             ORDER BY id`,
      );
    expect((await auctionRows()).map((a) => a.lead_bidder_id)).toEqual(
      [aliceAuction, bobAuction, carolAuction]
        .sort((x, y) => x - y)
        .map((id) => (id === aliceAuction ? bob.id : alice.id)),
    );
    expect(await balanceOf(t.database.db, alice.id)).toBe(850);
    expect(await balanceOf(t.database.db, bob.id)).toBe(700);

    const block = await t.app.inject({
      method: 'POST',
      url: '/api/blocks',
      headers: alice.headers,
      payload: { user_id: bob.id },
    });
    expect(block.statusCode).toBe(200);
    // Both leads between the two are gone, their whole escrow (bob's hidden maximum too)
    // back; alice's lead on carol's auction stands.
    expect(await auctionRows()).toEqual(
      [
        { id: aliceAuction, lead_bidder_id: null, current_bid: 0, lead_max: 0, escrow: 0 },
        { id: bobAuction, lead_bidder_id: null, current_bid: 0, lead_max: 0, escrow: 0 },
        { id: carolAuction, lead_bidder_id: alice.id, current_bid: 50, lead_max: 50, escrow: 50 },
      ].sort((x, y) => x.id - y.id),
    );
    expect(await balanceOf(t.database.db, alice.id)).toBe(950);
    expect(await balanceOf(t.database.db, bob.id)).toBe(1000);
    expect(await ledgerProblems(t.database.db)).toEqual([]);

    // The close connects neither with the other; carol's auction connects her with alice.
    clock.set(new Date(clock.clock().getTime() + 1000));
    await closePeriod(t.database.db, clock.clock(), { force: true });
    const connected = await rows<{ user_id: number; partner_id: number }>(
      t.database.db,
      sql`SELECT user_id, partner_id FROM connections
           WHERE auction_id IN (${aliceAuction}, ${bobAuction}, ${carolAuction})`,
    );
    expect(connected).toHaveLength(1);
    expect([connected[0]!.user_id, connected[0]!.partner_id].sort()).toEqual(
      [alice.id, carol.id].sort(),
    );
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
