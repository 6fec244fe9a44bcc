// What tracing costs (issue 21), counted in instructions rather than seconds. On this
// shared two-core machine the CPU-time figures of tracing.bench.ts spread more between two
// servers running the same code (its control: 0.77-1.16) than the 10% they are meant to
// show. Valgrind's callgrind counts the instructions a process runs, which do not depend on
// what else the machine is doing. The built server runs under callgrind with V8 on its
// main thread alone (`--single-threaded`: compiler and GC helpers, which the kernel would
// schedule at will, do the same work inline, still counted). After a warm-up the counters
// are zeroed, a fixed number of GET /api/auth/me (one at a time) or hot-auction bids over
// sockets run, and the count since is dumped. Variants: tracing off, 10% of traces and
// every trace, exported over OTLP/HTTP to a receiver in this process; tracing off runs
// again last, and the two off runs set against each other are the control. Needs
// PostgreSQL and valgrind; a run takes about forty minutes (valgrind slows node ~50x).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, freePort, startBuiltServer } from './lib/built-server';
import { benchConfig, type Figure, pgBase, report, runClients } from './lib/harness';
import {
  hotAuctionTemplate,
  meRequests,
  startReceiver,
  type TracingVariant,
  tracingEnv,
} from './lib/tracing-variants';

const ME_REQUESTS = Number(process.env.BENCH_ME_REQUESTS ?? 10_000);
const BIDDERS = 20;
const BID_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const config = benchConfig();

function hasValgrind(): boolean {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The built server under callgrind; `count()` zeroes its counters, runs `work`, reads them. */
async function countedServer(
  databaseUrl: string,
  variant: TracingVariant | 'unsampled',
  otlp: string,
) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bidboard-callgrind-'));
  const server = await startBuiltServer({
    port: await freePort(),
    databaseUrl,
    config,
    poolSize: 4,
    env: tracingEnv(variant, otlp),
    launcher: {
      command: [
        // BENCH_NICE=-10 on a machine others load: Fastify gives each plugin 10 s to start,
        // which a server under valgrind with a small share of the CPU does not meet.
        ...(process.env.BENCH_NICE ? ['nice', '-n', process.env.BENCH_NICE] : []),
        'valgrind',
        '--tool=callgrind',
        `--callgrind-out-file=${path.join(dir, 'callgrind.out')}`,
        `--log-file=${path.join(dir, 'valgrind.log')}`,
      ],
      nodeFlags: ['--single-threaded'],
      // Node's start under valgrind takes minutes of CPU; on a busy machine, BENCH_READY_MS.
      readyMs: Number(process.env.BENCH_READY_MS ?? 300_000),
    },
  });
  // vgdb finds the process by pipes named after its HOST variable (the server's listen
  // address here), so callgrind_control is given the same.
  const control = (command: string) =>
    execFileSync('callgrind_control', [command, String(server.pid)], {
      env: { PATH: process.env.PATH, HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
  let dumps = 0;
  return {
    url: server.url,
    async count(work: () => Promise<number>): Promise<{ instructions: number; units: number }> {
      control('-z');
      const units = await work();
      control('-d');
      dumps += 1;
      const file = readdirSync(dir).find((f) => f === `callgrind.out.${dumps}`);
      if (!file) throw new Error(`no callgrind dump ${dumps} in ${dir}`);
      const totals = readFileSync(path.join(dir, file), 'utf8').match(
        /^(?:summary|totals): (\d+)/m,
      );
      return { instructions: Number(totals![1]), units };
    },
    async close() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

if (!pgBase) {
  console.log('tracing instructions bench skipped: set BENCH_DATABASE_URL (PostgreSQL)');
} else if (!hasValgrind()) {
  console.log('tracing instructions bench skipped: valgrind is not installed');
} else {
  // BENCH_SERVER_ENTRY runs a build set aside instead (bench/lib/built-server.ts).
  if (!process.env.BENCH_SERVER_ENTRY) buildServer();
  const template = await hotAuctionTemplate(BIDDERS, config);
  const receiver = await startReceiver();
  type Measured = 'off' | 'unsampled' | 'sampled' | 'on';
  // BENCH_VARIANTS=off,unsampled,sampled,off: the servers to count, in order (the first and
  // last off are the control); the default leaves out `unsampled` (always_off).
  const variants = (process.env.BENCH_VARIANTS ?? 'off,sampled,on,off').split(',') as Measured[];
  const perMe: Record<Measured, number[]> = { off: [], unsampled: [], sampled: [], on: [] };
  const perBid: Record<Measured, number[]> = { off: [], unsampled: [], sampled: [], on: [] };
  try {
    for (const variant of variants) {
      await template.withCopy(async ({ url, hotAuctionId, bidderIds, tokens }) => {
        const server = await countedServer(url, variant, receiver.url);
        try {
          const bids = (rounds: number) =>
            runClients<{ attempts: number }>({
              scenario: 'bids',
              url: server.url,
              tokens,
              bidderIds,
              auctionId: hotAuctionId,
              rounds,
            });
          // Warm-ups: the JIT settles on the paths measured next.
          await meRequests(server.url, tokens[0]!, { amount: 2_000 }, 1, 600);
          const me = await server.count(
            async () =>
              (await meRequests(server.url, tokens[0]!, { amount: ME_REQUESTS }, 1, 600)).total,
          );
          perMe[variant].push(me.instructions / me.units);
          // BENCH_ROUNDS=0 counts /me alone.
          let instructionsPerBid: number | undefined;
          if (BID_ROUNDS > 0) {
            await bids(3);
            // The bidders' 20 socket connects and room joins are counted with their bids.
            const bid = await server.count(async () => (await bids(BID_ROUNDS)).attempts);
            perBid[variant].push(bid.instructions / bid.units);
            instructionsPerBid = Math.round(bid.instructions / bid.units);
          }
          console.log(variant, {
            instructionsPerMe: Math.round(me.instructions / me.units),
            instructionsPerBid,
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
  if (variants.some((v) => v === 'sampled' || v === 'on') && receiver.received.requests === 0) {
    throw new Error('tracing on exported nothing');
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const figures: Figure[] = [];
  for (const [what, counts] of [
    ['GET /api/auth/me', perMe],
    [`bid attempt over sockets (${BIDDERS} bidders)`, perBid],
  ] as const) {
    if (counts.off.length === 0) continue;
    const off = mean(counts.off);
    const labels = {
      unsampled: 'nothing sampled, always_off',
      sampled: '10% of traces',
      on: 'every trace',
    } as const;
    for (const variant of ['unsampled', 'sampled', 'on'] as const) {
      if (counts[variant].length === 0) continue;
      figures.push({
        figure: `server instructions per ${what}, tracing on (${labels[variant]}) vs off`,
        unit: 'instr',
        value: mean(counts[variant]),
        ceiling: off,
        better: 'lower',
        ...(variant === 'unsampled' ? {} : { target: 1.1 }),
      });
    }
    if (counts.off.length > 1) {
      figures.push({
        figure: `server instructions per ${what}, tracing off: second run vs first (the control)`,
        unit: 'instr',
        value: counts.off[1]!,
        ceiling: counts.off[0]!,
        better: 'lower',
      });
    }
  }
  report('tracing-instructions', figures);
}
