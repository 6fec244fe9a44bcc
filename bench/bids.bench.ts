// Bids per second, PostgreSQL only: the app's placeBid (the domain function behind REST
// and the socket) against the same bid SQL sent bare through `pg`, each on its own copy
// of one seeded database. Scenarios: 200 bidders racing on one auction; 1,000 bids
// spread over 1,000 auctions; and the hot race over real sockets with every bidder
// watching the room (app vs a bare Socket.IO server running the bare SQL); and the hot race
// with half the bidders setting maximums (proxy bidding) against today's plain bids, both
// through the app. BENCH_SCENARIO=maximums runs that one alone. The app sends the bids that
// queue on one auction together, in arrival order (bid-queue.ts); the bare side sends a
// statement per bid.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { placeBid } from '../apps/server/src/modules/bids/bids.service';
import { bareBid } from './lib/bare-bid';
import { bareSocketServer } from './lib/bare-servers';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  pgBase,
  report,
  runClients,
  type ScratchDatabase,
  scratchDatabase,
  sessionSettings,
  startApp,
  tokensFor,
} from './lib/harness';

const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const OWNERS = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const POOL = 40;
const ONLY_MAXIMUMS = process.env.BENCH_SCENARIO === 'maximums';

type Bid = (auctionId: number, bidderId: number, amount: number) => Promise<boolean>;

interface Seeded {
  template: ScratchDatabase;
  bidders: number[];
  owners: number[];
  /** auction id by owner id */
  auctionOf: Map<number, number>;
}

async function seed(): Promise<Seeded> {
  const template = await scratchDatabase();
  const client = new pg.Pool({ connectionString: template.url, max: 2 });
  client.on('error', () => {});
  const ids = await bulkMembers(client, BIDDERS + OWNERS, 1_000_000);
  await client.end();
  const database = openDatabase({ url: template.url, poolSize: 2 });
  await ensureOpenPeriod(database.db, new Date());
  const auctions = await rows<{ id: number; user_id: number }>(
    database.db,
    sql`SELECT id, user_id FROM auctions`,
  );
  await database.close();
  const auctionOf = new Map(auctions.map((r) => [r.user_id, r.id]));
  return { template, bidders: ids.slice(0, BIDDERS), owners: ids.slice(BIDDERS), auctionOf };
}

/** A refusal is a normal outcome; anything else means the harness is broken. */
function refused(error: unknown): false {
  if ((error as { status?: number }).status === 400) return false;
  throw error;
}

async function timed(jobs: (() => Promise<boolean>)[]) {
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    jobs.map(async (job) => {
      if (await job().catch(refused)) accepted += 1;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { accepted, attempts: jobs.length, seconds };
}

function hotJobs(s: Seeded, bid: Bid, round: number) {
  const hot = s.auctionOf.get(s.owners[0]!)!;
  return s.bidders.map((b, i) => () => bid(hot, b, 10 * (round * BIDDERS + i + 1)));
}

function spreadJobs(s: Seeded, bid: Bid) {
  return s.owners.map(
    (owner, i) => () => bid(s.auctionOf.get(owner)!, s.bidders[i % BIDDERS]!, 100 + i),
  );
}

interface Totals {
  accepted: number;
  attempts: number;
  seconds: number;
}
const zero = (): Totals => ({ accepted: 0, attempts: 0, seconds: 0 });
function add(total: Totals, run: Totals) {
  total.accepted += run.accepted;
  total.attempts += run.attempts;
  total.seconds += run.seconds;
}
/** Each side runs twice, in A-B-B-A order, so neither profits from going second. */
const ABBA = ['bare', 'app', 'app', 'bare'] as const;

/** Runs `scenario` on fresh copies for the app and for the bare SQL. */
async function both(
  s: Seeded,
  scenario: (bid: Bid) => Promise<{ accepted: number; attempts: number; seconds: number }>,
) {
  const out = { app: zero(), bare: zero() };
  for (const side of ABBA) {
    const copy = await scratchDatabase(s.template.name);
    try {
      if (side === 'app') {
        const database = openDatabase({ url: copy.url, poolSize: POOL });
        const ctx = { db: database.db, clock: () => new Date() };
        add(
          out.app,
          await scenario((auctionId, bidderId, amount) =>
            placeBid(ctx, { auctionId, bidderId, amount }).then(() => true),
          ),
        );
        await database.close();
      } else {
        const pool = new pg.Pool({ connectionString: copy.url, max: POOL });
        pool.on('error', () => {});
        add(
          out.bare,
          await scenario((a, b, amount) => bareBid(pool, a, b, amount).then((o) => o.accepted)),
        );
        await pool.end();
      }
    } finally {
      await copy.drop();
    }
  }
  return out;
}

/**
 * The physical limit of one hot auction: one row lock per bid, i.e. one
 * `UPDATE ... SET current_bid = current_bid + 10 ... RETURNING` on the hot auction's row
 * per bid through bare `pg`, same pool and the same rounds of concurrent bidders (every
 * one accepted). Twice, on fresh copies, like each side of `both`.
 */
async function physicalCeiling(s: Seeded) {
  const total = zero();
  for (let i = 0; i < 2; i++) {
    const copy = await scratchDatabase(s.template.name);
    const pool = new pg.Pool({ connectionString: copy.url, max: POOL });
    pool.on('error', () => {});
    try {
      const bump: Bid = async (auctionId) => {
        const { rows } = await pool.query({
          name: 'bare_bump_bid',
          text: 'UPDATE auctions SET current_bid = current_bid + 10 WHERE id = $1 RETURNING current_bid',
          values: [auctionId],
        });
        return rows.length === 1;
      };
      for (let round = 0; round < ROUNDS; round++) add(total, await timed(hotJobs(s, bump, round)));
    } finally {
      await pool.end();
      await copy.drop();
    }
  }
  return total;
}

/**
 * The hot race through the app twice over: every bid plain (today's accepted bids/s), and
 * with every other bidder setting the amount as a hidden maximum instead (escrowed whole,
 * answered by automatic raises inside the same statement). A-B-B-A on fresh copies.
 */
async function maximumsVsPlain(s: Seeded) {
  const out = { plain: zero(), mixed: zero() };
  for (const side of ['plain', 'mixed', 'mixed', 'plain'] as const) {
    const copy = await scratchDatabase(s.template.name);
    const database = openDatabase({ url: copy.url, poolSize: POOL });
    try {
      const ctx = { db: database.db, clock: () => new Date() };
      const bid: Bid = (auctionId, bidderId, amount) =>
        placeBid(ctx, {
          auctionId,
          bidderId,
          amount,
          maximum: side === 'mixed' && bidderId % 2 === 0,
        }).then(() => true);
      for (let round = 0; round < ROUNDS; round++)
        add(out[side], await timed(hotJobs(s, bid, round)));
      const [automatic] = await rows<{ n: number }>(
        database.db,
        sql`SELECT COUNT(*)::int AS n FROM bids WHERE automatic`,
      );
      if (side === 'mixed') console.log('automatic raises (mixed run):', automatic!.n);
    } finally {
      await database.close();
      await copy.drop();
    }
  }
  return out;
}

async function watchers(s: Seeded) {
  const hot = s.auctionOf.get(s.owners[0]!)!;
  const config = benchConfig();
  const out = { app: zero(), bare: zero() };
  for (const side of ABBA) {
    const copy = await scratchDatabase(s.template.name);
    const database: Database = openDatabase({ url: copy.url, poolSize: POOL });
    try {
      const tokens = await tokensFor(database, config, s.bidders);
      let server: { url: string; close(): Promise<void> };
      let pool: pg.Pool | undefined;
      if (side === 'app') {
        server = await startApp(database, config);
      } else {
        pool = new pg.Pool({ connectionString: copy.url, max: POOL });
        pool.on('error', () => {});
        server = await bareSocketServer(sessionSettings(config).key, pool);
      }
      add(
        out[side],
        await runClients<Totals>({
          scenario: 'bids',
          url: server.url,
          tokens,
          bidderIds: s.bidders,
          auctionId: hot,
          rounds: ROUNDS,
        }),
      );
      await server.close();
      await pool?.end();
    } finally {
      await database.close();
      await copy.drop();
    }
  }
  return out;
}

if (!pgBase) {
  console.log('bids bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const s = await seed();
  const rate = (r: { accepted: number; seconds: number }) => r.accepted / r.seconds;
  try {
    const proxy = await maximumsVsPlain(s);
    const proxyFigure: Figure = {
      figure: `hot auction (${BIDDERS} bidders), half setting maximums, accepted bids/s vs all plain`,
      unit: 'bids/s',
      value: rate(proxy.mixed),
      ceiling: rate(proxy.plain),
      better: 'higher',
      target: 0.9,
    };
    console.log('accepted (mixed/plain):', [proxy.mixed.accepted, proxy.plain.accepted]);
    if (ONLY_MAXIMUMS) {
      report('bids', [proxyFigure]);
    } else {
      const hot = await both(s, async (bid) => {
        const total = { accepted: 0, attempts: 0, seconds: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          const r = await timed(hotJobs(s, bid, round));
          total.accepted += r.accepted;
          total.attempts += r.attempts;
          total.seconds += r.seconds;
        }
        return total;
      });
      const physical = await physicalCeiling(s);
      const spread = await both(s, (bid) => timed(spreadJobs(s, bid)));
      const watched = await watchers(s);
      const figures: Figure[] = [
        proxyFigure,
        {
          figure: `hot auction (${BIDDERS} bidders) accepted bids/s`,
          unit: 'bids/s',
          value: rate(hot.app),
          ceiling: rate(hot.bare),
          better: 'higher',
          target: 0.9,
        },
        {
          figure: `hot auction (${BIDDERS} bidders) accepted bids/s vs one row lock per bid`,
          unit: 'bids/s',
          value: rate(hot.app),
          ceiling: rate(physical),
          better: 'higher',
          target: 0.5,
        },
        {
          figure: `hot auction (${BIDDERS} bidders) attempts/s`,
          unit: 'attempts/s',
          value: hot.app.attempts / hot.app.seconds,
          ceiling: hot.bare.attempts / hot.bare.seconds,
          better: 'higher',
          target: 0.8,
        },
        {
          figure: `bids spread over ${OWNERS} auctions, bids/s`,
          unit: 'bids/s',
          value: rate(spread.app),
          ceiling: rate(spread.bare),
          better: 'higher',
          target: 0.85,
        },
        {
          figure: `hot auction over sockets, ${BIDDERS} bidders watching, bids/s`,
          unit: 'bids/s',
          value: rate(watched.app),
          ceiling: rate(watched.bare),
          better: 'higher',
          target: 0.8,
        },
      ];
      console.log('accepted (app/bare):', {
        hot: [hot.app.accepted, hot.bare.accepted],
        spread: [spread.app.accepted, spread.bare.accepted],
        watched: [watched.app.accepted, watched.bare.accepted],
      });
      report('bids', figures);
    }
  } finally {
    await s.template.drop();
  }
}
