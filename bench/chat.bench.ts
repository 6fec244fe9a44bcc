// Chat: 500 pairs of matched members talking at once on loopback, each message sent
// through the app (POST /api/chat/..., stored in PostgreSQL, 'new-message' to both
// members' rooms). The ceiling does the same durable work bare: the same POST with the
// JWT verified, the message insert, conversation update and push outbox row in one
// transaction through `pg`, relayed by a bare Socket.IO server to both members' rooms.
// A bare relay with no database at all is printed for reference. Messages per second
// and p50/p99 send-to-receive latency, same run, each server on its own copy of one
// seeded database. PostgreSQL only; the clients run in a child process.
//
// At a member's pace, each pair's first two messages are left out of the percentiles and
// reported apart: the client process opens its connections on them, and the pairs' first
// and second messages overlap (about 1.5x the steady rate for half a second).
//
// The pairs have talked before (their first messages, which record engagement and pay
// the owner once per connection, are behind them) and each member has a browser
// subscribed to pushes, so every message queues one push row, as in the ceiling.
import { conversationId } from '@bidboard/shared';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { bareChatRelay, bareChatServer } from './lib/bare-servers';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  pgBase,
  quantile,
  report,
  runClients,
  scratchDatabase,
  seedTalkingPairs,
  sessionSettings,
  startApp,
  tokensFor,
} from './lib/harness';
import type { ChatPair } from './lib/socket-clients';

const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 10);
/** Members' think time in the paced runs: each pair exchanges a message about every second. */
const THINK_MS = Number(process.env.BENCH_CHAT_THINK_MS ?? 1000);
/** Messages per pair before the paced run's percentiles count (see the top). */
const WARMUP = Number(process.env.BENCH_CHAT_WARMUP ?? 2);
const POOL = 20;

interface Chatted {
  seconds: number;
  messages: number;
  failed: number;
  latencies: number[];
  warmupLatencies: number[];
}

if (!pgBase) {
  console.log('chat bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const template = await scratchDatabase();
  const config = benchConfig();
  let pairs: ChatPair[];
  try {
    const seed = new pg.Pool({ connectionString: template.url, max: 2 });
    const ids = await bulkMembers(seed, PAIRS * 2, 0);
    const database = openDatabase({ url: template.url, poolSize: 2 });
    // Every member gets an auction in the open period, which the pairs' connections need.
    await ensureOpenPeriod(database.db, new Date());
    await seedTalkingPairs(seed, ids);
    await seed.end();
    const tokens = await tokensFor(database, config, ids);
    await database.close();
    pairs = Array.from({ length: PAIRS }, (_, i) => ({
      cid: conversationId(ids[2 * i]!, ids[2 * i + 1]!),
      ids: [ids[2 * i]!, ids[2 * i + 1]!],
      tokens: [tokens[2 * i]!, tokens[2 * i + 1]!],
    }));
  } catch (error) {
    await template.drop();
    throw error;
  }
  const job = { scenario: 'chat' as const, pairs, messagesPerPair: MESSAGES };
  const paced = { ...job, thinkMs: THINK_MS, warmupPerPair: WARMUP };
  try {
    const relay = await bareChatRelay(sessionSettings(config).key);
    const reference = await runClients<Chatted>({ ...job, mode: 'relay', url: relay.url });
    await relay.close();

    const bareDb = await scratchDatabase(template.name);
    const pool = new pg.Pool({ connectionString: bareDb.url, max: POOL });
    pool.on('error', () => {});
    const bare = await bareChatServer(sessionSettings(config).key, pool);
    const ceiling = await runClients<Chatted>({ ...job, mode: 'app', url: bare.url });
    const ceilingPaced = await runClients<Chatted>({ ...paced, mode: 'app', url: bare.url });
    await bare.close();
    await pool.end();
    await bareDb.drop();

    const appDb = await scratchDatabase(template.name);
    const database = openDatabase({ url: appDb.url, poolSize: POOL });
    const app = await startApp(database, config);
    const value = await runClients<Chatted>({ ...job, mode: 'app', url: app.url });
    const valuePaced = await runClients<Chatted>({ ...paced, mode: 'app', url: app.url });
    await app.close();
    await database.close();
    await appDb.drop();

    const failures = [value, ceiling, valuePaced, ceilingPaced].map((r) => r.failed);
    if (failures.some(Boolean)) console.log('failed sends', failures);
    const label = `${PAIRS} pairs x ${MESSAGES} messages`;
    const rate = (r: Chatted) => r.messages / r.seconds;
    const everyMessage = (r: Chatted) => [...r.warmupLatencies, ...r.latencies];
    const figures: Figure[] = [
      {
        figure: `chat messages/s, ${label}`,
        unit: 'msg/s',
        value: rate(value),
        ceiling: rate(ceiling),
        better: 'higher',
        target: 0.7,
      },
      {
        figure: 'chat send-to-receive p50',
        unit: 'ms',
        value: quantile(value.latencies, 0.5),
        ceiling: quantile(ceiling.latencies, 0.5),
        better: 'lower',
      },
      {
        figure: 'chat send-to-receive p99, every pair sending at once',
        unit: 'ms',
        value: quantile(value.latencies, 0.99),
        ceiling: quantile(ceiling.latencies, 0.99),
        better: 'lower',
      },
      {
        figure: `paced (a message per pair every ~${THINK_MS} ms): msg/s`,
        unit: 'msg/s',
        value: rate(valuePaced),
        ceiling: rate(ceilingPaced),
        better: 'higher',
      },
      {
        figure: 'paced: send-to-receive p50',
        unit: 'ms',
        value: quantile(valuePaced.latencies, 0.5),
        ceiling: quantile(ceilingPaced.latencies, 0.5),
        better: 'lower',
      },
      {
        figure: `paced: send-to-receive p99 after ${WARMUP} messages a pair (target <= 150 ms)`,
        unit: 'ms',
        value: quantile(valuePaced.latencies, 0.99),
        ceiling: quantile(ceilingPaced.latencies, 0.99),
        better: 'lower',
      },
      {
        figure: 'paced: send-to-receive p99 of every message, the start included',
        unit: 'ms',
        value: quantile(everyMessage(valuePaced), 0.99),
        ceiling: quantile(everyMessage(ceilingPaced), 0.99),
        better: 'lower',
      },
      {
        figure: 'reference: bare durable ceiling vs a relay with no database',
        unit: 'msg/s',
        value: rate(ceiling),
        ceiling: rate(reference),
        better: 'higher',
      },
    ];
    report('chat', figures);
  } finally {
    await template.drop();
  }
}
