// One age rule on the New York date (product rules, Age), across the UTC day boundary on
// the injected clock (issue 41 item 3): at 02:00 UTC on December 3rd it is still December
// 2nd in New York, so a member born on 2008-12-03 is 17 there though 18 in UTC. Refused at
// onboarding and at a profile edit (both update-profile paths), nothing saved; the cards
// show the New York age; from midnight in New York the same date passes.
import { DOB_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { buildBidder, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { sweepPeriods } from '../auctions/period-sweep';

const SEVENTEEN_IN_NEW_YORK = '2008-12-03';
const clock = testClock('2026-12-03T02:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

async function edit(phone: string, method: 'POST' | 'PUT', payload: object) {
  const { token } = await signIn(t, phone);
  return t.app.inject({
    method,
    url: method === 'POST' ? '/api/auth/update-profile' : '/api/auth/profile',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

async function stored(id: number) {
  const [row] = await rows<{ birth_date: string | null; onboarded: number }>(
    t.database.db,
    sql`SELECT birth_date::text AS birth_date, onboarded FROM users WHERE id = ${id}`,
  );
  return row!;
}

describe('a member must be 18 on the New York date', () => {
  it('refuses a 17-year-old at onboarding and at a profile edit, saving nothing', async () => {
    const joining = await buildMember(t.database.db, { onboarded: 0, birth_date: null });
    const onboarded = await buildMember(t.database.db, { birth_date: '1990-01-01' });
    for (const [member, method, payload] of [
      [joining, 'POST', { birth_date: SEVENTEEN_IN_NEW_YORK, onboarded: 1 }],
      [onboarded, 'POST', { birth_date: SEVENTEEN_IN_NEW_YORK }],
      [onboarded, 'PUT', { birth_date: SEVENTEEN_IN_NEW_YORK }],
    ] as const) {
      const before = await stored(member.id);
      const res = await edit(member.phone_number, method, payload);
      expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json().message).toBe(DOB_MESSAGES.underage);
      expect(await stored(member.id)).toEqual(before);
    }
    // 18 in New York already: the day before passes.
    const passed = await edit(joining.phone_number, 'POST', {
      birth_date: '2008-12-02',
      onboarded: 1,
    });
    expect(passed.statusCode).toBe(200);
    expect(await stored(joining.id)).toEqual({ birth_date: '2008-12-02', onboarded: 1 });
  });

  it('passes the same date from midnight in New York (05:00 UTC in December)', async () => {
    const member = await buildMember(t.database.db, { birth_date: '1990-01-01' });
    clock.set('2026-12-03T04:59:59Z');
    const late = await edit(member.phone_number, 'POST', { birth_date: SEVENTEEN_IN_NEW_YORK });
    expect(late.json().message).toBe(DOB_MESSAGES.underage);
    clock.set('2026-12-03T05:00:00Z');
    const on = await edit(member.phone_number, 'POST', { birth_date: SEVENTEEN_IN_NEW_YORK });
    expect(on.statusCode).toBe(200);
    expect((await stored(member.id)).birth_date).toBe(SEVENTEEN_IN_NEW_YORK);
    clock.set('2026-12-03T02:00:00Z');
  });

  it("shows cards the member's age on the New York date", async () => {
    // Born on December 3rd: 35 in New York at 02:00 UTC, 36 only from its midnight.
    const owner = await buildBidder(t.database.db, 0, { birth_date: '1990-12-03' });
    await sweepPeriods({ db: t.database.db, clock: clock.clock });
    const [auction] = await rows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM auctions WHERE user_id = ${owner.id}`,
    );
    const ageShown = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auctions/auction_profile_data',
        payload: { auctionIds: [auction!.id] },
      });
      return res.json().auctionProfileData[0].age;
    };
    expect(await ageShown()).toBe(35);
    clock.set('2026-12-03T05:00:00Z');
    expect(await ageShown()).toBe(36);
    clock.set('2026-12-03T02:00:00Z');
  });
});
