// Chat: 500 pairs of matched members talking at once on loopback, each message sent
// through the app (POST /api/chat/..., stored in PostgreSQL, 'new-message' to both
// members' rooms) against a bare Socket.IO relay of the same messages with no database
// (the ceiling). Messages per second and p50/p99 send-to-receive latency, same run.
// PostgreSQL only; the clients run in a child process.
import { conversationId } from '@bidboard/shared';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { bareChatRelay } from './lib/bare-servers';
import {
  benchConfig,
  bulkMembers,
  pgBase,
  quantile,
  report,
  runClients,
  scratchDatabase,
  sessionSettings,
  startApp,
  tokensFor,
} from './lib/harness';
import type { ChatPair } from './lib/socket-clients';

const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 10);

interface Chatted {
  seconds: number;
  messages: number;
  failed: number;
  latencies: number[];
}

if (!pgBase) {
  console.log('chat bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const scratch = await scratchDatabase();
  const database = openDatabase({ url: scratch.url, poolSize: 20 });
  try {
    const seed = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const ids = await bulkMembers(seed, PAIRS * 2, 0);
    // Every member gets an auction in the open period; each pair is an accepted
    // connection on the owner's auction.
    await ensureOpenPeriod(database.db, new Date());
    await seed.query(
      `INSERT INTO connections (user_id, partner_id, auction_id, amount, escrow_promotional, status)
       SELECT b.id, o.id, a.id, 10, 10, 'accepted'
         FROM unnest($1::int[], $2::int[]) AS p(owner, bidder)
         JOIN users o ON o.id = p.owner JOIN users b ON b.id = p.bidder
         JOIN auctions a ON a.user_id = o.id`,
      [ids.filter((_, i) => i % 2 === 0), ids.filter((_, i) => i % 2 === 1)],
    );
    await seed.end();
    const config = benchConfig();
    const tokens = await tokensFor(database, config, ids);
    const pairs: ChatPair[] = Array.from({ length: PAIRS }, (_, i) => ({
      cid: conversationId(ids[2 * i]!, ids[2 * i + 1]!),
      ids: [ids[2 * i]!, ids[2 * i + 1]!],
      tokens: [tokens[2 * i]!, tokens[2 * i + 1]!],
    }));
    const job = { scenario: 'chat' as const, pairs, messagesPerPair: MESSAGES };

    const relay = await bareChatRelay(sessionSettings(config).key);
    const ceiling = await runClients<Chatted>({ ...job, mode: 'relay', url: relay.url });
    await relay.close();
    const app = await startApp(database, config);
    const value = await runClients<Chatted>({ ...job, mode: 'app', url: app.url });
    await app.close();
    if (value.failed || ceiling.failed) console.log('failed sends', value.failed, ceiling.failed);
    const label = `${PAIRS} pairs x ${MESSAGES} messages`;
    report('chat', [
      {
        figure: `chat messages/s, ${label}`,
        unit: 'msg/s',
        value: value.messages / value.seconds,
        ceiling: ceiling.messages / ceiling.seconds,
        better: 'higher',
      },
      {
        figure: 'chat send-to-receive p50',
        unit: 'ms',
        value: quantile(value.latencies, 0.5),
        ceiling: quantile(ceiling.latencies, 0.5),
        better: 'lower',
      },
      {
        figure: 'chat send-to-receive p99',
        unit: 'ms',
        value: quantile(value.latencies, 0.99),
        ceiling: quantile(ceiling.latencies, 0.99),
        better: 'lower',
      },
    ]);
  } finally {
    await database.close();
    await scratch.drop();
  }
}
