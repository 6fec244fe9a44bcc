// The close of a period of 100,000 auctions, each with a leader, PostgreSQL only: the
// app's sweep (close, open the next period, realtime fan-out) against the same set-based
// SQL run bare through `pg` on a copy of the same data, both under the same load: a
// client process keeps 1,000 winners' sockets open, another polls GET /api/health every
// 10 ms, and a bid is tried every 20 ms. The slowest answers while the app closes are the
// stall figures. On this shared machine one pair's ratio moves with whatever else runs, so
// the pair runs BENCH_CLOSE_RUNS times (3) in this process, each close next to its own
// ceiling, on fresh copies, the order alternating; the figures are the median ratios, each
// run's ratio and the load average printed beside them.
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ALERT_TEMPLATES, NO_NAME } from '@bidboard/shared';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { sweepPeriods } from '../apps/server/src/modules/auctions/period-sweep';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import { placeBid } from '../apps/server/src/modules/bids/bids.service';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  medianFigures,
  pgBase,
  report,
  round,
  scratchDatabase,
  startApp,
  startClients,
  tokensFor,
} from './lib/harness';

const AUCTIONS = Number(process.env.BENCH_AUCTIONS ?? 100_000);
const ONLINE = 1_000;
/** Closes, each next to its bare ceiling in this process; the figures are their medians. */
const RUNS = Number(process.env.BENCH_CLOSE_RUNS ?? 3);

/** The close's statements, bare: close the period, connections, alerts, next period. */
async function bareClose(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  await client.query('BEGIN');
  const { rows } = await client.query<{ id: number }>(
    `UPDATE auction_periods SET status = 'closed', closed_at = now() WHERE status = 'open' AND end_time <= now() RETURNING id`,
  );
  const periodId = rows[0]!.id;
  await client.query(
    `WITH closed AS (
       UPDATE auctions SET status = 'closed', closed_at = now(), updated_at = now()
        WHERE period_id = $1 AND status = 'active' RETURNING id, user_id, lead_bidder_id, current_bid, escrow_promotional)
     INSERT INTO connections (user_id, partner_id, auction_id, amount, escrow_promotional, status, status_changed_at, created_at, updated_at)
     SELECT lead_bidder_id, user_id, id, current_bid, escrow_promotional, 'pending', now(), now(), now()
       FROM closed WHERE lead_bidder_id IS NOT NULL AND current_bid > 0
     ON CONFLICT (auction_id, second_chance) DO NOTHING`,
    [periodId],
  );
  await client.query(
    `INSERT INTO alerts (user_id, kind, payload, message)
     SELECT x.user_id, x.kind, x.payload, x.message
       FROM connections c
       JOIN auctions a ON a.id = c.auction_id AND a.period_id = $1
       JOIN users bidder ON bidder.id = c.user_id
       JOIN users owner ON owner.id = c.partner_id
      CROSS JOIN LATERAL (VALUES
        (c.user_id, 'auction_won',
         jsonb_build_object('connectionId', c.id, 'auctionId', c.auction_id,
           'userId', owner.id, 'partnerUserId', owner.id,
           'auctionCreatorUserId', owner.id, 'auctionCreatorUsername', owner.username,
           'amount', c.amount),
         replace(replace($2::text, '{amount}', c.amount::text), '{owner}',
           COALESCE(owner.username, $4))),
        (c.partner_id, 'winning_bidder_connection_pending',
         jsonb_build_object('connectionId', c.id, 'auctionId', c.auction_id,
           'userId', bidder.id, 'partnerUserId', bidder.id,
           'winningBidderUserId', bidder.id, 'winningBidderUsername', bidder.username,
           'newBidAmount', c.amount),
         replace(replace($3::text, '{amount}', c.amount::text), '{bidder}',
           COALESCE(bidder.username, $5)))
      ) AS x(user_id, kind, payload, message)`,
    [periodId, ALERT_TEMPLATES.won, ALERT_TEMPLATES.wonPending, NO_NAME.member, NO_NAME.Member],
  );
  const next = await client.query<{ id: number }>(
    `INSERT INTO auction_periods (start_time, end_time, status)
     VALUES (now(), now() + interval '7 days', 'open') RETURNING id`,
  );
  await client.query(
    `INSERT INTO auctions (user_id, period_id)
     SELECT id, $1 FROM users WHERE is_approved AND onboarded = 14 AND available_for_bids
     ON CONFLICT (user_id, period_id) DO NOTHING`,
    [next.rows[0]!.id],
  );
  await client.query('COMMIT');
  const seconds = (performance.now() - started) / 1000;
  await client.end();
  return seconds;
}

async function checkpoint() {
  const client = new pg.Client({ connectionString: pgBase });
  await client.connect();
  await client.query('CHECKPOINT');
  await client.end();
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/**
 * One close next to its ceiling, on fresh copies of `template`: the app (serving 1,000
 * sockets and the health poll, and a bid tried every 20 ms) and the bare SQL run under the
 * same load, `appFirst` or not. Its figures, each against the ceiling of this pair.
 */
async function closePair(
  template: string,
  ids: number[],
  config: ReturnType<typeof benchConfig>,
  appFirst: boolean,
): Promise<Figure[]> {
  const bareCopy = await scratchDatabase(template);
  const copy = await scratchDatabase(template);
  const database = openDatabase({ url: copy.url, poolSize: 20 });
  const app = await startApp(database, config);
  const online = ids.slice(0, ONLINE);
  type Polled = {
    slow: [number, number][];
    requests: number;
    alerts: number;
    alertsExpected: number;
    lastAlertMs: number;
  };
  const clients = startClients<Polled>({
    scenario: 'poll',
    url: app.url,
    tokens: await tokensFor(database, config, online),
    alertsExpected: ONLINE * 2,
    pollHealth: false,
  });
  const poller = startClients<Polled>({
    scenario: 'poll',
    url: app.url,
    tokens: [],
    alertsExpected: 0,
    pollHealth: true,
  });
  await Promise.all([clients.ready, poller.ready]);
  const bidLatencies: [number, number][] = [];
  let closing = true;
  const bids = (async () => {
    const ctx = { db: database.db, clock: () => new Date() };
    for (let i = 0; closing; i++) {
      const sent = Date.now();
      const t0 = performance.now();
      await placeBid(ctx, {
        auctionId: 1 + (i % AUCTIONS),
        bidderId: ids[i % 50]!,
        amount: 500,
      }).catch(() => {});
      bidLatencies.push([sent, performance.now() - t0]);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  // Each close is watched the same way: the longest event-loop stall of this process
  // (which serves the sockets, the health poll and the bids) and the slowest answers.
  // During the bare close the app does nothing but serve that load, so its stalls there
  // are what the machine itself costs (the database working, other processes), the
  // reference the app's figures are read against.
  const watch = async (close: () => Promise<unknown>) => {
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const from = Date.now();
    const started = performance.now();
    await close();
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    return { seconds, from, to: Date.now(), stallMs: loop.max / 1e6 };
  };
  // Each close starts with the other's dirty pages written out.
  const closeBare = async () => {
    await checkpoint();
    const watched = await watch(() => bareClose(bareCopy.url));
    await bareCopy.drop();
    return watched;
  };
  const closeApp = async () => {
    await checkpoint();
    return watch(() =>
      sweepPeriods({ db: database.db, clock: () => new Date(), realtime: app.app.realtime }),
    );
  };
  let bare: Awaited<ReturnType<typeof watch>>;
  let appClose: Awaited<ReturnType<typeof watch>>;
  if (appFirst) {
    appClose = await closeApp();
    bare = await closeBare();
  } else {
    bare = await closeBare();
    appClose = await closeApp();
  }
  await new Promise((r) => setTimeout(r, 1_000));
  closing = false;
  await bids;
  clients.stop();
  poller.stop();
  const [held, polled] = await Promise.all([clients.result, poller.result]);
  await app.close();
  await database.close();
  await copy.drop();
  const slowest = (list: [number, number][], window: { from: number; to: number }) =>
    Math.max(
      0,
      ...list.filter(([sent]) => sent >= window.from && sent <= window.to).map(([, ms]) => ms),
    );
  console.log({
    order: appFirst ? 'app, bare' : 'bare, app',
    alertsReceived: `${held.alerts}/${held.alertsExpected}`,
    lastAlertAfterStartMs: Math.round(held.lastAlertMs),
    healthRequests: polled.requests,
    bidsTried: bidLatencies.length,
  });
  const stallFigures = (name: string, app: number, machine: number): Figure[] => [
    { figure: name, unit: 'ms', value: app, ceiling: 50, better: 'lower', target: 1 },
    {
      figure: `${name}: same, during the bare close`,
      unit: 'ms',
      value: machine,
      ceiling: 50,
      better: 'lower',
      note: 'what the machine itself costs',
    },
  ];
  return [
    {
      figure: `close of ${AUCTIONS} auctions`,
      unit: 's',
      value: appClose.seconds,
      ceiling: bare.seconds,
      better: 'lower',
      target: 1.2,
    },
    ...stallFigures(
      'slowest /api/health during the close',
      slowest(polled.slow, appClose),
      slowest(polled.slow, bare),
    ),
    ...stallFigures(
      'slowest bid answer during the close',
      slowest(bidLatencies, appClose),
      slowest(bidLatencies, bare),
    ),
    ...stallFigures('longest event-loop stall during the close', appClose.stallMs, bare.stallMs),
  ];
}

if (!pgBase) {
  console.log('close bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  const template = await scratchDatabase();
  let ids: number[];
  {
    const seed = new pg.Pool({ connectionString: template.url, max: 2 });
    ids = await bulkMembers(seed, AUCTIONS, 0);
    const database = openDatabase({ url: template.url, poolSize: 2 });
    await ensureOpenPeriod(database.db, new Date());
    await database.close();
    // Every auction led by the next member; the period already due.
    await seed.query(
      `UPDATE auctions SET current_bid = 100, lead_max = 100, escrow_promotional = 100,
              lead_bidder_id = CASE WHEN user_id = $1 THEN $2 ELSE user_id + 1 END`,
      [ids.at(-1), ids[0]],
    );
    await seed.query(
      `UPDATE auction_periods SET start_time = now() - interval '7 days', end_time = now() - interval '1 second'`,
    );
    await seed.query('VACUUM ANALYZE');
    await seed.end();
  }
  try {
    const config = benchConfig();
    const perRun: Figure[][] = [];
    for (let run = 0; run < RUNS; run++) {
      // Order alternates (bare first, then the app first, ...): whatever the first close
      // leaves behind (a warmer cache, dirty pages, autovacuum) falls on each side in turn.
      const figures = await closePair(template.name, ids, config, run % 2 === 1);
      perRun.push(figures);
      const [close] = figures;
      console.log(
        `run ${run + 1}/${RUNS}: close ${round(close!.value)} s vs bare ${round(close!.ceiling)} s (${round(close!.value / close!.ceiling)}x), load average ${loadAverage()}`,
      );
    }
    // Each figure's median over the runs, by its ratio to the ceiling of its own run.
    const median = medianFigures(perRun);
    const ratios = (name: string) =>
      perRun
        .map((figures) => figures.find((f) => f.figure === name)!)
        .map((f) => round(f.value / f.ceiling))
        .join(', ');
    report(
      'close',
      median.map((f) => ({
        ...f,
        figure: RUNS > 1 ? `${f.figure} (median of ${RUNS})` : f.figure,
        note: RUNS > 1 ? `runs ${ratios(f.figure)}` : f.note,
      })),
    );
    console.log(`load average at the end ${loadAverage()} on ${os.cpus().length} cores`);
  } finally {
    await template.drop();
  }
}
