import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingConnections } from '../../test/connections';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { testClock } from '../../test/marketplace';
import { recordingRealtime } from '../../test/realtime';
import { loadConfig } from '../config';
import { rows } from '../db/client';
import { startConnectionSweeper } from './connection-sweep';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('connection sweeper', () => {
  it('expires a connection on its own once the clock passes the deadline, then emits', async () => {
    const t = testClock('2025-09-01T12:00:00Z');
    const [made] = await pendingConnections(database.db, t, 1);
    const { realtime, emitted } = recordingRealtime();
    const errors: unknown[] = [];
    const sweeper = startConnectionSweeper({
      ctx: { db: database.db, config: loadConfig({ NODE_ENV: 'test' }), clock: t.clock, realtime },
      onError: (e) => errors.push(e),
      intervalMs: 50,
    });
    await sweeper.wake();
    const status = async () =>
      (
        await rows<{ status: string }>(
          database.db,
          sql`SELECT status FROM connections WHERE id = ${made!.id}`,
        )
      )[0]!.status;
    expect(await status()).toBe('pending');

    // The periodic check notices the deadline; nobody calls wake() here.
    t.set(new Date(t.clock().getTime() + 48 * 3_600_000));
    await expect.poll(status, { timeout: 5000 }).toBe('expired');
    await sweeper.stop();
    expect(errors).toEqual([]);
    expect(emitted()).toContainEqual([`user_${made!.bidder.id}`, 'connectionExpired']);
    expect(emitted()).toContainEqual([`user_${made!.owner.id}`, 'connectionExpired']);
    expect(emitted()).toContainEqual([`user_${made!.bidder.id}`, 'new-alert']);
  });
});
