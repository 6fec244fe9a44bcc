// Every /api/admin/* route, as registered (read from the app's OpenAPI document, not a
// list kept by hand), refuses visitors with 401 and members with 403 before anything else.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { buildBidder } from '../../../test/marketplace';
import { users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function adminRoutes(): { method: Method; url: string }[] {
  const doc = (t.app as unknown as { swagger(): { paths: Record<string, object> } }).swagger();
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({
        method: method.toUpperCase() as Method,
        // Path parameters get a plausible value, so the role check is what answers.
        url: path.replace(/\{[^}]+\}/g, '1'),
      })),
    );
}

describe('admin API authorization', () => {
  it('finds every admin route of the console, payouts, payments, settings and periods', () => {
    const urls = adminRoutes().map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'GET /api/admin/overview',
      'GET /api/admin/users',
      'POST /api/admin/users/1/approve',
      'GET /api/admin/media/pending',
      'GET /api/admin/audit-log',
      'PUT /api/admin/settings',
      'POST /api/admin/periods/close-now',
      'DELETE /api/admin/auctions/1',
      'GET /api/admin/redemptions',
      'GET /api/admin/payment-errors',
      'POST /api/admin/tokens/adjustments',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to visitors and 403 to members on every one', async () => {
    const member = await buildBidder(t.database.db, 0);
    const { token } = await signIn(t, member.phone_number);
    const admin = await buildBidder(t.database.db, 0);
    const { token: adminToken } = await signIn(t, admin.phone_number);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const payload = route.method === 'GET' ? undefined : {};
      const visitor = await t.app.inject({ method: route.method, url: route.url, payload });
      expect(visitor.statusCode, `visitor ${route.method} ${route.url}`).toBe(401);
      const asMember = await t.app.inject({
        method: route.method,
        url: route.url,
        payload,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(asMember.statusCode, `member ${route.method} ${route.url}`).toBe(403);
      // An admin gets past the role check (to an answer, never a 401/403).
      if (route.method === 'GET') {
        const asAdmin = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { authorization: `Bearer ${adminToken}` },
        });
        expect([401, 403], `admin ${route.method} ${route.url}`).not.toContain(asAdmin.statusCode);
      }
    }
  });
});
