// What tracing costs (issue 21): the built server (dist/server.js, started with node as in
// production) with OTEL_EXPORTER_OTLP_ENDPOINT set, exporting over OTLP/HTTP (protobuf) to
// a small receiver in this process, against the same server with tracing off; tracing on
// with every trace exported, and with the sampler docs/observability.md recommends (10% of
// traces). PostgreSQL only (pg spans are the point). Figures: GET /api/auth/me req/s
// (autocannon, its own process) and the hot auction's bids over sockets (clients in their
// own process); each variant runs twice, in mirrored order, on its own copy of one seeded
// database. A control variant is tracing off again, in other processes: how far two servers
// with the same code measure apart is the resolution of every other ratio here.
import { buildServer, cpuSecondsOf, freePort, startBuiltServer } from './lib/built-server';
import { benchConfig, type Figure, pgBase, report, runClients } from './lib/harness';
import {
  hotAuctionTemplate,
  meRequests,
  startReceiver,
  type TracingVariant,
  tracingEnv,
} from './lib/tracing-variants';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const config = benchConfig();

/** The built server on `databaseUrl`, traced to `otlp` unless `variant` is off. */
async function startServer(databaseUrl: string, variant: TracingVariant, otlp: string) {
  const server = await startBuiltServer({
    port: await freePort(),
    databaseUrl,
    config,
    poolSize: config.DB_POOL_SIZE,
    env: tracingEnv(variant, otlp),
  });
  return {
    url: server.url,
    cpuSeconds: () => cpuSecondsOf(server.pid),
    close: () => server.stop(),
  };
}

if (!pgBase) {
  console.log('tracing bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else {
  buildServer();
  const template = await hotAuctionTemplate(BIDDERS, config);
  const receiver = await startReceiver();
  // Throughput moves with whatever else the machine runs; the server's CPU time per
  // request or bid moves much less, so both are reported.
  const zero = () => ({
    me: 0,
    meRequests: 0,
    meCpu: 0,
    bids: 0,
    attempts: 0,
    seconds: 0,
    bidCpu: 0,
  });
  const totals = { off: zero(), on: zero(), sampled: zero(), control: zero() };
  try {
    const order: TracingVariant[] = [
      'off',
      'on',
      'sampled',
      'control',
      'control',
      'sampled',
      'on',
      'off',
    ];
    for (const side of order) {
      await template.withCopy(async ({ url, hotAuctionId, bidderIds, tokens }) => {
        const server = await startServer(url, side, receiver.url);
        try {
          // A short first run warms the JIT (and fills the span queue) before measuring.
          await meRequests(server.url, tokens[0]!, { seconds: 2 });
          let cpu = server.cpuSeconds();
          const me = await meRequests(server.url, tokens[0]!, { seconds: DURATION });
          totals[side].me += me.perSecond;
          totals[side].meRequests += me.total;
          totals[side].meCpu += server.cpuSeconds() - cpu;
          cpu = server.cpuSeconds();
          const r = await runClients<{ accepted: number; attempts: number; seconds: number }>({
            scenario: 'bids',
            url: server.url,
            tokens,
            bidderIds,
            auctionId: hotAuctionId,
            rounds: ROUNDS,
          });
          totals[side].bids += r.accepted;
          totals[side].attempts += r.attempts;
          totals[side].seconds += r.seconds;
          totals[side].bidCpu += server.cpuSeconds() - cpu;
          console.log(side, {
            meReqPerSec: Math.round(me.perSecond),
            bidsPerSec: r.accepted / r.seconds,
          });
        } finally {
          await server.close();
        }
      });
    }
  } finally {
    await receiver.close();
    await template.drop();
  }
  console.log(
    `collector received ${receiver.received.requests} exports, ${Math.round(receiver.received.bytes / 1024)} KB`,
  );
  if (receiver.received.requests === 0) throw new Error('tracing on exported nothing');
  // Tracing is compared with all four servers that ran with it off; the control, with the
  // first two alone, shows how far servers running the same code measure apart.
  const off = { ...totals.off };
  for (const key of Object.keys(off) as (keyof typeof off)[]) off[key] += totals.control[key];
  const figures: Figure[] = [
    {
      figure: 'GET /api/auth/me req/s, tracing on (every trace exported) vs off',
      unit: 'req/s',
      value: totals.on.me / 2,
      ceiling: off.me / 4,
      better: 'higher',
      target: 0.9,
    },
    {
      figure: 'GET /api/auth/me req/s, tracing on (10% of traces) vs off',
      unit: 'req/s',
      value: totals.sampled.me / 2,
      ceiling: off.me / 4,
      better: 'higher',
      target: 0.9,
    },
    {
      figure: `hot auction over sockets (${BIDDERS} bidders), bids/s, tracing on (every trace) vs off`,
      unit: 'bids/s',
      value: totals.on.bids / totals.on.seconds,
      ceiling: off.bids / off.seconds,
      better: 'higher',
      target: 0.9,
    },
    {
      figure: `hot auction over sockets (${BIDDERS} bidders), bids/s, tracing on (10%) vs off`,
      unit: 'bids/s',
      value: totals.sampled.bids / totals.sampled.seconds,
      ceiling: off.bids / off.seconds,
      better: 'higher',
      target: 0.9,
    },
  ];
  const cpuPerMe = (t: typeof totals.off) => (t.meCpu / t.meRequests) * 1e6;
  const cpuPerBid = (t: typeof totals.off) => (t.bidCpu / t.attempts) * 1e6;
  const compared = {
    on: ['tracing on (every trace) vs off', off],
    sampled: ['tracing on (10% of traces) vs off', off],
    control: ["tracing off, two servers vs the other two (the bench's spread)", totals.off],
  } as const;
  for (const variant of ['on', 'sampled', 'control'] as const) {
    const [label, baseline] = compared[variant];
    const target = variant === 'control' ? undefined : 1.1;
    figures.push(
      {
        figure: `server CPU per GET /api/auth/me, ${label}`,
        unit: 'us',
        value: cpuPerMe(totals[variant]),
        ceiling: cpuPerMe(baseline),
        better: 'lower',
        target,
      },
      {
        figure: `server CPU per bid attempt over sockets, ${label}`,
        unit: 'us',
        value: cpuPerBid(totals[variant]),
        ceiling: cpuPerBid(baseline),
        better: 'lower',
        target,
      },
    );
  }
  report('tracing', figures);
}
