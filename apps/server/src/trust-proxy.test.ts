// TRUST_PROXY behind a balancer (issue 18): a client that writes a new X-Forwarded-For on
// every request still has one address, the one the balancer appended, so the API's per-IP
// limit and the sign-in code limits bite; with no proxy trusted, the header is ignored.
import { MESSAGES } from '@bidboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { uniquePhone } from '../test/factories';

const BALANCER = '10.0.0.2';
let forged = 0;
/** What a client sends through the balancer: a made-up address first, its real one last. */
const throughBalancer = (client: string) => ({
  remoteAddress: BALANCER,
  headers: { 'x-forwarded-for': `198.51.100.${++forged % 250}, ${client}` },
});

describe.each([
  ['a hop count', '1'],
  ['the balancer addresses', '10.0.0.0/8,127.0.0.1'],
])('TRUST_PROXY as %s', (_name, trust) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: trust,
      RATE_LIMIT_MAX: '5',
      OTP_ROUTE_MAX_PER_MINUTE: '3',
      OTP_IP_MAX_PER_WINDOW: '2',
    });
  });
  afterAll(() => t.close());

  it('limits the API per real client, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({ url: '/api/config/app', ...throughBalancer('203.0.113.7') });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Another member behind the same balancer is not held back by it.
    const other = await t.app.inject({ url: '/api/config/app', ...throughBalancer('203.0.113.8') });
    expect(other.statusCode).toBe(200);
  });

  it('holds the code requests per address: a new forged address per request changes nothing', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/request-otp',
          payload: { phone_number: uniquePhone() },
          ...throughBalancer('203.0.113.20'),
        }),
      );
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2]!.json().message).toBe(MESSAGES.tooManyCodeRequests);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: { phone_number: uniquePhone() },
      ...throughBalancer('203.0.113.21'),
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('holds the sign-in routes per minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-phone-number-exists',
        payload: { phone_number: uniquePhone() },
        ...throughBalancer('203.0.113.30'),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('TRUST_PROXY as addresses, a client connecting directly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', OTP_ROUTE_MAX_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('is its socket address: its own X-Forwarded-For is not believed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-phone-number-exists',
        payload: { phone_number: uniquePhone() },
        remoteAddress: '203.0.113.40',
        headers: { 'x-forwarded-for': `10.0.0.${i + 10}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});

describe('HTTP server timeouts', () => {
  it('come from HTTP_KEEP_ALIVE_TIMEOUT_MS and HTTP_REQUEST_TIMEOUT_MS', async () => {
    const t = await createTestApp({
      HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      HTTP_REQUEST_TIMEOUT_MS: '45000',
    });
    expect(t.app.server.keepAliveTimeout).toBe(65_000);
    expect(t.app.server.requestTimeout).toBe(45_000);
    await t.close();
  });
});
