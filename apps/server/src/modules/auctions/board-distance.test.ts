// Distance on the Bid Board (product rules, Distance and verification): 'Match dating
// preferences' keeps each side within the other's maximum distance, a hidden distance is
// seen only by boards set to 'Anywhere', and the profile data says how far, rounded.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import type { users } from '../../db/schema';
import { locationColumns } from '../profile/member-location';
import { selectBoardPage, type Viewer } from './auctions.repository';
import { sweepPeriods } from './period-sweep';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await sweepPeriods({ db: t.database.db, clock: clock.clock });
});
afterAll(() => t.close());

type Overrides = Partial<typeof users.$inferInsert>;

/** A dating member at a postal code, with a live auction in the open period. */
async function placed(postal: string, overrides: Overrides = {}) {
  const country = /^\d/.test(postal) ? 'US' : 'CA';
  const row = await buildBidder(t.database.db, 0, {
    gender: 'female',
    seeking_gender: 'everyone',
    birth_date: '1995-01-01',
    ideal_match_age_min: 18,
    ideal_match_age_max: 60,
    open_to_dating: true,
    postal_code: postal,
    country,
    ...locationColumns(postal, country),
    ...overrides,
  });
  const [auction] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO auctions (user_id, period_id)
        SELECT ${row.id}, id FROM auction_periods WHERE status = 'open' RETURNING id`,
  );
  const { token } = await signIn(t, row.phone_number);
  return { ...row, auctionId: auction!.id, headers: { authorization: `Bearer ${token}` } };
}

const post = (url: string, payload: object, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

async function board(viewer: { headers: object }) {
  const res = await post('/api/auctions', { limit: 50, dating_filter: true }, viewer.headers);
  expect(res.statusCode).toBe(200);
  return (res.json().auctions as { user_id: number }[]).map((c) => c.user_id);
}

async function distances(viewer: { headers: object } | null, auctionIds: number[]) {
  const res = await post('/api/auctions/auction_profile_data', { auctionIds }, viewer?.headers);
  return Object.fromEntries(
    (res.json().auctionProfileData as { auctionId: number; distance: unknown }[]).map((p) => [
      p.auctionId,
      p.distance,
    ]),
  );
}

async function setPreferences(viewer: { id: number }, changes: Overrides) {
  await t.database.db.execute(
    sql`UPDATE users SET max_distance = ${changes.max_distance ?? null},
          distance_hidden = ${changes.distance_hidden ?? false} WHERE id = ${viewer.id}`,
  );
}

describe('distance on the Bid Board', () => {
  let viewer: Awaited<ReturnType<typeof placed>>;
  let o: Record<string, Awaited<ReturnType<typeof placed>>>;

  beforeAll(async () => {
    viewer = await placed('10001'); // Midtown Manhattan
    o = {
      hoboken: await placed('07030'), // 1.9 miles
      brooklyn: await placed('11211'), // 3.4 miles
      philadelphia: await placed('19103'), // 82.9 miles
      losAngeles: await placed('90026'), // ~2,450 miles
      hidden: await placed('10002', { distance_hidden: true }),
      princeton25: await placed('08540', { max_distance: 25 }), // 42.9 miles away, wants 25
      princeton50: await placed('08542', { max_distance: 50 }), // 44.2 miles
      montreal: await placed('H2X 1Y4'), // 330.0 miles
    };
  });

  it('shows only members within the maximum, both ways, and no hidden distance', async () => {
    await setPreferences(viewer, { max_distance: 25 });
    const shown = await board(viewer);
    expect(shown).toContain(o.hoboken!.id);
    expect(shown).toContain(o.brooklyn!.id);
    for (const far of [
      'philadelphia',
      'losAngeles',
      'hidden',
      'princeton25',
      'princeton50',
      'montreal',
    ]) {
      expect(shown, far).not.toContain(o[far]!.id);
    }
    await setPreferences(viewer, { max_distance: 100 });
    const wider = await board(viewer);
    expect(wider).toEqual(expect.arrayContaining([o.philadelphia!.id, o.princeton50!.id]));
    // Within the viewer's 100 miles, but the viewer is not within this owner's 25.
    expect(wider).not.toContain(o.princeton25!.id);
    expect(wider).not.toContain(o.hidden!.id);
  });

  it("shows a hidden distance only on boards set to 'Anywhere'", async () => {
    await setPreferences(viewer, { max_distance: null });
    const anywhere = await board(viewer);
    expect(anywhere).toEqual(
      expect.arrayContaining([o.hidden!.id, o.losAngeles!.id, o.montreal!.id, o.princeton50!.id]),
    );
    expect(anywhere).not.toContain(o.princeton25!.id);
    // A viewer who hides their own distance is in no limited owner's range either.
    await setPreferences(viewer, { max_distance: null, distance_hidden: true });
    const hiddenViewer = await board(viewer);
    expect(hiddenViewer).toContain(o.losAngeles!.id);
    expect(hiddenViewer).not.toContain(o.princeton50!.id);
    await setPreferences(viewer, {});
  });

  it("says how far each member is, whole miles, 'Less than 1', far away, hidden", async () => {
    const ids = Object.values(o).map((m) => m.auctionId);
    const seen = await distances(viewer, [...ids, viewer.auctionId]);
    expect(seen[o.hoboken!.auctionId]).toEqual({ kind: 'near', value: 2, unit: 'mi' });
    expect(seen[o.brooklyn!.auctionId]).toEqual({ kind: 'near', value: 3, unit: 'mi' });
    expect(seen[o.philadelphia!.auctionId]).toEqual({ kind: 'near', value: 83, unit: 'mi' });
    expect(seen[o.losAngeles!.auctionId]).toEqual({ kind: 'far' });
    expect(seen[o.hidden!.auctionId]).toEqual({ kind: 'hidden' });
    expect(seen[o.montreal!.auctionId]).toEqual({ kind: 'near', value: 330, unit: 'mi' });
    expect(seen[viewer.auctionId]).toBeNull();
    const neighbour = await placed('10001');
    expect((await distances(neighbour, [viewer.auctionId]))[viewer.auctionId]).toEqual({
      kind: 'near',
      value: 0,
      unit: 'mi',
    });
    // A visitor is told nothing of where anyone is.
    expect(Object.values(await distances(null, ids)).every((d) => d === null)).toBe(true);
  });

  it('answers members in Canada in kilometres, far away past 500 of them', async () => {
    const toronto = await placed('M5V 3L9');
    const laval = await placed('H7N 1A1'); // 12.1 km from H2X
    // 503.3 km (312.7 miles): far away to a Canadian reader.
    expect((await distances(toronto, [o.montreal!.auctionId]))[o.montreal!.auctionId]).toEqual({
      kind: 'far',
    });
    const fromMontreal = await distances(o.montreal!, [laval.auctionId, o.hoboken!.auctionId]);
    expect(fromMontreal[laval.auctionId]).toEqual({ kind: 'near', value: 12, unit: 'km' });
    expect(fromMontreal[o.hoboken!.auctionId]).toEqual({ kind: 'far' });
  });

  it('pages alike whether it walks the board in id order or looks nearby members up by place', async () => {
    await setPreferences(viewer, { max_distance: 100 });
    const [me] = await rows<Omit<Viewer, 'age' | 'verified'>>(
      t.database.db,
      sql`SELECT id, gender, seeking_gender, ideal_match_age_min, ideal_match_age_max, country,
                 location_lat, location_lon, max_distance, distance_hidden, verified_only
            FROM users WHERE id = ${viewer.id}`,
    );
    const [period] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM auction_periods WHERE status = 'open'`,
    );
    /** Every page of two cards, keyset after keyset, walking `walk` auctions at a time. */
    async function pages(walk: number) {
      const seen: number[][] = [];
      let after: number | null = null;
      for (;;) {
        const page = await selectBoardPage(t.database.db, '2025-07-01', {
          periodId: period!.id,
          viewerId: viewer.id,
          datingViewer: { ...me!, age: 30, verified: false },
          excludeUsername: undefined,
          afterAuctionId: after,
          limit: 2,
          offset: 0,
          walk,
        });
        seen.push(page.map((card) => card.user_id));
        if (page.length < 2) return seen;
        after = page.at(-1)!.id;
      }
    }
    const walked = await pages(1000);
    expect(walked.flat()).toEqual(
      expect.arrayContaining([o.hoboken!.id, o.brooklyn!.id, o.philadelphia!.id]),
    );
    expect(walked.flat()).not.toContain(o.losAngeles!.id);
    // One auction walked, then by place; three walked, then by place.
    expect(await pages(1)).toEqual(walked);
    expect(await pages(3)).toEqual(walked);
    await setPreferences(viewer, {});
  });

  it("applies a Canadian owner's maximum in kilometres", async () => {
    const laval = await placed('H7N 1A2', { max_distance: 25 });
    const montrealViewer = await placed('H2X 1Y4', { max_distance: 25 });
    expect(await board(montrealViewer)).toContain(laval.id);
    // Manhattan is 537.5 km away: outside the Canadian owner's 25 km.
    await setPreferences(viewer, { max_distance: null });
    expect(await board(viewer)).not.toContain(laval.id);
  });
});
