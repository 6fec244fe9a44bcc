// One trace from a socket bid down to its SQL: tracing is started with an in-memory
// exporter before the app's modules load (as entry.ts does before server.ts), then a
// member bids over a real socket. And what is not sampled costs no tracing work below it:
// the sampler here drops the names in `unsampled` and counts every decision it is asked
// for, so a query traced under an unrecorded span would show as a decision.
// PostgreSQL only: PGlite runs in-process, without pg.
import type { AddressInfo } from 'node:net';
import type { Context } from '@opentelemetry/api';
import type { InMemorySpanExporter, ReadableSpan, Sampler } from '@opentelemetry/sdk-trace';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/app';
import { logMixin } from './log-context';
import { startTracing, tracingFastifyPlugin, withSpan } from './tracing';

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
  const unsampled = new Set<string>();
  const decisions: string[] = [];
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
    const sdk = await import('@opentelemetry/sdk-trace');
    exporter = new sdk.InMemorySpanExporter();
    const root: Sampler = {
      shouldSample: (_context, _traceId, name) => ({
        decision: unsampled.has(name)
          ? sdk.SamplingDecision.NOT_RECORD
          : sdk.SamplingDecision.RECORD_AND_SAMPLED,
      }),
    };
    const parentBased = new sdk.ParentBasedSampler({ root });
    const counting: Sampler = {
      shouldSample: (context: Context, traceId, name, ...rest) => {
        decisions.push(name);
        return parentBased.shouldSample(context, traceId, name, ...rest);
      },
    };
    const tracing = await startTracing({
      spanProcessors: [new sdk.SimpleSpanProcessor({ exporter })],
      sampler: counting,
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

    // bidSuccess goes out at commit; the span ends after the publishing that follows it.
    const placeBidSpans = () =>
      exporter.getFinishedSpans().filter((s) => s.name === 'socket placeBid');
    await expect.poll(placeBidSpans).toHaveLength(1);
    const spans = exporter.getFinishedSpans();
    const bid = placeBidSpans();
    const traceId = bid[0]!.spanContext().traceId;
    const sql = spans.filter(
      (s) => s.spanContext().traceId === traceId && s.name.startsWith('pg.query'),
    );
    expect(sql.length).toBeGreaterThan(0);
    for (const query of sql) expect(ancestors(query, spans)).toContain(bid[0]);
    expect(sql.some((s) => String(s.attributes['db.query.text']).includes('place_bid'))).toBe(true);
  });

  it('keeps a batched bid statement in the trace of a sampled bid that did not lead it', async () => {
    const { placeBid } = await import('../modules/bids/bids.service');
    const owner = await helpers.marketplace.buildBidder(t.database.db, 0);
    const auctionId = await helpers.sockets.openAuctionOf(t, clock.clock, owner.id);
    const [a, b, c] = await Promise.all(
      [0, 1, 2].map(() => helpers.marketplace.buildBidder(t.database.db, 100)),
    );
    const ctx = { db: t.database.db, clock: clock.clock };
    unsampled.add('quiet bid');
    exporter.reset();
    try {
      // The first goes alone; the next two queue behind it and go as one statement.
      await Promise.all(
        [
          ['quiet bid', a!.id, 10],
          ['quiet bid', b!.id, 20],
          ['loud bid', c!.id, 30],
        ].map(([name, bidderId, amount]) =>
          withSpan(String(name), {}, () =>
            placeBid(ctx, { auctionId, bidderId: Number(bidderId), amount: Number(amount) }),
          ),
        ),
      );
    } finally {
      unsampled.delete('quiet bid');
    }
    const spans = exporter.getFinishedSpans();
    const loud = spans.find((s) => s.name === 'loud bid');
    const batch = spans.filter((s) => String(s.attributes['db.query.text']).includes('place_bids'));
    expect(batch).toHaveLength(1);
    expect(ancestors(batch[0]!, spans)).toContain(loud);
  });

  it('leaves no listener on the pool once a traced query has checked out a connection', async () => {
    // The pg instrumentation's pool metrics record nothing here (traces only), and its
    // listeners would run on every check-out and return, traced or not.
    const res = await fetch(`${url}/api/auth/request-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '+12125550178' }),
    });
    expect(res.status).toBe(200);
    await expect
      .poll(() => exporter.getFinishedSpans().some((s) => s.name.startsWith('pg.query')))
      .toBe(true);
    const pool = (t.database.db as unknown as { $client: import('pg').Pool }).$client;
    expect(pool.listenerCount('acquire') + pool.listenerCount('release')).toBe(0);
  });

  it('puts the trace and span ids on log lines', async () => {
    const ids = await withSpan('probe', {}, async (span) => ({
      span: span!.spanContext(),
      logged: logMixin({}, 30),
    }));
    expect(ids.logged).toEqual({ trace_id: ids.span.traceId, span_id: ids.span.spanId });
  });

  it('does no pg or Redis tracing work under a socket bid that is not sampled', async () => {
    const owner = await helpers.marketplace.buildBidder(t.database.db, 0);
    const bidder = await helpers.sockets.connectedBidder(t, url, sockets, 100);
    const auctionId = await helpers.sockets.openAuctionOf(t, clock.clock, owner.id);
    unsampled.add('socket placeBid');
    exporter.reset();
    decisions.length = 0;
    try {
      const placed = new Promise((resolve) => bidder.socket.once('bidSuccess', resolve));
      bidder.socket.emit('placeBid', { auctionId, bidderId: bidder.id, bidAmount: 10 });
      await placed;
    } finally {
      unsampled.delete('socket placeBid');
    }
    expect(decisions).toContain('socket placeBid');
    expect(decisions.filter((name) => name !== 'socket placeBid')).toEqual([]);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('does no pg tracing work under a request its caller did not sample', async () => {
    exporter.reset();
    decisions.length = 0;
    const res = await fetch(`${url}/api/auth/request-otp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // W3C trace context, flags 00: the caller's trace is not sampled.
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00',
      },
      body: JSON.stringify({ phone_number: '+12125550177' }),
    });
    expect(res.status).toBe(200);
    expect(decisions).toEqual(['request']);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it("keeps an unsampled span's ids on log lines, and its children unsampled", async () => {
    unsampled.add('quiet probe');
    decisions.length = 0;
    try {
      const ids = await withSpan('quiet probe', {}, async (span) => ({
        span: span!.spanContext(),
        logged: logMixin({}, 30),
        child: await withSpan('quiet child', {}, async (child) => child!.isRecording()),
      }));
      expect(ids.logged).toEqual({ trace_id: ids.span.traceId, span_id: ids.span.spanId });
      expect(ids.child).toBe(false);
      expect(decisions).toEqual(['quiet probe', 'quiet child']);
    } finally {
      unsampled.delete('quiet probe');
    }
  });

  it('starts no span for a request it does not sample, and one for a request it does', async () => {
    const api = await import('@opentelemetry/api');
    const { default: Fastify } = await import('fastify');
    const probe = Fastify();
    await probe.register(tracingFastifyPlugin()!);
    probe.get('/probe', async () => ({
      active: api.trace.getActiveSpan() !== undefined,
      recording: api.trace.getActiveSpan()?.isRecording() ?? false,
    }));
    // A span of our own inside the request, as the chat send route makes.
    probe.get('/probe-inner', () => withSpan('inner', {}, async () => ({ inner: true })));
    probe.get('/probe-fail', async () => {
      throw new Error('probe failed');
    });
    try {
      unsampled.add('request');
      decisions.length = 0;
      const skipped = await probe.inject('/probe');
      expect(skipped.json()).toEqual({ active: false, recording: false });
      expect(decisions).toEqual(['request']);
      // Its own span follows the request's decision: no new trace of its own.
      exporter.reset();
      decisions.length = 0;
      expect((await probe.inject('/probe-inner')).json()).toEqual({ inner: true });
      expect(decisions).toEqual(['request']);
      expect(exporter.getFinishedSpans()).toEqual([]);
      unsampled.delete('request');
      exporter.reset();
      decisions.length = 0;
      const traced = await probe.inject('/probe');
      expect(traced.json()).toEqual({ active: true, recording: true });
      // Asked once, before the span: the span itself is sampled on that decision.
      expect(decisions).toEqual(['request']);
      expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['GET /probe']);
      const [span] = exporter.getFinishedSpans();
      expect(span!.kind).toBe(api.SpanKind.SERVER);
      expect(span!.attributes).toMatchObject({
        'http.request.method': 'GET',
        'http.route': '/probe',
        'url.path': '/probe',
        'http.response.status_code': 200,
      });
      // A thrown error marks the request's span failed, with the exception.
      exporter.reset();
      expect((await probe.inject('/probe-fail?x=1')).statusCode).toBe(500);
      const [failed] = exporter.getFinishedSpans();
      expect(failed!.status).toEqual({ code: api.SpanStatusCode.ERROR, message: 'probe failed' });
      expect(failed!.events.map((e) => e.name)).toEqual(['exception']);
      expect(failed!.attributes).toMatchObject({
        'url.path': '/probe-fail',
        'http.response.status_code': 500,
      });
    } finally {
      unsampled.delete('request');
      await probe.close();
    }
  });
});
