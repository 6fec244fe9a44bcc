import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { testClock } from '../../test/marketplace';
import { currentPeriod } from '../modules/auctions/periods.service';
import { startPeriodSweeper } from './period-close';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('period sweeper', () => {
  it('opens a period on start and closes it once the clock reaches its end', async () => {
    const t = testClock('2025-11-06T23:59:59Z');
    const sweeper = startPeriodSweeper({ db: database.db, clock: t.clock, intervalMs: 50 });
    await sweeper.wake();
    const first = (await currentPeriod(database.db))!;
    expect(first.end_time.toISOString()).toBe('2025-11-07T01:00:00.000Z');

    t.set('2025-11-07T00:59:59.999Z');
    await sweeper.wake();
    expect((await currentPeriod(database.db))!.id).toBe(first.id);

    // The periodic check notices the end; no one calls wake() here.
    t.set(first.end_time);
    await expect
      .poll(async () => (await currentPeriod(database.db))!.id, { timeout: 5000 })
      .not.toBe(first.id);
    const next = (await currentPeriod(database.db))!;
    expect(next.end_time.toISOString()).toBe('2025-11-14T01:00:00.000Z');
    await sweeper.stop();
  });
});
