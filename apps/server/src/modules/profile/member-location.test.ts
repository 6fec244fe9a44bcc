// A member's location: the postal code's centroid, stored when the code is saved and, for
// members saved before locations existed, by the migration step; never sent to anyone.
import { DELETE_ACCOUNT_CONFIRMATION, DISTANCE_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { rows } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function locationOf(id: number) {
  const [row] = await rows<{ location_lat: number | null; location_lon: number | null }>(
    t.database.db,
    sql`SELECT location_lat, location_lon FROM users WHERE id = ${id}`,
  );
  return row;
}

describe('member location', () => {
  it("is stored with the postal code: a ZIP's centroid, then a Canadian FSA's", async () => {
    const member = await buildMember(t.database.db, { onboarded: 14 });
    const { token } = await signIn(t, member.phone_number);
    const save = (postal_code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-profile',
        headers: { authorization: `Bearer ${token}` },
        payload: { postal_code },
      });
    const us = await save('10001');
    expect(us.statusCode).toBe(200);
    expect(await locationOf(member.id)).toEqual({ location_lat: 40.7484, location_lon: -73.9967 });
    // Never shown as coordinates: the member's own profile carries none either.
    expect(us.body).not.toMatch(/40\.74|73\.99|location_l/);

    expect((await save('M5V 3L9')).statusCode).toBe(200);
    expect(await locationOf(member.id)).toEqual({ location_lat: 43.6525, location_lon: -79.3686 });
  });

  it("saves the dating preferences 'Maximum distance' (a listed choice), hiding and verified-only", async () => {
    const member = await buildMember(t.database.db, { onboarded: 14 });
    const { token } = await signIn(t, member.phone_number);
    const save = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/update-profile',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
    const refused = await save({ max_distance: 30 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(DISTANCE_MESSAGES.invalidMaximum);
    const saved = await save({ max_distance: 25, distance_hidden: true, verified_only: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user).toMatchObject({
      max_distance: 25,
      distance_hidden: true,
      verified_only: true,
    });
    expect((await save({ max_distance: null })).json().user.max_distance).toBeNull();
  });

  it('is filled in for members saved before it existed when the database is migrated', async () => {
    const us = await buildMember(t.database.db, { postal_code: '94103', country: 'US' });
    const ca = await buildMember(t.database.db, { postal_code: 'H2X 1Y4', country: 'CA' });
    const none = await buildMember(t.database.db, { postal_code: null, country: null });
    for (const id of [us.id, ca.id, none.id]) {
      expect(await locationOf(id)).toEqual({ location_lat: null, location_lon: null });
    }
    await t.database.migrate();
    expect(await locationOf(us.id)).toEqual({
      location_lat: expect.closeTo(37.77, 1),
      location_lon: expect.closeTo(-122.41, 1),
    });
    expect(await locationOf(ca.id)).toEqual({ location_lat: 45.5148, location_lon: -73.5739 });
    expect(await locationOf(none.id)).toEqual({ location_lat: null, location_lon: null });
  });

  it('is erased with the account', async () => {
    const member = await buildMember(t.database.db, { location_lat: 40.7, location_lon: -74 });
    const { token } = await signIn(t, member.phone_number);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { authorization: `Bearer ${token}` },
      payload: { confirm: DELETE_ACCOUNT_CONFIRMATION },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await locationOf(member.id)).toEqual({ location_lat: null, location_lon: null });
  });
});
