// The auction calls of marketplace §7 through HTTP, on a fixed clock.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { users } from '../../db/schema';
import { sweepPeriods } from './period-sweep';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function member(tokens: number, overrides: Parameters<typeof buildBidder>[2] = {}) {
  const row = await buildBidder(t.database.db, tokens, overrides);
  const { token } = await signIn(t, row.phone_number);
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

const post = (url: string, payload: object, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const get = (url: string, headers = {}) => t.app.inject({ method: 'GET', url, headers });

describe('auctions API', () => {
  let owner: Awaited<ReturnType<typeof member>>;
  let alice: Awaited<ReturnType<typeof member>>;
  let bob: Awaited<ReturnType<typeof member>>;
  let auctionId: number;

  beforeAll(async () => {
    owner = await member(0, {
      username: 'ownerjane',
      gender: 'female',
      seeking_gender: 'male',
      birth_date: '1995-05-01',
      open_to_dating: true,
      ideal_match_age_min: 25,
      ideal_match_age_max: 60,
    });
    alice = await member(1000);
    bob = await member(300);
    await sweepPeriods({ db: t.database.db, clock: clock.clock });
    const [a] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id}`,
    );
    auctionId = a!.id;
  });

  it('reports the open period and its end time', async () => {
    const res = await get('/api/auctions/current-period');
    expect(res.statusCode).toBe(200);
    const { period } = res.json();
    expect(period.end_time).toBe('2025-07-04T00:00:00.000Z');
    const end = await get(`/api/auctions/period/${period.id}/end_time`);
    expect(end.json()).toEqual({ success: true, end_time: '2025-07-04T00:00:00.000Z' });
    expect((await get('/api/auctions/period/99999/end_time')).statusCode).toBe(404);
  });

  it('places bids with escrow, refunds and live cards', async () => {
    const first = await post(`/api/auctions/${auctionId}/bids`, { amount: 100 }, alice.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().auction).toMatchObject({
      auctionId,
      current_bid: 100,
      final_bid: 100,
      lead_bidder_id: alice.id,
      lead_bidder_username: alice.username,
      previous_lead_bidder_id: [],
      username: 'ownerjane',
      age: 30,
    });
    const second = await post(`/api/auctions/${auctionId}/bids`, { amount: 150 }, bob.headers);
    expect(second.json().auction).toMatchObject({
      lead_bidder_id: bob.id,
      previous_lead_bidder_id: [alice.id],
    });
    // Alice back on top: pays 160 in full; Bob refunded 150.
    await post(`/api/auctions/${auctionId}/bids`, { amount: 160 }, alice.headers);
    // Alice raising her own lead pays only the difference.
    await post(`/api/auctions/${auctionId}/bids`, { amount: 200 }, alice.headers);
    const balances = await rows<{ id: number; token_balance: number }>(
      t.database.db,
      sql`SELECT id, token_balance FROM users WHERE id IN (${alice.id}, ${bob.id}) ORDER BY id`,
    );
    expect(balances).toEqual([
      { id: alice.id, token_balance: 800 },
      { id: bob.id, token_balance: 300 },
    ]);
    const types = await rows<{ transaction_type: string; amount: number }>(
      t.database.db,
      sql`SELECT transaction_type, amount FROM token_transactions WHERE user_id = ${alice.id} ORDER BY id`,
    );
    expect(types.map((r) => `${r.transaction_type}:${r.amount}`)).toEqual([
      'adjustment:1000',
      'bid:-100',
      'outbid:100',
      'bid:-160',
      'rebid:-40',
    ]);
    expect(await ledgerProblems(t.database.db)).toEqual([]);

    const history = await get(`/api/auctions/${auctionId}/bids`);
    expect(history.json().bids.map((b: { amount: number }) => b.amount)).toEqual([
      200, 160, 150, 100,
    ]);
    const mine = await get('/api/bids/user', bob.headers);
    expect(mine.json().bids[0]).toMatchObject({
      amount: 150,
      isLeading: false,
      auction: { auctionId, username: 'ownerjane', current_bid: 200 },
    });
    const outbidAlerts = await rows<{ kind: string; payload: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT kind, payload FROM alerts WHERE user_id = ${bob.id}`,
    );
    expect(outbidAlerts).toEqual([
      {
        kind: 'outbid',
        payload: expect.objectContaining({
          newBidAmount: 160,
          newBidderUsername: alice.username,
          auctionCreatorUsername: 'ownerjane',
        }),
      },
    ]);
  });

  it.each([
    ['below current + 10', 'alice', 205, 'Your bid must be at least 210 tokens.'],
    ['above 99,999', 'bob', 100_000, 'The maximum bid is 99,999 tokens.'],
    ['not a whole number', 'bob', 250.5, 'Bids are whole tokens.'],
    ['on their own auction', 'owner', 500, 'You cannot bid on your own auction.'],
    ['more than the balance', 'bob', 400, 'Insufficient tokens'],
  ])('refuses a bid %s', async (_name, who, amount, message) => {
    const bidder = { alice, bob, owner }[who as 'alice' | 'bob' | 'owner'];
    const res = await post(`/api/auctions/${auctionId}/bids`, { amount }, bidder.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('refuses members pending approval and visitors', async () => {
    const pending = await member(500, { is_approved: false });
    const res = await post(`/api/auctions/${auctionId}/bids`, { amount: 500 }, pending.headers);
    expect(res.json()).toMatchObject({ message: 'Your account is pending approval.' });
    expect((await post(`/api/auctions/${auctionId}/bids`, { amount: 500 })).statusCode).toBe(401);
    expect((await post('/api/auctions/99999/bids', { amount: 500 }, bob.headers)).statusCode).toBe(
      404,
    );
  });

  it('pages the Bid Board, pins a username and searches', async () => {
    const others = [];
    for (let i = 0; i < 6; i++)
      others.push(await buildBidder(t.database.db, 0, { username: `zed${i}x` }));
    await post('/api/auctions/create', {}, alice.headers);
    for (const o of others) {
      await t.database.db.execute(
        sql`INSERT INTO auctions (user_id, period_id) SELECT ${o.id}, id FROM auction_periods WHERE status = 'open'`,
      );
    }
    const page1 = (await post('/api/auctions', { limit: 5, offset: 0 })).json().auctions;
    expect(page1).toHaveLength(5);
    const page2 = (
      await post('/api/auctions', { limit: 5, offset: 0, last_auction_id: page1[4].auctionId })
    ).json().auctions;
    expect(page2[0].auctionId).toBeGreaterThan(page1[4].auctionId);
    const pinned = (
      await post('/api/auctions', { limit: 5, offset: 0, pin_username: 'ZED5X' })
    ).json().auctions;
    expect(pinned[0].username).toBe('zed5x');
    expect(pinned.slice(1).map((a: { username: string }) => a.username)).not.toContain('zed5x');
    expect(page1[0]).toHaveProperty('profile_picture_1', null);

    const short = await post('/api/auctions/search', { searchString: '  ze ' });
    expect(short.statusCode).toBe(400);
    const found = (await post('/api/auctions/search', { searchString: ' ZED ' })).json().auctions;
    expect(found.map((a: { username: string }) => a.username).sort()).toEqual(
      others.map((o) => o.username).sort(),
    );
    expect((await post('/api/auctions/search', { searchString: '%%%' })).json().auctions).toEqual(
      [],
    );
  });

  it('filters by dating preferences both ways', async () => {
    const viewer = await member(0, {
      gender: 'male',
      seeking_gender: 'female',
      birth_date: '1990-01-01',
      open_to_dating: true,
      ideal_match_age_min: 25,
      ideal_match_age_max: 60,
    });
    const profiles = {
      match: {
        gender: 'female',
        seeking_gender: 'everyone',
        birth_date: '1960-01-01',
        ideal_match_age_min: 30,
        ideal_match_age_max: 60,
      },
      wrongGender: { gender: 'male', seeking_gender: 'male', birth_date: '1992-01-01' },
      notSeekingHim: { gender: 'female', seeking_gender: 'female', birth_date: '1992-01-01' },
      tooYoungForHim: { gender: 'female', seeking_gender: 'male', birth_date: '2003-01-01' },
      heIsTooOld: {
        gender: 'female',
        seeking_gender: 'male',
        birth_date: '1993-01-01',
        ideal_match_age_max: 30,
      },
      notDating: {
        gender: 'female',
        seeking_gender: 'male',
        birth_date: '1993-01-01',
        open_to_dating: false,
      },
    } as const;
    const ids: Record<string, number> = {};
    for (const [name, p] of Object.entries(profiles)) {
      const m = await buildBidder(t.database.db, 0, { open_to_dating: true, ...p });
      ids[name] = m.id;
      await t.database.db.execute(
        sql`INSERT INTO auctions (user_id, period_id) SELECT ${m.id}, id FROM auction_periods WHERE status = 'open'`,
      );
    }
    const cards = (
      await post('/api/auctions', { limit: 50, offset: 0, dating_filter: true }, viewer.headers)
    ).json().auctions as { user_id: number }[];
    const shown = cards.map((c) => c.user_id);
    expect(shown).toContain(ids.match);
    expect(shown).toContain(owner.id);
    for (const name of [
      'wrongGender',
      'notSeekingHim',
      'tooYoungForHim',
      'heIsTooOld',
      'notDating',
    ]) {
      expect(shown, name).not.toContain(ids[name]);
    }
    // Without the filter (or for a visitor) everyone is shown.
    const all = (await post('/api/auctions', { limit: 50, offset: 0, dating_filter: true })).json();
    expect(all.auctions.length).toBeGreaterThan(cards.length);
  });

  it('answers the member-only auction calls', async () => {
    const live = await get('/api/auctions/user/has-live-auction', owner.headers);
    expect(live.json()).toEqual({ success: true, hasLiveAuction: true });
    // Approved after the period opened: no auction until they create it.
    const late = await member(0);
    const none = await get('/api/auctions/user/has-live-auction', late.headers);
    expect(none.json().hasLiveAuction).toBe(false);
    const created = await post('/api/auctions/create', { description: 'hi' }, late.headers);
    expect(created.json().auction).toMatchObject({ user_id: late.id, current_bid: 0 });
    const again = await post('/api/auctions/create', {}, late.headers);
    expect(again.json().auction.auctionId).toBe(created.json().auction.auctionId);
    const mine = await get('/api/auctions/user', owner.headers);
    expect(mine.json().auctions[0]).toMatchObject({ auctionId, current_bid: 200 });
    const profile = await post('/api/auctions/auction_profile_data', { auctionIds: [auctionId] });
    expect(profile.json()).toEqual({
      success: true,
      auctionProfileData: [
        expect.objectContaining({
          auctionId,
          username: 'ownerjane',
          age: 30,
          zodiac_sign: 'Taurus',
          open_to_dating: true,
        }),
      ],
    });
    expect((await get(`/api/auctions/${auctionId}`)).json().auction.auctionId).toBe(auctionId);
    expect((await get('/api/auctions/424242')).statusCode).toBe(404);
  });

  it("never sends another member's date of birth: the age and sign only", async () => {
    // The privacy policy: exact dates of birth are never shown (issue 41 item 7).
    for (const headers of [{}, alice.headers]) {
      const res = await post(
        '/api/auctions/auction_profile_data',
        { auctionIds: [auctionId] },
        headers,
      );
      expect(res.statusCode).toBe(200);
      const [profile] = res.json().auctionProfileData;
      expect(profile).not.toHaveProperty('birth_date');
      expect(profile).toMatchObject({ age: 30, zodiac_sign: 'Taurus' });
      expect(res.body).not.toContain('1995-05-01');
    }
  });

  it('lets only an admin close the period now, exactly as the scheduler would', async () => {
    expect((await post('/api/admin/periods/close-now', {}, bob.headers)).statusCode).toBe(403);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, owner.id));
    clock.set('2025-07-02T10:00:00Z');
    const res = await post('/api/admin/periods/close-now', {}, owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      closed: { connections: 1 },
      period: { end_time: '2025-07-04T00:00:00.000Z' },
    });
    const [connection] = await rows<{ user_id: number; partner_id: number; amount: number }>(
      t.database.db,
      sql`SELECT user_id, partner_id, amount FROM connections WHERE auction_id = ${auctionId}`,
    );
    expect(connection).toEqual({ user_id: alice.id, partner_id: owner.id, amount: 200 });
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });
});
