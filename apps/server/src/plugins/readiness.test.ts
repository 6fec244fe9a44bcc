// /api/ready answers within READY_TIMEOUT_MS even when the check cannot get a connection:
// the balancer's probe must learn "not ready", not wait (issue 18: > 4 s with a full pool).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ READY_TIMEOUT_MS: '300' }, { poolSize: 1 });
});
afterAll(() => t.close());

describe('readiness', () => {
  it('reports 503 at once while the pool has no free connection, and 200 when it has', async () => {
    if (t.database.kind !== 'postgres') return; // PGlite has no pool to exhaust
    let release = () => {};
    const held = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    const busy = await t.app.inject({ url: '/api/ready' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(busy.statusCode).toBe(503);
    expect(busy.json().checks.database).toMatch(/did not answer within 300 ms/);
    release();
    await held;
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });
});
