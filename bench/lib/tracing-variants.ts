// The pieces both tracing harnesses share: the seeded database each server gets a copy of,
// the OTLP receiver the traced servers export to, the settings of each variant, and a run
// of GET /api/auth/me through autocannon.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../../apps/server/src/config';
import { openDatabase, rows } from '../../apps/server/src/db/client';
import { ensureOpenPeriod } from '../../apps/server/src/modules/auctions/periods.service';
import { bulkMembers, scratchDatabase, tokensFor } from './harness';

/** What one server's copy of the database holds for the harness. */
export interface HotAuctionCopy {
  url: string;
  hotAuctionId: number;
  bidderIds: number[];
  tokens: string[];
}

/**
 * A seeded database, copied for each server (bids change it): `bidders` members and one
 * more, whose auction in the open period is the hot one.
 */
export async function hotAuctionTemplate(bidders: number, config: Config) {
  const template = await scratchDatabase();
  const seed = new pg.Pool({ connectionString: template.url, max: 2 });
  const ids = await bulkMembers(seed, bidders + 1, 1_000_000);
  await seed.end();
  const database = openDatabase({ url: template.url, poolSize: 2 });
  await ensureOpenPeriod(database.db, new Date());
  await database.close();
  return {
    drop: () => template.drop(),
    /** Runs `use` on a fresh copy, dropped after. */
    async withCopy<T>(use: (copy: HotAuctionCopy) => Promise<T>): Promise<T> {
      const copy = await scratchDatabase(template.name);
      const db = openDatabase({ url: copy.url, poolSize: 2 });
      try {
        const [hot] = await rows<{ id: number }>(
          db.db,
          sql`SELECT id FROM auctions WHERE user_id = ${ids[bidders]!}`,
        );
        const bidderIds = ids.slice(0, bidders);
        const tokens = await tokensFor(db, config, bidderIds);
        return await use({ url: copy.url, hotAuctionId: hot!.id, bidderIds, tokens });
      } finally {
        await db.close();
        await copy.drop();
      }
    },
  };
}

/** The collector: accepts OTLP/HTTP exports and counts them. */
export async function startReceiver() {
  const received = { requests: 0, bytes: 0 };
  const server = createServer((req, res) => {
    req.on('data', (c: Buffer) => {
      received.bytes += c.length;
    });
    req.on('end', () => {
      received.requests += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** off: no tracing; on: every trace exported; sampled: 10% (docs/observability.md). */
export type TracingVariant = 'off' | 'on' | 'sampled' | 'control';

/**
 * The server's settings for `variant`, exporting to `otlp`; `unsampled` is tracing on with
 * nothing sampled (`always_off`): what an unsampled request pays.
 */
export function tracingEnv(
  variant: TracingVariant | 'unsampled',
  otlp: string,
): Record<string, string> {
  if (variant === 'off' || variant === 'control') return {};
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
    ...(variant === 'sampled'
      ? { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }
      : {}),
    ...(variant === 'unsampled' ? { OTEL_TRACES_SAMPLER: 'always_off' } : {}),
  };
}

/** GET /api/auth/me with `token` for `seconds` (or `amount` requests) over `connections`. */
export async function meRequests(
  url: string,
  token: string,
  run: { seconds: number } | { amount: number },
  connections = 20,
  /** autocannon's wait for an answer (its default 10 s; a server under valgrind needs more). */
  timeoutSeconds = 10,
): Promise<{ perSecond: number; total: number }> {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [
    '-c',
    String(connections),
    ...('seconds' in run ? ['-d', String(run.seconds)] : ['-a', String(run.amount)]),
    '-j',
    '-t',
    String(timeoutSeconds),
    '-H',
    `authorization=Bearer ${token}`,
  ];
  const child = spawn(process.execPath, [bin, ...args, `${url}/api/auth/me`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  await new Promise((resolve) => child.on('exit', resolve));
  const r = JSON.parse(out) as {
    requests: { average: number; total: number };
    errors: number;
    non2xx: number;
  };
  if (r.errors + r.non2xx > 0) throw new Error(`/me: ${r.errors + r.non2xx} failures`);
  return { perSecond: r.requests.average, total: r.requests.total };
}
