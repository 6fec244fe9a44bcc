// Issue 14, defect 7: in production the metrics and the API document are for operators
// only, the SMS webhook takes only requests Twilio signed, and admin routes check the role
// before they look at the body.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app';
import { buildMember } from '../test/factories';
import { productionEnv } from '../test/production-env';

const ADMIN_PHONE = '+12025550177';
const METRICS_TOKEN = randomBytes(24).toString('hex');

let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp(productionEnv({ ADMIN_PHONES: ADMIN_PHONE, METRICS_TOKEN }));
  const someone = await buildMember(t.database.db, { onboarded: 14 });
  member = (await signIn(t, someone.phone_number)).token;
  await buildMember(t.database.db, { phone_number: ADMIN_PHONE, role: 'admin', onboarded: 14 });
  admin = (await signIn(t, ADMIN_PHONE)).token;
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(['/metrics', '/api/docs/json', '/api/docs'])('%s in production', (url) => {
  it('is refused to visitors, wrong tokens and members', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer('x'.repeat(48)) })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: bearer(member) })).statusCode).toBe(403);
  });

  it('answers the METRICS_TOKEN bearer and an admin', async () => {
    const scraper = await t.app.inject({ url, headers: bearer(METRICS_TOKEN) });
    expect(scraper.statusCode).toBeLessThan(400);
    const byAdmin = await t.app.inject({ url, headers: bearer(admin) });
    expect(byAdmin.statusCode).toBeLessThan(400);
    if (url === '/metrics') expect(scraper.body).toContain('http_request_duration_seconds');
    if (url === '/api/docs/json') expect(byAdmin.json().openapi).toMatch(/^3\./);
  });
});

describe('the SMS webhook in production', () => {
  it('refuses an unsigned STOP and one with a made-up signature', async () => {
    for (const signature of [undefined, 'c29tZXRoaW5n']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sms/inbound',
        payload: 'From=%2B12025550100&Body=STOP',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
      });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('admin media review', () => {
  it.each(['images', 'videos'])('checks the role of %s reviews before the body', async (kind) => {
    const url = `/api/admin/media/${kind}/1/review`;
    const bad = { status: 'whatever' };
    const visitor = await t.app.inject({ method: 'POST', url, payload: bad });
    expect(visitor.statusCode).toBe(401);
    const byMember = await t.app.inject({
      method: 'POST',
      url,
      payload: bad,
      headers: bearer(member),
    });
    expect(byMember.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'POST',
      url,
      payload: bad,
      headers: bearer(admin),
    });
    expect(byAdmin.statusCode).toBe(400);
  });
});
