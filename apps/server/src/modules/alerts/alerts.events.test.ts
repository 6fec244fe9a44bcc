// The close's results to this server's online members (deliverAlertRangeLocally): read a
// batch of members at a time and written a slice at a time, with a turn of the event loop
// between slices, so thousands of results never hold the loop in one piece (issue 48:
// no stall above 100 ms while a close fans out).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import type { AppSocketServer } from '../../plugins/socket';
import { deliverAlertRangeLocally } from './alerts.events';
import type { AlertRow } from './alerts.repository';

const ONLINE = 2_500;
const dialect = new PgDialect();

/** Answers alertsInRange with one 'auction_won' alert for each member it asks about. */
function alertsTable() {
  const queried: number[] = [];
  const executor = {
    execute: async (query: SQL) => {
      const ids = String(dialect.sqlToQuery(query).params[0]).slice(1, -1).split(',').map(Number);
      queried.push(ids.length);
      const rows: AlertRow[] = ids.map((userId) => ({
        id: 10_000 + userId,
        user_id: userId,
        kind: 'auction_won',
        payload: {},
        message: 'You won',
        is_read: false,
        read_at: null,
        created_at: new Date('2025-07-03T00:00:00Z'),
      }));
      return { rows };
    },
  } as unknown as Executor;
  return { executor, queried };
}

describe('a close fanned out to this server', () => {
  it(`reaches each of ${ONLINE} online members once, at most 200 writes per turn of the loop`, async () => {
    const sockets = new Map(
      Array.from({ length: ONLINE }, (_, i) => [`s${i}`, { data: { userId: i + 1 } }]),
    );
    const delivered: string[] = [];
    const io = {
      of: () => ({ sockets }),
      local: { to: (room: string) => ({ emit: () => delivered.push(room) }) },
    } as unknown as AppSocketServer;
    const { executor, queried } = alertsTable();

    // A probe that runs once per turn of the event loop: what was written between its runs
    // was written without a yield.
    let done = false;
    const perTurn: number[] = [];
    const probe = (async () => {
      let seen = 0;
      while (!done) {
        await nextTurn();
        perTurn.push(delivered.length - seen);
        seen = delivered.length;
      }
    })();
    await deliverAlertRangeLocally(io, executor, {
      firstId: 10_001,
      lastId: 10_000 + ONLINE,
      count: ONLINE,
      kinds: ['auction_won'],
    });
    done = true;
    await probe;

    expect(queried).toEqual([1_000, 1_000, 500]);
    expect(new Set(delivered).size).toBe(ONLINE);
    expect(delivered).toHaveLength(ONLINE);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(200);
    expect(perTurn.filter((n) => n > 0).length).toBeGreaterThanOrEqual(ONLINE / 200);
  });
});
