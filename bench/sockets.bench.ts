// Connecting 5,000 sockets (each signed in with its own session) that each join the
// rooms of a page of Bid Board cards: the app against a bare Socket.IO server that
// checks the same JWT and answers joins with the same cards from memory. PostgreSQL only.
// BENCH_ADAPTER=redis runs the app on a Redis of its own, as deployed (the Socket.IO adapter,
// the shared event budget and presence); the ceiling stays bare Socket.IO without one.
// Rounds alternate which server goes first; the round with the median ratio is reported.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { openDatabase, rows } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { bareSocketServer } from './lib/bare-servers';
import { freePort, startRedis } from './lib/built-server';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  medianFigures,
  pgBase,
  report,
  runClients,
  scratchDatabase,
  sessionSettings,
  startApp,
  tokensFor,
} from './lib/harness';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 10;
const CONCURRENCY = 50;
const ON_REDIS = process.env.BENCH_ADAPTER === 'redis';

interface Connected {
  seconds: number;
  failed: number;
  connected: number;
  connectP50Ms: number;
  joinP50Ms: number;
}

/** The cards the app answers joins of `rooms` with, as one member sees them. */
async function cardsFromApp(url: string, token: string, rooms: number[]) {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  const cards = new Map<number, unknown>();
  await new Promise<void>((resolve) => {
    socket.on('roomJoined', ({ auctionData }: { auctionData: { id: number } }) => {
      cards.set(auctionData.id, auctionData);
      if (cards.size === rooms.length) resolve();
    });
    for (const room of rooms) socket.emit('joinRoom', `auction_${room}`);
  });
  socket.close();
  return cards;
}

/** Waits until a server has let go of the last round's sockets (its disconnects are its own). */
async function settled(clients: () => number) {
  const deadline = performance.now() + 30_000;
  while (clients() > 0 && performance.now() < deadline) await sleep(50);
  if (clients() > 0) console.log(`${clients()} connections still open after 30 s`);
  await sleep(500);
}

if (!pgBase) {
  console.log('sockets bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const scratch = await scratchDatabase();
  const database = openDatabase({ url: scratch.url, poolSize: 20 });
  try {
    const seed = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const ids = await bulkMembers(seed, SOCKETS, 0);
    await seed.end();
    await ensureOpenPeriod(database.db, new Date());
    const page = (
      await rows<{ id: number }>(
        database.db,
        sql`SELECT id FROM auctions ORDER BY id LIMIT ${PAGE}`,
      )
    ).map((r) => r.id);
    const redis = ON_REDIS ? await startRedis(await freePort()) : null;
    const config = benchConfig(
      redis ? { REDIS_URL: redis.url, REDIS_PREFIX: 'bench-sockets' } : {},
    );
    const tokens = await tokensFor(database, config, ids);
    const job = { scenario: 'connect' as const, tokens, concurrency: CONCURRENCY, rooms: page };

    // The bare server answers joins with the very cards the app sends (read once, held in
    // memory): the ceiling does the same socket work without the database.
    const app = await startApp(database, config);
    const cards = await cardsFromApp(app.url, tokens[0]!, page);
    const bare = await bareSocketServer(
      sessionSettings(config).key,
      new pg.Pool({ max: 1 }),
      cards,
    );
    const phase = async (server: 'app' | 'bare') => {
      const url = server === 'app' ? app.url : bare.url;
      const result = await runClients<Connected>({ ...job, url });
      await settled(server === 'app' ? () => app.app.io.engine.clientsCount : bare.clients);
      if (result.failed) console.log(`failed connects (${server})`, result);
      return result;
    };
    const rounds: Figure[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const appFirst = round % 2 === 1;
      const first = await phase(appFirst ? 'app' : 'bare');
      const second = await phase(appFirst ? 'bare' : 'app');
      const [value, ceiling] = appFirst ? [first, second] : [second, first];
      console.log(
        `round ${round + 1}: ${(value.seconds / ceiling.seconds).toFixed(2)}` +
          ` (app ${value.seconds.toFixed(2)} s, connect p50 ${value.connectP50Ms.toFixed(1)} ms,` +
          ` joins p50 ${value.joinP50Ms.toFixed(1)} ms; bare ${ceiling.seconds.toFixed(2)} s,` +
          ` ${ceiling.connectP50Ms.toFixed(1)} ms, ${ceiling.joinP50Ms.toFixed(1)} ms)`,
      );
      rounds.push([
        {
          figure: `${SOCKETS} socket connects, each joining ${PAGE} rooms${redis ? ', on Redis' : ''}`,
          unit: 's',
          value: value.seconds,
          ceiling: ceiling.seconds,
          better: 'lower',
          target: 1.2,
        },
      ]);
    }
    await bare.close();
    await app.close();
    await redis?.stop();
    report('sockets', medianFigures(rounds));
  } finally {
    await database.close();
    await scratch.drop();
  }
}
