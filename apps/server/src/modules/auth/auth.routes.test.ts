import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCodeFor, signIn, type TestApp } from '../../../test/app';
import { buildMember, uniquePhone } from '../../../test/factories';
import { rows } from '../../db/client';

let t: TestApp;
const ADMIN = '+12015550999';
beforeAll(async () => {
  t = await createTestApp({ ADMIN_PHONES: ADMIN, OTP_PHONE_MAX_PER_WINDOW: '4' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

async function count(table: 'users' | 'otp_codes' | 'sessions' | 'token_transactions') {
  const [row] = await rows<{ n: number }>(
    t.database.db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return row!.n;
}

describe('phone validation', () => {
  it.each([
    ['555-1234', 'Please enter a valid US or Canadian phone number'],
    ['+44 20 7946 0958', 'Please enter a valid US or Canadian phone number'],
    ['+2 201 555 0123', 'Please enter a valid US or Canadian phone number'],
    ['(123) 456-0000', 'Enter a US or Canadian number from a valid carrier.'],
    ['+1 900 555 0123', 'Enter a US or Canadian number from a valid carrier.'],
  ])('rejects %s', async (phone, message) => {
    const before = await count('otp_codes');
    const res = await post('/api/auth/request-otp', { phone_number: phone });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await count('otp_codes')).toBe(before);
    const check = await post('/api/phone/validate', { phone });
    expect(check.json()).toEqual({ valid: false, message });
  });

  it('accepts US and Canadian numbers', async () => {
    expect((await post('/api/phone/validate', { phone: '+12125550143' })).json().valid).toBe(true);
    expect((await post('/api/phone/validate', { phone: '+14165550143' })).json().valid).toBe(true);
  });
});

describe('sign-in', () => {
  it('joins a new member with a referral: 250 tokens each, one invite used, exactly once', async () => {
    const referrer = await buildMember(t.database.db, { username: 'refmaker', onboarded: 14 });
    const phone = uniquePhone();
    const { token, user } = await signIn(t, phone, 'RefMaker');
    expect(token).toMatch(/^ey/);
    expect(user).toMatchObject({
      onboarded: 0,
      tokenBalance: 250,
      referred_by: referrer.id,
      role: 'member',
    });
    const [after] = await rows<{ token_balance: number; invites_left: number }>(
      t.database.db,
      sql`SELECT token_balance, invites_left FROM users WHERE id = ${referrer.id}`,
    );
    expect(after).toEqual({ token_balance: 250, invites_left: 2 });

    const again = await post(
      '/api/handleReferralReward',
      { referrerId: referrer.id, referredId: user.id, notifySignUpUser: true },
      token,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      data: { tokenBalance: 250, bonusAwarded: false },
    });
    // Each row names the other member, so the history says who joined through whom.
    const ledger = await rows<{ transaction_type: string; amount: number; bid_target_id: number }>(
      t.database.db,
      sql`SELECT transaction_type, amount, bid_target_id FROM token_transactions WHERE user_id IN (${referrer.id}, ${user.id}) ORDER BY id`,
    );
    expect(ledger).toEqual([
      { transaction_type: 'referral2', amount: 250, bid_target_id: referrer.id },
      { transaction_type: 'referral1', amount: 250, bid_target_id: user.id },
    ]);
  });

  it('refuses an unknown phone without a valid referrer and writes nothing', async () => {
    const users = await count('users');
    for (const referred_by of [undefined, 'nobody_here']) {
      const phone = uniquePhone();
      const otp = await requestCodeFor(t, phone);
      const res = await post('/api/auth/verify-otp', { phone_number: phone, otp, referred_by });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Account not found.');
    }
    expect(await count('users')).toBe(users);
  });

  it('signs a returning member in, and the admin phone gets the admin role', async () => {
    await buildMember(t.database.db, { phone_number: ADMIN, username: 'boss' });
    const { user } = await signIn(t, ADMIN);
    expect(user.role).toBe('admin');
  });

  it('rejects wrong, letter, reused and expired codes', async () => {
    const member = await buildMember(t.database.db);
    const phone = member.phone_number;
    const otp = await requestCodeFor(t, phone);
    const wrong = otp === '000000' ? '111111' : '000000';
    let res = await post('/api/auth/verify-otp', { phone_number: phone, otp: wrong });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Invalid Code']);
    res = await post('/api/auth/verify-otp', { phone_number: phone, otp: '12a456' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Invalid Code']);
    res = await post('/api/auth/verify-otp', { phone_number: phone, otp });
    expect(res.statusCode).toBe(200);
    res = await post('/api/auth/verify-otp', { phone_number: phone, otp });
    expect([res.statusCode, res.json().message]).toEqual([
      400,
      'This code has expired. Please request a new one.',
    ]);

    const stale = await requestCodeFor(t, phone);
    await t.database.db.execute(
      sql`UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE phone_number = ${phone}`,
    );
    res = await post('/api/auth/verify-otp', { phone_number: phone, otp: stale });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please request a new one.');
  });

  it('locks a code after 5 wrong tries, even with the right code after', async () => {
    const member = await buildMember(t.database.db);
    const older = await requestCodeFor(t, member.phone_number);
    const otp = await requestCodeFor(t, member.phone_number);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/auth/verify-otp', { phone_number: member.phone_number, otp: wrong }))
          .statusCode,
      ).toBe(400);
    }
    const res = await post('/api/auth/verify-otp', { phone_number: member.phone_number, otp });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many attempts. Please request a new code.');
    // An earlier code does not become a fresh set of 5 guesses once the latest is locked.
    const earlier = await post('/api/auth/verify-otp', {
      phone_number: member.phone_number,
      otp: older,
    });
    expect(earlier.statusCode).toBe(429);
  });

  it('limits code requests per phone', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 4; i++) await requestCodeFor(t, phone);
    const res = await post('/api/auth/request-otp', { phone_number: phone });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(
      'Too many code requests. Please wait a few minutes and try again.',
    );
  });

  it('accepts the test number with TEST_OTP_CODE without sending anything', async () => {
    await buildMember(t.database.db, { phone_number: '+11234567890', username: 'tester' });
    const sent = await post('/api/auth/request-otp', { phone_number: '(123) 456-7890' });
    expect(sent.statusCode).toBe(200);
    expect(t.sms.lastTo('+11234567890')).toBeUndefined();
    const res = await post('/api/auth/verify-otp', { phone_number: '+11234567890', otp: '123456' });
    expect(res.statusCode).toBe(200);
  });

  it('serves the dev outbox', async () => {
    const phone = uniquePhone();
    const code = await requestCodeFor(t, phone);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/otp-outbox?phone=${encodeURIComponent(phone)}`,
    });
    expect(res.json()).toMatchObject({ phone, code });
  });
});

describe('sessions', () => {
  it('me works with the token; logout revokes it', async () => {
    const member = await buildMember(t.database.db);
    const { token } = await signIn(t, member.phone_number);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(member.id);
    expect((await post('/api/auth/logout', {}, token)).statusCode).toBe(200);
    const after = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect([after.statusCode, after.json().message]).toEqual([401, 'Not authenticated']);
  });

  it.each([
    ['no token', undefined],
    ['garbage', 'Bearer nope'],
    [
      'forged signature',
      'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoiMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIn0.c2lnbmF0dXJl',
    ],
    ['alg none', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'],
  ])('me with %s is 401 Not authenticated', async (_name, header) => {
    const res = await t.app.inject({
      url: '/api/auth/me',
      headers: header ? { authorization: header } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Not authenticated', code: 'NOT_AUTHENTICATED' });
  });

  it('an expired session is 401', async () => {
    const member = await buildMember(t.database.db);
    const { token } = await signIn(t, member.phone_number);
    await t.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${member.id}`,
    );
    const res = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a member cannot claim a referral reward for someone else', async () => {
    const a = await buildMember(t.database.db);
    const b = await buildMember(t.database.db);
    const { token } = await signIn(t, a.phone_number);
    const res = await post(
      '/api/handleReferralReward',
      { referrerId: null, referredId: b.id },
      token,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('malformed JSON is a 400 with a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone_number": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is not valid JSON');
  });

  it('an oversized body is a 413', async () => {
    const res = await post('/api/auth/request-otp', { phone_number: 'x'.repeat(100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Request body is too large');
  });

  it('a missing field names it', async () => {
    const res = await post('/api/auth/verify-otp', { phone_number: '+12125550143' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/otp/);
  });

  it('unknown API paths are JSON 404s and nothing leaks a stack', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });
});
