// Guessing a one-time code with many requests at once: the lockout and the request limits
// hold whatever the timing (issue 14, defect 1). Meaningful on real PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCodeFor, type TestApp } from '../../../test/app';
import { buildMember, uniquePhone } from '../../../test/factories';
import { rows } from '../../db/client';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    { OTP_ROUTE_MAX_PER_MINUTE: '100000', OTP_IP_MAX_PER_WINDOW: '100000' },
    { poolSize: 20 },
  );
});
afterAll(() => t?.close());

const GUESSES = 50;

function verify(phone: string, otp: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { phone_number: phone, otp },
  });
}

function wrongCodes(right: string, count: number): string[] {
  const codes: string[] = [];
  for (let n = 0; codes.length < count; n++) {
    const code = String(n).padStart(6, '0');
    if (code !== right) codes.push(code);
  }
  return codes;
}

async function attemptsOf(phone: string): Promise<number> {
  const [row] = await rows<{ attempts: number }>(
    t.database.db,
    sql`SELECT attempts FROM otp_codes WHERE phone_number = ${phone} ORDER BY id DESC LIMIT 1`,
  );
  return row!.attempts;
}

describe('one-time code lockout under concurrent guesses', () => {
  it('checks at most 5 of 50 simultaneous wrong guesses and then refuses the right code', async () => {
    for (let round = 0; round < 4; round++) {
      const member = await buildMember(t.database.db);
      const phone = member.phone_number;
      const right = await requestCodeFor(t, phone);
      const answers = await Promise.all(wrongCodes(right, GUESSES).map((c) => verify(phone, c)));
      const statuses = answers.map((a) => a.statusCode);
      const checked = statuses.filter((s) => s === 400).length;
      expect(checked, `round ${round}`).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBe(GUESSES - checked);
      expect(await attemptsOf(phone)).toBe(5);
      const late = await verify(phone, right);
      expect(late.statusCode).toBe(429);
      expect(late.json().message).toBe('Too many attempts. Please request a new code.');
    }
  });

  it('lets the right code in among simultaneous guesses only within the first 5 checked', async () => {
    for (let round = 0; round < 4; round++) {
      const member = await buildMember(t.database.db);
      const phone = member.phone_number;
      const right = await requestCodeFor(t, phone);
      const guesses = wrongCodes(right, GUESSES - 1);
      guesses.splice(Math.floor(Math.random() * GUESSES), 0, right);
      const answers = await Promise.all(guesses.map((c) => verify(phone, c)));
      const outcomes = answers.map((a) => (a.statusCode === 200 ? 'SIGNED_IN' : a.json().code));
      // A guess that arrives after the right code was used is told the code is spent,
      // without being compared: only sign-ins and wrong-code answers were checked.
      const checked = outcomes.filter((o) => o === 'SIGNED_IN' || o === 'INVALID_CODE');
      expect(checked.length, `round ${round}`).toBeLessThanOrEqual(5);
      expect(outcomes.filter((o) => o === 'SIGNED_IN').length).toBeLessThanOrEqual(1);
      expect(
        outcomes.every((o) =>
          ['SIGNED_IN', 'INVALID_CODE', 'CODE_EXPIRED', 'TOO_MANY_ATTEMPTS'].includes(o),
        ),
      ).toBe(true);
      expect(await attemptsOf(phone)).toBeLessThanOrEqual(5);
    }
  });

  it('sends at most the per-phone limit of codes to a burst of requests', async () => {
    const phone = uniquePhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/request-otp',
          payload: { phone_number: phone },
        }),
      ),
    );
    const sent = answers.filter((a) => a.statusCode === 200).length;
    expect(sent).toBe(t.config.OTP_PHONE_MAX_PER_WINDOW);
    expect(answers.filter((a) => a.statusCode === 429).length).toBe(20 - sent);
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM otp_codes WHERE phone_number = ${phone}`,
    );
    expect(count!.n).toBe(sent);
  });
});
