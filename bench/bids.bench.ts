// Bids per second through placeBid (the domain function behind REST and the socket),
// on PostgreSQL: one hot auction with every bidder racing, and bids spread over many
// auctions. Prints one table; it asserts nothing.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client';
import { users } from '../apps/server/src/db/schema';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { placeBid } from '../apps/server/src/modules/bids/bids.service';
import { applyBalanceChange } from '../apps/server/src/modules/tokens/ledger';

const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function withDatabase<T>(base: string, run: (db: Database) => Promise<T>): Promise<T> {
  const name = `bidboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString(), poolSize: 40 });
  try {
    await database.migrate();
    return await run(database);
  } finally {
    await database.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function members(database: Database, count: number, tokens: number) {
  const created = await database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        phone_number: `+1212555${String(i).padStart(4, '0')}`,
        username: `bench${i}`,
        onboarded: 14,
        is_approved: true,
      })),
    )
    .returning({ id: users.id });
  for (const { id } of created) {
    await database.db.transaction((tx) =>
      applyBalanceChange(tx, { userId: id, amount: tokens, type: 'adjustment' }),
    );
  }
  return created.map((r) => r.id);
}

interface Row {
  scenario: string;
  attempts: number;
  accepted: number;
  'bids/s (accepted)': number;
  'attempts/s': number;
  'p50 ms': number;
  'p99 ms': number;
}

async function race(
  label: string,
  database: Database,
  jobs: (() => Promise<unknown>)[],
): Promise<Row> {
  const latencies: number[] = [];
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    jobs.map(async (job) => {
      const t0 = performance.now();
      try {
        await job();
        accepted += 1;
      } catch {}
      latencies.push(performance.now() - t0);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))]!);
  void database;
  return {
    scenario: label,
    attempts: jobs.length,
    accepted,
    'bids/s (accepted)': Math.round(accepted / seconds),
    'attempts/s': Math.round(jobs.length / seconds),
    'p50 ms': at(0.5),
    'p99 ms': at(0.99),
  };
}

const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!base) {
  console.log('bids bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const table = await withDatabase(base, async (database) => {
    const ids = await members(database, BIDDERS, 1_000_000);
    await ensureOpenPeriod(database.db, new Date());
    const auctions = await rows<{ id: number; user_id: number }>(
      database.db,
      sql`SELECT id, user_id FROM auctions ORDER BY id`,
    );
    const ctx = { db: database.db, clock: () => new Date() };
    const hot = auctions[0]!;
    const results: Row[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bidders = ids.filter((id) => id !== hot.user_id);
      results.push(
        await race(
          `one auction, ${bidders.length} bidders at once (round ${round + 1})`,
          database,
          bidders.map(
            (bidderId, i) => () =>
              placeBid(ctx, {
                auctionId: hot.id,
                bidderId,
                amount: 10 * (round * BIDDERS + i + 1),
              }),
          ),
        ),
      );
    }
    const spread = ids.map((bidderId, i) => {
      const target = auctions[(i * 7 + 1) % auctions.length]!;
      return () => placeBid(ctx, { auctionId: target.id, bidderId, amount: 5_000 + i });
    });
    results.push(await race(`${BIDDERS} bids over ${auctions.length} auctions`, database, spread));
    return results;
  });
  console.table(table);
}
