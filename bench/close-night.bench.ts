// Thursday 20:00 at scale (issue 48), PostgreSQL + Redis, the built server (dist/server.js
// with node, as in production). Each run, on a fresh copy of one seeded database:
//   1. the ceiling: the same bidders' loops (closed-loop and paced, same auctions, same
//      duration) sending one bare `UPDATE auctions SET current_bid = current_bid + 10`
//      a bid through `pg`, pool as large as the server's;
//   2. the surge without watchers: the bidders over sockets for the duration;
//   3. W watchers connect (idle sockets, each on its board's rooms: the hot auctions and a
//      page of the others) and the surge runs again with them;
//   4. the close: the period falls due and a second app in this process (the closer, on the
//      same Redis, with no sockets of its own) runs the sweep, as when another server's
//      sweeper wins it; the built server learns the alert range through Redis and delivers
//      its online members' results. Each watcher owns a led auction, so each has a result.
// Figures, each next to its ceiling from the same run: spread accepted bids/s and p99
// acknowledgement against the bare UPDATE's, hot bids/s with watchers against without,
// the time from the close's start to each online member's first alert (p99, against 5 s),
// and the server's longest event-loop stall (nodejs_eventloop_lag_max_seconds from
// /metrics, reset at each scrape) during the surge and during the close (against 100 ms).
// BENCH_RUNS runs (3), the median of each figure, the load average after each run.
//
// Every size is a variable: BENCH_WATCHERS, BENCH_CLOSED_BIDDERS, BENCH_PACED_BIDDERS,
// BENCH_AUCTIONS, BENCH_HOT, BENCH_SECONDS, BENCH_PACE_MS, BENCH_HOT_SHARE (of the
// closed-loop bidders, on the hot auctions), BENCH_WATCHER_ROOMS, BENCH_SETTLE_SECONDS.
import os from 'node:os';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { sweepPeriods } from '../apps/server/src/modules/auctions/period-sweep';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { buildServer, startBuiltServer, startRedis } from './lib/built-server';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  manyTokens,
  medianFigures,
  pgBase,
  quantile,
  report,
  round,
  scratchDatabase,
  startApp,
  startClients,
} from './lib/harness';
import type { SurgeBidder } from './lib/socket-clients';

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const WATCHERS = size('BENCH_WATCHERS', 10_000);
const CLOSED = size('BENCH_CLOSED_BIDDERS', 200);
const PACED = size('BENCH_PACED_BIDDERS', 1_000);
const AUCTIONS = size('BENCH_AUCTIONS', 1_000);
const HOT = size('BENCH_HOT', 5);
const SECONDS = size('BENCH_SECONDS', 60);
const PACE_MS = size('BENCH_PACE_MS', 1_000);
const HOT_SHARE = size('BENCH_HOT_SHARE', 0.25);
const WATCHER_ROOMS = size('BENCH_WATCHER_ROOMS', 20);
/** How long after the sweep returns the watchers still wait for their results. */
const SETTLE_SECONDS = size('BENCH_SETTLE_SECONDS', 10);
const RUNS = size('BENCH_RUNS', 3);
const POOL = 20;
const PER_PROCESS = 5_000;
const BASE_PORT = size('BENCH_PORT', 5100);

const RESULT_GOAL_MS = 5_000;
const STALL_GOAL_MS = 100;

interface Surge {
  seconds: number;
  lost: number;
  refusals: Record<string, number>;
  byAuction: Record<string, { attempts: number; accepted: number; ackMs: number[] }>;
}
interface Watched {
  connected: number;
  failed: number;
  disconnected: number;
  updates: number;
  firstAlertAt: (number | null)[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Accepted bids per second and acknowledgement milliseconds on `auctions` (ids). */
function tally(surge: Surge, auctions: Set<number>) {
  let accepted = 0;
  const ackMs: number[] = [];
  for (const [id, stats] of Object.entries(surge.byAuction)) {
    if (!auctions.has(Number(id))) continue;
    accepted += stats.accepted;
    ackMs.push(...stats.ackMs);
  }
  return { perSecond: accepted / surge.seconds, p99: quantile(ackMs, 0.99), accepted };
}

/**
 * The ceiling: each bidder's loop as the surge client runs it, each bid one bare UPDATE of
 * its auction's row (every one accepted). Same shape as the clients' result.
 */
async function bareSurge(url: string, bidders: SurgeBidder[]): Promise<Surge> {
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  pool.on('error', () => {});
  const byAuction: Surge['byAuction'] = {};
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    bidders.map(async (bidder) => {
      if (bidder.paced) await sleep(Math.random() * PACE_MS);
      while (performance.now() < end) {
        const auctionId = bidder.auctions[Math.floor(Math.random() * bidder.auctions.length)]!;
        const stats = byAuction[auctionId] ?? { attempts: 0, accepted: 0, ackMs: [] };
        byAuction[auctionId] = stats;
        const t0 = performance.now();
        stats.attempts += 1;
        const { rows } = await pool.query({
          name: 'bare_bump_bid',
          text: 'UPDATE auctions SET current_bid = current_bid + 10 WHERE id = $1 RETURNING current_bid',
          values: [auctionId],
        });
        stats.ackMs.push(performance.now() - t0);
        stats.accepted += rows.length;
        if (bidder.paced) {
          const gap = PACE_MS * (0.5 + Math.random()) - (performance.now() - t0);
          await sleep(Math.max(0, Math.min(gap, end - performance.now())));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.end();
  return { seconds, lost: 0, refusals: {}, byAuction };
}

/** The server's longest event-loop delay since the last scrape (the scrape resets it), ms. */
async function loopMaxMs(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text());
  const line = text.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds '));
  if (!line) throw new Error('/metrics has no nodejs_eventloop_lag_max_seconds');
  return Number(line.split(' ')[1]) * 1000;
}

/** Each auction's current bid, where the next phase's amounts start. */
async function currentBids(url: string, ids: number[]): Promise<Record<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ id: number; current_bid: number }>(
    'SELECT id, current_bid FROM auctions WHERE id = ANY($1::int[])',
    [ids],
  );
  await client.end();
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.current_bid)]));
}

interface Seeded {
  template: string;
  watcherTokens: string[];
  bidders: SurgeBidder[];
  spread: number[];
  hot: number[];
}

async function seed(config: ReturnType<typeof benchConfig>) {
  if (WATCHERS < AUCTIONS + HOT) throw new Error('BENCH_WATCHERS must be >= auctions + hot');
  const template = await scratchDatabase();
  const client = new pg.Pool({ connectionString: template.url, max: 2 });
  client.on('error', () => {});
  const ids = await bulkMembers(client, WATCHERS + CLOSED + PACED, 10_000_000);
  const database = openDatabase({ url: template.url, poolSize: 2 });
  await ensureOpenPeriod(database.db, new Date());
  await database.close();
  const watchers = ids.slice(0, WATCHERS);
  const { rows } = await client.query<{ id: number; user_id: number }>(
    'SELECT id, user_id FROM auctions',
  );
  const auctionOf = new Map(rows.map((r) => [r.user_id, r.id]));
  const spread = watchers.slice(0, AUCTIONS).map((w) => auctionOf.get(w)!);
  const hot = watchers.slice(AUCTIONS, AUCTIONS + HOT).map((w) => auctionOf.get(w)!);
  // Every other watcher's auction led by the next watcher (a result for each at the close);
  // the bidders' own auctions unled, the spread and hot ones led by whoever bids.
  await client.query(
    `UPDATE auctions a SET current_bid = 100, lead_max = 100, escrow_promotional = 100,
            lead_bidder_id = w.next
       FROM unnest($1::int[], $2::int[]) AS w(owner, next)
      WHERE a.user_id = w.owner`,
    [
      watchers.slice(AUCTIONS + HOT),
      watchers.slice(AUCTIONS + HOT).map((_, i, all) => all[(i + 1) % all.length]!),
    ],
  );
  await client.query('VACUUM ANALYZE');
  await client.end();
  const tokens = await manyTokens(template.url, config, ids);
  const hotBidders = Math.round(CLOSED * HOT_SHARE);
  const bidders: SurgeBidder[] = ids.slice(WATCHERS).map((id, i) => ({
    id,
    token: tokens[WATCHERS + i]!,
    paced: i >= CLOSED,
    auctions: i < hotBidders ? hot : spread,
  }));
  const seeded: Seeded = {
    template: template.name,
    watcherTokens: tokens.slice(0, WATCHERS),
    bidders,
    spread,
    hot,
  };
  return { seeded, drop: template.drop };
}

/** Each watcher's board: the hot rooms and a page of WATCHER_ROOMS spread ones. */
function boards(s: Seeded): number[][] {
  const pages: number[][] = [];
  for (let from = 0; from < s.spread.length; from += WATCHER_ROOMS) {
    pages.push([...s.hot, ...s.spread.slice(from, from + WATCHER_ROOMS)]);
  }
  return pages;
}

async function oneRun(
  s: Seeded,
  config: ReturnType<typeof benchConfig>,
  redisUrl: string,
  run: number,
): Promise<Figure[]> {
  const spreadSet = new Set(s.spread);
  const hotSet = new Set(s.hot);
  const everyAuction = [...s.spread, ...s.hot];

  const bareCopy = await scratchDatabase(s.template);
  const bare = await bareSurge(bareCopy.url, s.bidders);
  await bareCopy.drop();

  const copy = await scratchDatabase(s.template);
  const redisPrefix = `close-night-${run}-`;
  const server = await startBuiltServer({
    port: BASE_PORT + run,
    databaseUrl: copy.url,
    config,
    redisUrl,
    redisPrefix,
    poolSize: POOL,
  });
  const database = openDatabase({ url: copy.url, poolSize: 4 });
  const closer = await startApp(
    database,
    benchConfig({ REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix }),
  );
  const watchers: ReturnType<typeof startClients<Watched>>[] = [];
  try {
    const surge = (startAt: Record<number, number>) =>
      startClients<Surge>({
        scenario: 'surge',
        url: server.url,
        bidders: s.bidders,
        startAt,
        seconds: SECONDS,
        paceMs: PACE_MS,
      }).result;
    const alone = await surge(await currentBids(copy.url, everyAuction));

    const rooms = boards(s);
    const connectStarted = performance.now();
    for (let from = 0; from < s.watcherTokens.length; from += PER_PROCESS) {
      watchers.push(
        startClients<Watched>({
          scenario: 'watch',
          url: server.url,
          tokens: s.watcherTokens.slice(from, from + PER_PROCESS),
          concurrency: 25,
          rooms,
        }),
      );
    }
    await Promise.all(watchers.map((w) => w.ready));
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    await sleep(2_000);

    await loopMaxMs(server.url);
    const watched = await surge(await currentBids(copy.url, everyAuction));
    const surgeStallMs = await loopMaxMs(server.url);

    // The close: the period falls due now and the closer sweeps it.
    const pgClient = new pg.Client({ connectionString: copy.url });
    await pgClient.connect();
    await pgClient.query(`UPDATE auction_periods SET end_time = now() WHERE status = 'open'`);
    await pgClient.end();
    const closeStart = Date.now();
    await sweepPeriods({ db: database.db, clock: () => new Date(), realtime: closer.app.realtime });
    const sweepSeconds = (Date.now() - closeStart) / 1000;
    await sleep(SETTLE_SECONDS * 1000);
    const settledAt = Date.now();
    const closeStallMs = await loopMaxMs(server.url);
    for (const w of watchers) w.stop();
    const held = await Promise.all(watchers.map((w) => w.result));
    watchers.length = 0;

    const arrivals = held.flatMap((h) => h.firstAlertAt);
    const missing = arrivals.filter((t) => t === null).length;
    // A member with no result by the end of the wait counts as that late.
    const resultMs = arrivals.map((t) => (t ?? settledAt) - closeStart);
    const spreadAlone = tally(alone, spreadSet);
    const spreadWatched = tally(watched, spreadSet);
    const spreadBare = tally(bare, spreadSet);
    const hotAlone = tally(alone, hotSet);
    const hotWatched = tally(watched, hotSet);
    console.log({
      run: run + 1,
      watchersConnected: held.reduce((n, h) => n + h.connected, 0),
      watchersFailed: held.reduce((n, h) => n + h.failed, 0),
      watchersDropped: held.reduce((n, h) => n + h.disconnected, 0),
      watcherConnectSeconds: round(connectSeconds),
      cardUpdatesReceived: held.reduce((n, h) => n + h.updates, 0),
      accepted: {
        spreadBare: spreadBare.accepted,
        spreadAlone: spreadAlone.accepted,
        spreadWatched: spreadWatched.accepted,
        hotAlone: hotAlone.accepted,
        hotWatched: hotWatched.accepted,
      },
      spreadP99AckAloneMs: round(spreadAlone.p99),
      refusals: watched.refusals,
      lostAcks: alone.lost + watched.lost,
      sweepSeconds: round(sweepSeconds),
      resultsMissing: missing,
      lastResultMs: round(Math.max(0, ...resultMs)),
      loadAverage: loadAverage(),
    });
    return [
      {
        figure: `spread over ${AUCTIONS} auctions, accepted bids/s vs one UPDATE a bid`,
        unit: 'bids/s',
        value: spreadWatched.perSecond,
        ceiling: spreadBare.perSecond,
        better: 'higher',
        target: 0.5,
      },
      {
        figure: 'spread, p99 acknowledgement vs the UPDATE',
        unit: 'ms',
        value: spreadWatched.p99,
        ceiling: spreadBare.p99,
        better: 'lower',
        target: 3,
      },
      {
        figure: `${HOT} hot auctions, accepted bids/s with ${WATCHERS} watchers vs without`,
        unit: 'bids/s',
        value: hotWatched.perSecond,
        ceiling: hotAlone.perSecond,
        better: 'higher',
        target: 0.8,
      },
      {
        figure: `close's start to each of ${WATCHERS} online members' result, p99 vs 5 s`,
        unit: 'ms',
        value: quantile(resultMs, 0.99),
        ceiling: RESULT_GOAL_MS,
        better: 'lower',
        target: 1,
      },
      {
        figure: 'longest event-loop stall during the surge vs 100 ms',
        unit: 'ms',
        value: surgeStallMs,
        ceiling: STALL_GOAL_MS,
        better: 'lower',
        target: 1,
      },
      {
        figure: 'longest event-loop stall during the close vs 100 ms',
        unit: 'ms',
        value: closeStallMs,
        ceiling: STALL_GOAL_MS,
        better: 'lower',
        target: 1,
      },
    ];
  } finally {
    for (const w of watchers) w.stop();
    await Promise.allSettled(watchers.map((w) => w.result));
    await closer.close();
    await database.close();
    await server.stop();
    await copy.drop();
  }
}

if (!pgBase) {
  console.log('close-night bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  buildServer();
  const config = benchConfig();
  const { seeded, drop } = await seed(config);
  const redis = await startRedis(BASE_PORT + 90);
  try {
    const perRun: Figure[][] = [];
    for (let run = 0; run < RUNS; run++) {
      perRun.push(await oneRun(seeded, config, redis.url, run));
      console.log(`run ${run + 1}/${RUNS} done, load average ${loadAverage()}`);
    }
    const ratios = (name: string) =>
      perRun
        .map((figures) => figures.find((f) => f.figure === name)!)
        .map((f) => round(f.value / f.ceiling))
        .join(', ');
    report(
      'close-night',
      medianFigures(perRun).map((f) => ({
        ...f,
        figure: RUNS > 1 ? `${f.figure} (median of ${RUNS})` : f.figure,
        note: RUNS > 1 ? `runs ${ratios(f.figure)}` : f.note,
      })),
    );
    console.log(
      `sizes: ${WATCHERS} watchers, ${CLOSED} closed-loop + ${PACED} paced bidders, ${AUCTIONS} auctions + ${HOT} hot, ${SECONDS} s; load average at the end ${loadAverage()} on ${os.cpus().length} cores`,
    );
  } finally {
    await redis.stop();
    await drop();
  }
}
