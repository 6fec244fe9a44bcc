// The requests the attack run (issue 14, defect 6) saw answered 500: ids past PostgreSQL's
// integer range and text holding a NUL byte. Each must now be a 400 with the shared message.
import { COMMON_MESSAGES } from '@bidboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app';
import { buildMember } from '../test/factories';
import { buildBidder } from '../test/marketplace';

const ADMIN_PHONE = '+12025550188';
const PAST_INT = 2_147_483_648;

let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PHONES: ADMIN_PHONE });
  const bidder = await buildBidder(t.database.db, 100);
  member = (await signIn(t, bidder.phone_number)).token;
  await buildMember(t.database.db, { phone_number: ADMIN_PHONE, role: 'admin', onboarded: 14 });
  admin = (await signIn(t, ADMIN_PHONE)).token;
});
afterAll(() => t.close());

type Case = [string, 'GET' | 'POST' | 'DELETE', string, unknown?, ('member' | 'admin')?];

const cases: Case[] = [
  ['an auction id', 'GET', `/api/auctions/${PAST_INT}`],
  ['an auction id (bids)', 'GET', `/api/auctions/${PAST_INT}/bids`],
  ['a period id', 'GET', `/api/auctions/period/${PAST_INT}/end_time`],
  ['last_auction_id', 'POST', '/api/auctions', { last_auction_id: PAST_INT }],
  ['auctionIds', 'POST', '/api/auctions/auction_profile_data', { auctionIds: [1, PAST_INT] }],
  ['userId', 'GET', `/api/userProfileImages?userId=${PAST_INT}`, undefined, 'member'],
  ['an admin auction id', 'DELETE', `/api/admin/auctions/${PAST_INT}`, undefined, 'admin'],
  [
    'an admin image id',
    'POST',
    `/api/admin/media/images/${PAST_INT}/review`,
    { status: 'approved' },
    'admin',
  ],
  ['a bid on an auction id', 'POST', `/api/auctions/${PAST_INT}/bids`, { amount: 5 }, 'member'],
];

const nulCases: Case[] = [
  ['check-referral', 'POST', '/api/auth/check-referral', { username: '\u0000' }],
  ['check-username', 'POST', '/api/auth/check-username', { username: 'ab\u0000c' }, 'member'],
  ['pin_username', 'POST', '/api/auctions', { pin_username: 'ann\u0000' }],
  ['search', 'POST', '/api/auctions/search', { searchString: 'ann\u0000ie' }],
  ['description', 'POST', '/api/auctions/create', { description: 'hi\u0000' }, 'member'],
  ['a profile answer', 'POST', '/api/auth/update-profile', { bio: 'x\u0000y' }, 'member'],
];

async function send([, method, url, body, who]: Case) {
  return t.app.inject({
    method,
    url,
    headers: who ? { authorization: `Bearer ${who === 'admin' ? admin : member}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe('ids past the integer column', () => {
  it.each(cases)('%s is refused with "Invalid id"', async (...testCase) => {
    const res = await send(testCase);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(COMMON_MESSAGES.invalidId);
  });
});

describe('text with a NUL byte', () => {
  it.each(nulCases)('%s is refused, not passed to PostgreSQL', async (...testCase) => {
    const res = await send(testCase);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(COMMON_MESSAGES.controlCharacters);
  });
});
