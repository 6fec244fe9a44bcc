// Scale-out (issue 25): the same load spread over 1, 2 and 3 app servers (the built
// dist/server.js, started with node as in production) on one PostgreSQL and one Redis
// (a redis-server of the harness's own, so its CPU is this harness's alone), joined by
// the Redis Socket.IO adapter as in production. Two loads, each on its own copy of one
// seeded database per server count:
// - bids spread over 1,000 auctions over sockets, every bid's auction room watched by a
//   member connected to another server than the bidder;
// - chat: pairs talking in turns, the two members of a pair connected to different
//   servers, each message POSTed to the sender's server and received by the partner's.
// Each figure is judged against the same load on one server in the same run. Throughput
// cannot grow with servers on a 2-core machine (one server already has both cores), so
// the servers' CPU time per operation (user + system, /proc) is reported too: flat CPU
// per operation is what shows how much work adding a server adds per operation. A fourth
// setup, 3 servers with every member on the first, shows that work alone: the CPU the
// other two spend reading the first one's broadcasts from Redis. Every bid and message
// must reach the member on the other server.
import { BID_STEP, conversationId } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rows } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import {
  type BuiltServer,
  buildServer,
  cpuSecondsOf,
  startBuiltServer,
  startRedis,
} from './lib/built-server';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  pgBase,
  quantile,
  report,
  round,
  runClients,
  scratchDatabase,
  seedTalkingPairs,
  tokensFor,
} from './lib/harness';
import type { ChatPair, SpreadBid } from './lib/socket-clients';

/** Bidders, a multiple of 6 so that bidder k+1 is on another server than k for 2 and 3 servers. */
const BIDDERS = 120;
const AUCTIONS = 1_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 200);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 10);
/** Each server's own pool, as each production server has. */
const POOL = 10;
/** This harness's ports: servers from BASE + 1, its Redis at BASE + 90. */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4900);
/**
 * The load over 1, 2 and 3 servers; then 3 servers with every member on the first, so the
 * other two only read its broadcasts from Redis: their CPU is what each server pays per
 * operation done elsewhere, the part of the work that grows with the number of servers.
 */
const SETUPS = [
  { servers: 1, loaded: 1 },
  { servers: 2, loaded: 2 },
  { servers: 3, loaded: 3 },
  { servers: 3, loaded: 1 },
];
/** How long the idle servers' own CPU (timers, the adapter's stream readers) is sampled. */
const IDLE_SECONDS = 10;

interface Spread {
  seconds: number;
  attempts: number;
  accepted: number;
  delivered: number;
  /** bidError codes and how often each came. */
  refusals: Record<string, number>;
  cpuSeconds: number[];
}
interface Chatted {
  seconds: number;
  messages: number;
  failed: number;
  lost: number;
  latencies: number[];
  cpuSeconds: number[];
}
interface Measured {
  servers: number;
  /** How many of the servers the members are connected to (the others only listen to Redis). */
  loaded: number;
  bids: Spread;
  chat: Chatted;
  /** CPU seconds per second each server, then Redis, spends with no load (their timers). */
  idle: number[];
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

if (!pgBase) {
  console.log('scale-out bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  buildServer();
  const config = benchConfig();
  const template = await scratchDatabase();
  let members: { id: number; token: string }[];
  let auctionIds: number[];
  let pairs: { cid: string; ids: [number, number]; tokens: [string, string] }[];
  try {
    const seed = new pg.Pool({ connectionString: template.url, max: 2 });
    const ids = await bulkMembers(seed, AUCTIONS + BIDDERS + PAIRS * 2, 1_000_000);
    const owners = ids.slice(0, AUCTIONS);
    const bidders = ids.slice(AUCTIONS, AUCTIONS + BIDDERS);
    const talkers = ids.slice(AUCTIONS + BIDDERS);
    const database = openDatabase({ url: template.url, poolSize: 2 });
    await ensureOpenPeriod(database.db, new Date());
    const auctions = await rows<{ id: number; user_id: number }>(
      database.db,
      sql`SELECT id, user_id FROM auctions`,
    );
    const auctionOf = new Map(auctions.map((r) => [r.user_id, r.id]));
    auctionIds = owners.map((o) => auctionOf.get(o)!);
    await seedTalkingPairs(seed, talkers);
    await seed.end();
    const bidderTokens = await tokensFor(database, config, bidders);
    const talkerTokens = await tokensFor(database, config, talkers);
    await database.close();
    members = bidders.map((id, i) => ({ id, token: bidderTokens[i]! }));
    pairs = Array.from({ length: PAIRS }, (_, i) => ({
      cid: conversationId(talkers[2 * i]!, talkers[2 * i + 1]!),
      ids: [talkers[2 * i]!, talkers[2 * i + 1]!],
      tokens: [talkerTokens[2 * i]!, talkerTokens[2 * i + 1]!],
    }));
  } catch (error) {
    await template.drop();
    throw error;
  }

  /** Round `r` of bids: one on every auction, by a bidder other than the last round's. */
  const bidRound = (r: number): SpreadBid[] =>
    auctionIds.map((auctionId, j) => {
      const bidder = (j + r) % BIDDERS;
      return {
        auctionId,
        bidder,
        watcher: (bidder + 1) % BIDDERS,
        amount: BID_STEP * (10 + 2 * r),
      };
    });

  const redis = await startRedis(BASE_PORT + 90);
  const measured: Measured[] = [];
  try {
    for (const { servers: count, loaded } of SETUPS) {
      const copy = await scratchDatabase(template.name);
      const servers: BuiltServer[] = [];
      try {
        for (let i = 0; i < count; i++) {
          servers.push(
            await startBuiltServer({
              port: BASE_PORT + 1 + i,
              databaseUrl: copy.url,
              config,
              redisUrl: redis.url,
              redisPrefix: `bench-scale-${count}-${loaded}`,
              poolSize: POOL,
            }),
          );
        }
        const urlOf = (i: number) => servers[i % loaded]!.url;
        const cpuPids = [...servers.map((s) => s.pid), redis.pid];
        const spreadMembers = members.map((m, k) => ({ ...m, url: urlOf(k) }));
        // A first round warms each server's JIT, so more servers do not mean more warm-up.
        await runClients<Spread>({
          scenario: 'spread',
          members: spreadMembers,
          rounds: [bidRound(0)],
          cpuPids,
        });
        const idleFrom = cpuPids.map(cpuSecondsOf);
        await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
        const idle = cpuPids.map((pid, i) => (cpuSecondsOf(pid) - idleFrom[i]!) / IDLE_SECONDS);
        const bids = await runClients<Spread>({
          scenario: 'spread',
          members: spreadMembers,
          rounds: Array.from({ length: ROUNDS }, (_, r) => bidRound(r + 1)),
          cpuPids,
        });
        const chatPairs: ChatPair[] = pairs.map((p, i) => ({
          ...p,
          urls: [urlOf(i), urlOf(i + 1)],
        }));
        await runClients<Chatted>({
          scenario: 'chat',
          mode: 'app',
          url: urlOf(0),
          pairs: chatPairs,
          messagesPerPair: 2,
        });
        const chat = await runClients<Chatted>({
          scenario: 'chat',
          mode: 'app',
          url: urlOf(0),
          pairs: chatPairs,
          messagesPerPair: MESSAGES,
          cpuPids,
        });
        measured.push({ servers: count, loaded, bids, chat, idle });
        console.log(`${count} server(s), members on ${loaded}`, {
          bidsPerSecond: round(bids.accepted / bids.seconds),
          accepted: `${bids.accepted}/${bids.attempts}`,
          delivered: bids.delivered,
          refusals: bids.refusals,
          chatPerSecond: round(chat.messages / chat.seconds),
          chatFailed: chat.failed,
          chatLost: chat.lost,
        });
      } finally {
        for (const server of servers) await server.stop();
        await copy.drop();
      }
    }
  } finally {
    await redis.stop();
    await template.drop();
  }

  const perBid = (m: Measured, withRedis: boolean) =>
    (sum(m.bids.cpuSeconds.slice(0, withRedis ? undefined : -1)) / m.bids.attempts) * 1e6;
  const perMessage = (m: Measured, withRedis: boolean) =>
    (sum(m.chat.cpuSeconds.slice(0, withRedis ? undefined : -1)) / m.chat.messages) * 1e6;
  /** The CPU of processes `from`..`to` per operation, less what their timers spend idle meanwhile. */
  const net = (
    m: Measured,
    run: Spread | Chatted,
    operations: number,
    from = 0,
    to = m.servers + 1,
  ) =>
    ((sum(run.cpuSeconds.slice(from, to)) - sum(m.idle.slice(from, to)) * run.seconds) /
      operations) *
    1e6;
  const bidRate = (m: Measured) => m.bids.accepted / m.bids.seconds;
  const chatRate = (m: Measured) => m.chat.messages / m.chat.seconds;
  console.table(
    measured.map((m) => ({
      servers: m.servers === m.loaded ? m.servers : `${m.servers}, members on ${m.loaded}`,
      'bids/s': round(bidRate(m)),
      'server CPU us/bid': round(perBid(m, false)),
      '+ Redis us/bid': round(perBid(m, true)),
      'net of idle us/bid': round(net(m, m.bids, m.bids.attempts)),
      'bids seen across': `${m.bids.delivered}/${m.bids.accepted}`,
      'chat msg/s': round(chatRate(m)),
      'server CPU us/msg': round(perMessage(m, false)),
      '+ Redis us/msg': round(perMessage(m, true)),
      'net of idle us/msg': round(net(m, m.chat, m.chat.messages)),
      'idle CPU ms/s': round(sum(m.idle) * 1000),
      'chat p50/p99 ms': `${round(quantile(m.chat.latencies, 0.5))}/${round(quantile(m.chat.latencies, 0.99))}`,
      'messages received': `${m.chat.messages}/${PAIRS * MESSAGES}`,
    })),
  );
  const one = measured[0]!;
  const figures: Figure[] = [];
  for (const m of measured.slice(1, 3)) {
    const n = `${m.servers} servers vs 1`;
    const target = m.servers === 3 ? 1.8 : undefined;
    const wallClock = 'wall clock; cannot grow on 2 cores';
    figures.push(
      {
        figure: `bids/s over 1,000 auctions, ${n} (${wallClock})`,
        unit: 'bids/s',
        value: bidRate(m),
        ceiling: bidRate(one),
        better: 'higher',
        target,
      },
      {
        figure: `app servers' CPU per bid, ${n}`,
        unit: 'us',
        value: perBid(m, false),
        ceiling: perBid(one, false),
        better: 'lower',
      },
      {
        figure: `app servers' + Redis CPU per bid, ${n}`,
        unit: 'us',
        value: perBid(m, true),
        ceiling: perBid(one, true),
        better: 'lower',
      },
      {
        figure: `app servers' + Redis CPU per bid less their idle timers, ${n}`,
        unit: 'us',
        value: net(m, m.bids, m.bids.attempts),
        ceiling: net(one, one.bids, one.bids.attempts),
        better: 'lower',
      },
      {
        figure: `accepted bids seen by a watcher on another server, ${m.servers} servers`,
        unit: 'bids',
        value: m.bids.delivered,
        ceiling: m.bids.accepted,
        better: 'higher',
        target: 1,
      },
      {
        figure: `chat msg/s, ${PAIRS} pairs across servers, ${n} (${wallClock})`,
        unit: 'msg/s',
        value: chatRate(m),
        ceiling: chatRate(one),
        better: 'higher',
        target,
      },
      {
        figure: `app servers' CPU per chat message, ${n}`,
        unit: 'us',
        value: perMessage(m, false),
        ceiling: perMessage(one, false),
        better: 'lower',
      },
      {
        figure: `app servers' + Redis CPU per chat message, ${n}`,
        unit: 'us',
        value: perMessage(m, true),
        ceiling: perMessage(one, true),
        better: 'lower',
      },
      {
        figure: `app servers' + Redis CPU per chat message less their idle timers, ${n}`,
        unit: 'us',
        value: net(m, m.chat, m.chat.messages),
        ceiling: net(one, one.chat, one.chat.messages),
        better: 'lower',
      },
      {
        figure: `chat messages received by the partner on another server, ${m.servers} servers`,
        unit: 'msgs',
        value: m.chat.messages,
        ceiling: PAIRS * MESSAGES,
        better: 'higher',
        target: 1,
      },
    );
  }
  const listening = measured[3]!;
  const ops = { bids: listening.bids.attempts, chat: listening.chat.messages };
  figures.push(
    {
      figure:
        "CPU per bid of 2 servers with no members (reading a third's broadcasts) vs that server's own",
      unit: 'us',
      value: net(listening, listening.bids, ops.bids, 1, 3),
      ceiling: net(listening, listening.bids, ops.bids, 0, 1),
      better: 'lower',
    },
    {
      figure:
        "CPU per chat message of 2 servers with no members (reading a third's broadcasts) vs that server's own",
      unit: 'us',
      value: net(listening, listening.chat, ops.chat, 1, 3),
      ceiling: net(listening, listening.chat, ops.chat, 0, 1),
      better: 'lower',
    },
  );
  report('scale-out', figures);
}
