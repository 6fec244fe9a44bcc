// One trace from a socket bid down to its SQL: tracing is started with an in-memory
// exporter before the app's modules load (as entry.ts does before server.ts), then a
// member bids over a real socket. PostgreSQL only: PGlite runs in-process, without pg.
import type { AddressInfo } from 'node:net';
import type { InMemorySpanExporter, ReadableSpan } from '@opentelemetry/sdk-trace';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { logMixin } from './log-context';
import { startTracing, withSpan } from './tracing';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) console.log('[tests] tracing.test: pg spans need PostgreSQL; skipped on PGlite');

/** The chain of parents of `span` within its trace, nearest first. */
function ancestors(span: ReadableSpan, all: ReadableSpan[]): ReadableSpan[] {
  const chain: ReadableSpan[] = [];
  let parentId = span.parentSpanContext?.spanId;
  while (parentId) {
    const parent = all.find((s) => s.spanContext().spanId === parentId);
    if (!parent) break;
    chain.push(parent);
    parentId = parent.parentSpanContext?.spanId;
  }
  return chain;
}

describe.runIf(onPostgres)('tracing', () => {
  let exporter: InMemorySpanExporter;
  let shutdown: () => Promise<void>;
  let t: TestApp;
  let url: string;
  let clock: { clock: () => Date };
  const sockets: Socket[] = [];
  let helpers: {
    sockets: typeof import('../../test/sockets');
    marketplace: typeof import('../../test/marketplace');
  };

  beforeAll(async () => {
    const { InMemorySpanExporter, SimpleSpanProcessor } = await import('@opentelemetry/sdk-trace');
    exporter = new InMemorySpanExporter();
    const tracing = await startTracing({
      spanProcessors: [new SimpleSpanProcessor({ exporter })],
    });
    shutdown = tracing!.shutdown;
    // Loaded only now, so pg is required through the instrumentation's hooks.
    const { createTestApp } = await import('../../test/app');
    helpers = {
      sockets: await import('../../test/sockets'),
      marketplace: await import('../../test/marketplace'),
    };
    clock = helpers.marketplace.testClock('2026-03-05T15:00:00Z');
    t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
    await shutdown?.();
  });

  it('follows a socket bid from the placeBid event to its SQL', async () => {
    const owner = await helpers.marketplace.buildBidder(t.database.db, 0);
    const bidder = await helpers.sockets.connectedBidder(t, url, sockets, 100);
    const auctionId = await helpers.sockets.openAuctionOf(t, clock.clock, owner.id);
    exporter.reset();

    const placed = new Promise((resolve) => bidder.socket.once('bidSuccess', resolve));
    bidder.socket.emit('placeBid', { auctionId, bidderId: bidder.id, bidAmount: 10 });
    await placed;

    const spans = exporter.getFinishedSpans();
    const bid = spans.filter((s) => s.name === 'socket placeBid');
    expect(bid).toHaveLength(1);
    const traceId = bid[0]!.spanContext().traceId;
    const sql = spans.filter(
      (s) => s.spanContext().traceId === traceId && s.name.startsWith('pg.query'),
    );
    expect(sql.length).toBeGreaterThan(0);
    for (const query of sql) expect(ancestors(query, spans)).toContain(bid[0]);
    expect(sql.some((s) => String(s.attributes['db.query.text']).includes('place_bid'))).toBe(true);
  });

  it('puts the trace and span ids on log lines', async () => {
    const ids = await withSpan('probe', {}, async (span) => ({
      span: span!.spanContext(),
      logged: logMixin({}, 30),
    }));
    expect(ids.logged).toEqual({ trace_id: ids.span.traceId, span_id: ids.span.spanId });
  });
});
