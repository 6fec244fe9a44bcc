// 50 conflicting changes at once on each connection, on real PostgreSQL: the owner
// accepting and rejecting (and reversing), both members unmatching and writing their
// first messages, and sweeps whose grace and engagement deadlines fall due mid-race.
// Every connection ends in one consistent state and the ledger adds up.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingConnections } from '../../../test/connections';
import { createTestDatabase, onPostgres, type TestDatabase } from '../../../test/database';
import { ledgerProblems, testClock } from '../../../test/marketplace';
import { loadConfig } from '../../config';
import { rows } from '../../db/client';
import { AppError } from '../../lib/errors';
import { updateSettings } from '../settings/settings.service';
import { sweepConnections } from './connection-sweep.service';
import { changeConnectionStatus } from './connections.service';
import { recordMessageSent } from './engagement.service';

const CONNECTIONS = 12;
const CHANGES_EACH = 50;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 40 });
});
afterAll(() => database?.close());

describe.skipIf(!onPostgres)('connection status under concurrency (PostgreSQL, pool 40)', () => {
  it(`${CHANGES_EACH} conflicting changes on each of ${CONNECTIONS} connections`, async () => {
    const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'false' });
    // Real time, and deadlines of a fraction of a second, so the sweeps really race the
    // members: a rejection's grace or an acceptance's engagement window ends mid-run.
    const setup = testClock(new Date().toISOString());
    const made = await pendingConnections(database.db, setup, CONNECTIONS, { amount: 100 });
    await updateSettings(
      database.db,
      config,
      {
        connection_reminder_hours: 1,
        connection_expiry_hours: 2,
        rejection_grace_hours: 0.05 / 3600,
        engagement_window_hours: 0.1 / 3600,
      },
      null,
    );
    const ctx = { db: database.db, config, clock: () => new Date() };

    type Outcome = string;
    const attempt = async (run: () => Promise<unknown>): Promise<Outcome> => {
      try {
        await run();
        return 'ok';
      } catch (error) {
        if (error instanceof AppError) return `${error.status}`;
        throw error;
      }
    };
    // Half the connections see no unmatch, so engagement and its deadline race too.
    const changes = made.flatMap((c, n) =>
      Array.from({ length: CHANGES_EACH }, (_, i) => {
        const kind = n % 2 === 0 && (i % 10 === 3 || i % 10 === 4) ? 7 + (i % 2) : i % 10;
        const status = (memberId: number, s: 'accepted' | 'rejected' | 'unmatched') => () =>
          changeConnectionStatus(ctx, { connectionId: c.id, memberId, status: s });
        const message = (senderId: number, partnerId: number) => () =>
          database.db.transaction((tx) =>
            recordMessageSent(tx, { senderId, partnerId, now: new Date() }),
          );
        const run = [
          status(c.owner.id, 'accepted'),
          status(c.owner.id, 'rejected'),
          status(c.owner.id, 'accepted'),
          status(c.bidder.id, 'unmatched'),
          status(c.owner.id, 'unmatched'),
          status(c.bidder.id, 'accepted'),
          () => sweepConnections(ctx),
          message(c.bidder.id, c.owner.id),
          message(c.owner.id, c.bidder.id),
          status(c.owner.id, 'rejected'),
        ][kind]!;
        return { connectionId: c.id, kind, run };
      }),
    );
    // Shuffled, and released with small random delays so the deadlines pass mid-race.
    changes.sort(() => Math.random() - 0.5);
    const outcomes = await Promise.all(
      changes.map(async (change) => {
        await new Promise((r) => setTimeout(r, Math.random() * 400));
        return { ...change, outcome: await attempt(change.run) };
      }),
    );
    // A last sweep once every deadline has passed settles what is still held.
    await new Promise((r) => setTimeout(r, 500));
    await sweepConnections(ctx);

    const tally: Record<string, number> = {};
    for (const o of outcomes) tally[o.outcome] = (tally[o.outcome] ?? 0) + 1;
    console.log('outcomes', tally);
    expect(Object.keys(tally).every((k) => ['ok', '403', '409'].includes(k))).toBe(true);

    const final = await rows<{
      id: number;
      status: string;
      escrow_state: string;
      released: number;
    }>(
      database.db,
      sql`SELECT c.id, c.status, c.escrow_state,
                 (SELECT COUNT(*)::int FROM token_transactions t
                   WHERE t.reference_id = 'connection:' || c.id) AS released
            FROM connections c ORDER BY c.id`,
    );
    const states: Record<string, number> = {};
    for (const c of final) {
      const key = `${c.status}/${c.escrow_state}`;
      states[key] = (states[key] ?? 0) + 1;
      // Nothing is left waiting: every escrow went back or was paid, exactly once.
      expect(c.escrow_state).not.toBe('held');
      expect(c.released).toBe(1);
    }
    console.log('final states', states);
    for (const c of made) {
      const mine = outcomes.filter((o) => o.connectionId === c.id && o.outcome === 'ok');
      // Each transition happened at most once per connection.
      expect(mine.filter((o) => o.kind === 1 || o.kind === 9).length).toBeLessThanOrEqual(1);
      expect(mine.filter((o) => o.kind === 3 || o.kind === 4).length).toBeLessThanOrEqual(1);
      expect(mine.filter((o) => o.kind === 0 || o.kind === 2).length).toBeLessThanOrEqual(2);
      expect(mine.filter((o) => o.kind === 5)).toEqual([]);
    }
    expect(await ledgerProblems(database.db)).toEqual([]);
  }, 120_000);
});
