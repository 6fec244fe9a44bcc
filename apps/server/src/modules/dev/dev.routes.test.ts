// The development routes journeys lean on: the last text to a number, whole (a shared
// date's link), and DEV_CLOCK's clock moved forward, which every service then reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, requestCodeFor, type TestApp } from '../../../test/app';
import { uniquePhone } from '../../../test/factories';
import { movableClock } from '../../lib/movable-clock';

describe('dev routes', () => {
  const clock = movableClock();
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { devClock: clock });
    plain = await createTestApp({ SWEEPER_ENABLED: 'false' }, { database: t.database });
  }, 120_000);
  afterAll(async () => {
    await plain?.close();
    await t?.close();
  });

  it('gives the last text to a number whole, and 404 for a number never texted', async () => {
    const phone = uniquePhone();
    const code = await requestCodeFor(t, phone);
    const res = await t.app.inject({
      url: `/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe(phone);
    expect(res.json().body).toContain(code);
    const none = await t.app.inject({
      url: `/api/dev/sms-outbox?phone=${encodeURIComponent(uniquePhone())}`,
    });
    expect([none.statusCode, none.json().message]).toEqual([
      404,
      'No text was sent to this number',
    ]);
  });

  it('moves the clock the app reads forward, never back', async () => {
    const phone = uniquePhone();
    const otp = await requestCodeFor(t, phone);
    const later = new Date(clock.now().getTime() + 10 * 60_000).toISOString();
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { now: later },
    });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().now)).toBeGreaterThanOrEqual(Date.parse(later));
    // Ten minutes on, the five-minute code has expired.
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { phone_number: phone, otp },
    });
    expect([verify.statusCode, verify.json().message]).toEqual([
      400,
      'This code has expired. Please request a new one.',
    ]);
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { now: new Date().toISOString() },
    });
    expect([back.statusCode, back.json().message]).toEqual([400, 'The clock only moves forward']);
  });

  it('has no clock to move without DEV_CLOCK', async () => {
    const res = await plain.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { now: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(res.statusCode).toBe(404);
  });
});
