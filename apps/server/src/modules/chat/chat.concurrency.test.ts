// On PostgreSQL: both members' first messages racing each other pay the owner exactly
// once, and messages sent at once into one conversation get ids in commit order.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { onPostgres } from '../../../test/database';
import { balanceOf, ledgerProblems, testClock } from '../../../test/marketplace';
import { rows } from '../../db/client';

const clock = testClock('2025-06-02T15:00:00Z');

describe.skipIf(!onPostgres)('chat under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, poolSize: 20 });
  });
  afterAll(() => t?.close());

  it('pays the reward exactly once when both members write their first messages at once', async () => {
    const pairs = await acceptedPairs(t, clock, 8, { amount: 120 });
    const before = await Promise.all(pairs.map((p) => balanceOf(t.database.db, p.owner.id)));
    const results = await Promise.all(
      pairs.flatMap((p) =>
        Array.from({ length: 4 }, (_, i) =>
          send(t, i % 2 ? p.owner : p.bidder, p.cid, { text: `hi ${i}` }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    for (const [i, p] of pairs.entries()) {
      expect(await balanceOf(t.database.db, p.owner.id)).toBe(before[i]! + 120);
    }
    const wins = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT COUNT(*)::int AS n FROM token_transactions WHERE transaction_type = 'win'
           AND user_id = ANY(${`{${pairs.map((p) => p.owner.id).join(',')}}`}::int[])`,
    );
    expect(wins[0]!.n).toBe(8);
    expect(await ledgerProblems(t.database.db)).toEqual([]);
  });

  it('counts every unread message and keeps the last one the preview', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) => send(t, pair!.bidder, pair!.cid, { text: `m${i}` })),
    );
    const ids = sent.map((r) => r.json().msgId as number);
    const [row] = await rows<{ unread: number; last: string }>(
      t.database.db,
      sql`SELECT CASE WHEN user_a = ${pair!.owner.id} THEN unread_a ELSE unread_b END AS unread,
                 last_message_id AS last
            FROM conversations WHERE cid = ${pair!.cid}`,
    );
    expect(row!.unread).toBe(40);
    expect(Number(row!.last)).toBe(Math.max(...ids));
    // One statement per send: the seq comes from the locked row, so ids and seqs agree.
    const stored = await rows<{ id: string; seq: number }>(
      t.database.db,
      sql`SELECT id, seq FROM messages WHERE cid = ${pair!.cid} ORDER BY id`,
    );
    expect(stored.map((m) => m.seq)).toEqual(stored.map((_, i) => i + 1));
  });
});
