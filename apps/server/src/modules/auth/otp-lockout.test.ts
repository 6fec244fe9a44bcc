// Guessing sign-in codes across windows (issue 41): each code allows 5 guesses and a
// number 5 codes per 15 minutes, so a guesser got 25 compared guesses every 15 minutes,
// without end. Now 15 wrong codes in 24 hours lock the number for 24 hours with the
// lockout's words: no code is sent to it and none is compared, the right one included.
import { MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCodeFor, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';
import { pruneExpiredRows } from '../retention/retention.service';

const START = new Date('2025-09-10T12:00:00Z');
const clock = testClock(START.toISOString());
const at = (minutes: number) => clock.set(new Date(START.getTime() + minutes * 60_000));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
});
afterAll(() => t.close());

const verify = (phone: string, otp: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { phone_number: phone, otp },
  });
const requestCode = (phone: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: { phone_number: phone } });
const wrongFor = (otp: string) => (otp === '000000' ? '111111' : '000000');

/** Requests a code and enters `count` wrong ones; returns the answers and the right code. */
async function guessWrong(phone: string, count: number) {
  const otp = await requestCodeFor(t, phone);
  const answers: [number, string][] = [];
  for (let i = 0; i < count; i++) {
    const res = await verify(phone, wrongFor(otp));
    answers.push([res.statusCode, res.json().message]);
  }
  return { otp, answers };
}

describe('wrong sign-in codes across windows', () => {
  it('locks the number for 24 hours at the 15th wrong code, then lets it sign in', async () => {
    const { phone_number: phone } = await buildMember(t.database.db);
    const invalid: [number, string] = [400, MESSAGES.invalidCode];
    // Three request windows apart: the per-code and per-window limits never engage.
    at(0);
    expect((await guessWrong(phone, 5)).answers).toEqual(Array(5).fill(invalid));
    at(20);
    expect((await guessWrong(phone, 5)).answers).toEqual(Array(5).fill(invalid));
    at(40);
    expect((await guessWrong(phone, 4)).answers).toEqual(Array(4).fill(invalid));
    at(60);
    const last = await guessWrong(phone, 1);
    const locked: [number, string] = [429, MESSAGES.codeLockedHours(24)];
    expect(last.answers).toEqual([locked]);
    expect(MESSAGES.codeLockedHours(24)).toBe(
      'Too many attempts. Please wait 24 hours before trying again.',
    );

    // The right code of a fresh code is not compared, and no new code is sent.
    let res = await verify(phone, last.otp);
    expect([res.statusCode, res.json()]).toEqual([
      429,
      {
        message: MESSAGES.codeLockedHours(24),
        code: 'TOO_MANY_ATTEMPTS',
        // The key and hours let a member reading French see the lockout in French.
        key: 'MESSAGES.codeLockedHours',
        params: { hours: 24, until: expect.any(String) },
      },
    ]);
    const sent = t.sms.lastTo(phone);
    at(60 + 23 * 60 + 30);
    res = await requestCode(phone);
    expect([res.statusCode, res.json().message]).toEqual([429, MESSAGES.codeLockedHours(1)]);
    expect(t.sms.lastTo(phone)).toBe(sent);

    // Once the lock ends the number starts afresh: the failures that locked it never count
    // again, though the window (24 hours) still covers some of them.
    at(60 + 24 * 60 + 1);
    expect((await guessWrong(phone, 1)).answers).toEqual([invalid]);
    const otp = await requestCodeFor(t, phone);
    res = await verify(phone, otp);
    expect(res.statusCode).toBe(200);
  });

  it('counts wrong codes over the window only, per number', async () => {
    const { phone_number: phone } = await buildMember(t.database.db);
    const { phone_number: other } = await buildMember(t.database.db);
    at(0);
    await guessWrong(phone, 5);
    await guessWrong(phone, 5);
    await guessWrong(other, 4);
    // 25 hours on, the first ten are outside the window: five more do not lock.
    at(25 * 60);
    const later = await guessWrong(phone, 5);
    expect(later.answers.every(([status]) => status === 400)).toBe(true);
    expect((await verify(other, await requestCodeFor(t, other))).statusCode).toBe(200);
  });

  it('keeps the wrong codes and ended lockouts no longer than the longest window', async () => {
    const { phone_number: phone } = await buildMember(t.database.db);
    at(0);
    for (let i = 0; i < 3; i++) await guessWrong(phone, 5);
    const held = sql`SELECT (SELECT count(*)::int FROM otp_failures WHERE phone_number = ${phone}) AS failures,
                            (SELECT count(*)::int FROM otp_lockouts WHERE phone_number = ${phone}) AS lockouts`;
    expect(await rows(t.database.db, held)).toEqual([{ failures: 15, lockouts: 1 }]);
    at(6 * 24 * 60);
    await pruneExpiredRows({ db: t.database.db, config: t.config, clock: clock.clock });
    expect(await rows(t.database.db, held)).toEqual([{ failures: 15, lockouts: 1 }]);
    at(8 * 24 * 60 + 1);
    await pruneExpiredRows({ db: t.database.db, config: t.config, clock: clock.clock });
    expect(await rows(t.database.db, held)).toEqual([{ failures: 0, lockouts: 0 }]);
  });
});
