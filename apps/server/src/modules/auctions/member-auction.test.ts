// Product rules (Bidding): a member approved, or switching bids on, during a period gets an
// auction in the current period at once, so search finds them right after onboarding.
import { AUCTION_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { approveMember } from '../admin/admin.service';
import { openAuctionForMember } from './member-auction';
import { ensureOpenPeriod } from './periods.service';

const clock = testClock('2025-09-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { SWEEPER_ENABLED: 'false', AUTO_APPROVE: 'true' },
    { clock: clock.clock },
  );
  await ensureOpenPeriod(t.database.db, clock.clock());
});
afterAll(() => t.close());

async function auctionsOf(userId: number) {
  return rows<{ period_id: number; status: string }>(
    t.database.db,
    sql`SELECT a.period_id, a.status FROM auctions a
          JOIN auction_periods p ON p.id = a.period_id AND p.status = 'open'
         WHERE a.user_id = ${userId}`,
  );
}

async function updateProfile(phone: string, payload: object) {
  const { token } = await signIn(t, phone);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/update-profile',
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json().user;
}

describe('an auction in the current period at once', () => {
  it('when onboarding finishes with AUTO_APPROVE: search finds the new member', async () => {
    const member = await buildMember(t.database.db, {
      username: 'fresh_face',
      onboarded: 13,
      birth_date: '1996-03-04',
    });
    expect(await auctionsOf(member.id)).toEqual([]);
    const user = await updateProfile(member.phone_number, {
      sms_notification: false,
      onboarded: 14,
    });
    expect(user).toMatchObject({ onboarded: 14, is_approved: true });
    expect(await auctionsOf(member.id)).toHaveLength(1);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/auctions/search',
      payload: { searchString: 'fresh_fa' },
    });
    expect(search.json().auctions.map((a: { user_id: number }) => a.user_id)).toEqual([member.id]);
  });

  it('when an admin approves a member who finished onboarding', async () => {
    const member = await buildMember(t.database.db, { username: 'waiting_w', onboarded: 14 });
    expect(await auctionsOf(member.id)).toEqual([]);
    await approveMember(t.database.db, 'waiting_w');
    expect(await auctionsOf(member.id)).toHaveLength(1);
    await approveMember(t.database.db, 'waiting_w');
    expect(await auctionsOf(member.id)).toHaveLength(1);
  });

  it('when an approved member switches bids on; switching off waits for the next period', async () => {
    const member = await buildMember(t.database.db, {
      onboarded: 14,
      is_approved: true,
      available_for_bids: false,
    });
    await updateProfile(member.phone_number, { available_for_bids: true });
    expect(await auctionsOf(member.id)).toHaveLength(1);
    await updateProfile(member.phone_number, { available_for_bids: false });
    expect(await auctionsOf(member.id)).toHaveLength(1);
  });

  it('never for a member still onboarding, not approved, or with bids off', async () => {
    const cases = [
      { onboarded: 9, is_approved: true },
      { onboarded: 14, is_approved: false },
      { onboarded: 14, is_approved: true, available_for_bids: false },
    ];
    for (const overrides of cases) {
      const member = await buildMember(t.database.db, overrides);
      const opened = await t.database.db.transaction((tx) => openAuctionForMember(tx, member.id));
      expect(opened, JSON.stringify(overrides)).toBeNull();
      expect(await auctionsOf(member.id)).toEqual([]);
    }
  });

  it('POST /auctions/create refuses a member whose bids are switched off', async () => {
    const member = await buildMember(t.database.db, {
      onboarded: 14,
      is_approved: true,
      available_for_bids: false,
    });
    const { token } = await signIn(t, member.phone_number);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auctions/create',
      payload: { description: 'pick me' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: AUCTION_MESSAGES.notAvailableForBids,
      code: 'CONFLICT',
    });
    expect(await auctionsOf(member.id)).toEqual([]);
  });

  it('leaves an auction an admin took off the board as it is', async () => {
    const member = await buildMember(t.database.db, { onboarded: 14, is_approved: true });
    await t.database.db.transaction((tx) => openAuctionForMember(tx, member.id));
    await t.database.db.execute(
      sql`UPDATE auctions SET status = 'deleted' WHERE user_id = ${member.id}`,
    );
    const again = await t.database.db.transaction((tx) => openAuctionForMember(tx, member.id));
    expect(again).toBeNull();
    expect(await auctionsOf(member.id)).toEqual([expect.objectContaining({ status: 'deleted' })]);
  });
});
