// The owner's location on the auction (auction-location.sql): copied when the auction is
// opened, moved with every change of the owner's postal code in that change's own
// transaction, erased with the account; the board limited to a distance reads only it.
import { DELETE_ACCOUNT_CONFIRMATION } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { locationColumns } from '../profile/member-location';
import { sweepPeriods } from './period-sweep';

const clock = testClock('2025-07-01T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await sweepPeriods({ db: t.database.db, clock: clock.clock });
});
afterAll(() => t.close());

/** A dating member at a US ZIP with a live auction, signed in, 25 miles at most. */
async function placed(zip: string) {
  const row = await buildBidder(t.database.db, 0, {
    gender: 'female',
    seeking_gender: 'everyone',
    birth_date: '1995-01-01',
    open_to_dating: true,
    postal_code: zip,
    country: 'US',
    max_distance: 25,
    ...locationColumns(zip, 'US'),
  });
  const [auction] = await rows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO auctions (user_id, period_id)
        SELECT ${row.id}, id FROM auction_periods WHERE status = 'open' RETURNING id`,
  );
  const { token } = await signIn(t, row.phone_number);
  return { ...row, auctionId: auction!.id, headers: { authorization: `Bearer ${token}` } };
}

async function auctionPlace(auctionId: number) {
  const [row] = await rows<{ location_lat: number | null; location_lon: number | null }>(
    t.database.db,
    sql`SELECT location_lat, location_lon FROM auctions WHERE id = ${auctionId}`,
  );
  return row;
}

async function board(viewer: { headers: Record<string, string> }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auctions',
    headers: viewer.headers,
    payload: { limit: 50, dating_filter: true },
  });
  expect(res.statusCode).toBe(200);
  return (res.json().auctions as { user_id: number }[]).map((c) => c.user_id);
}

describe("the owner's location on the auction", () => {
  it("is the owner's postal code centroid from the auction's opening", async () => {
    const member = await placed('10001');
    expect(await auctionPlace(member.auctionId)).toEqual({
      location_lat: 40.7484,
      location_lon: -73.9967,
    });
  });

  it('follows a new ZIP, and the boards limited to a distance with it', async () => {
    const manhattan = await placed('10001');
    const losAngeles = await placed('90026');
    const mover = await placed('10002');
    expect(await board(manhattan)).toContain(mover.id);
    expect(await board(losAngeles)).not.toContain(mover.id);

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-profile',
      headers: mover.headers,
      payload: { postal_code: '90027' },
    });
    expect(saved.statusCode).toBe(200);
    expect(await auctionPlace(mover.auctionId)).toEqual({
      location_lat: expect.closeTo(34.1, 1),
      location_lon: expect.closeTo(-118.29, 1),
    });
    expect(await board(manhattan)).not.toContain(mover.id);
    expect(await board(losAngeles)).toContain(mover.id);
  });

  it('is erased with the account', async () => {
    const member = await placed('10003');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: member.headers,
      payload: { confirm: DELETE_ACCOUNT_CONFIRMATION },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await auctionPlace(member.auctionId)).toEqual({
      location_lat: null,
      location_lon: null,
    });
  });
});
