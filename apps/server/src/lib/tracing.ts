// OpenTelemetry tracing (docs/observability.md). The official Node SDK with the http, pg
// and ioredis instrumentations and Fastify's own (@fastify/otel), plus our spans for socket
// events, sweeper runs and close stages (withSpan). It starts only when an OTLP endpoint
// is configured, before the server's modules load (entry.ts): the instrumentations patch
// packages as they are loaded, through require hooks and, for ES module imports,
// import-in-the-middle's loader hooks. Without an endpoint nothing here loads any SDK
// code, and withSpan calls straight through.
//
// Most traces are not sampled (docs/observability.md), and the pg, ioredis and outgoing
// http instrumentations do their per-call work (attributes, a span, wrapped promises) under
// any span in the context, recorded or not. So an unsampled request or operation goes on
// in a context without its span: they require a parent span and pass straight through.
// The span is kept aside under its own key, for log lines' ids and for its children's
// sampling decision (a child of an unsampled span is unsampled, not a new trace).
import type {
  Attributes,
  Context,
  Span,
  SpanStatusCode as StatusCodes,
  Tracer,
} from '@opentelemetry/api';
import type { Sampler } from '@opentelemetry/sdk-trace';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

/** Packages whose ES module imports go through the loader hook (the rest need none). */
const HOOKED_PACKAGES = ['pg', 'pg-pool', 'ioredis'];
/** Probes and scrapes are not worth a trace each. */
const UNTRACED_PATHS = new Set(['/api/health', '/api/ready', '/metrics']);

/** A request URL without its query string (which may hold signatures or a phone number). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

interface Tracing {
  tracer: Tracer;
  api: typeof import('@opentelemetry/api');
  /** Where an unsampled span waits while its work goes on without it (the header). */
  asideKey: symbol;
  fastifyPlugin: FastifyPluginAsync;
  flush: () => Promise<void>;
  shutdown: () => Promise<void>;
}

let tracing: Tracing | null = null;

export function tracingConfigured(env: NodeJS.ProcessEnv): boolean {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  return Boolean(endpoint) && env.OTEL_SDK_DISABLED !== 'true';
}

export interface StartTracingOptions {
  env?: NodeJS.ProcessEnv;
  /** Tests: where spans go instead of the OTLP exporter (starts tracing without an endpoint). */
  spanProcessors?: import('@opentelemetry/sdk-trace').SpanProcessor[];
  /** Tests: the sampler instead of the one OTEL_TRACES_SAMPLER names. */
  sampler?: Sampler;
}

/**
 * Starts the SDK when an OTLP endpoint is set (the exporter, protocol, headers and sampler
 * come from the standard OTEL_* variables); returns null, having loaded nothing, otherwise.
 */
export async function startTracing(options: StartTracingOptions = {}): Promise<Tracing | null> {
  const env = options.env ?? process.env;
  if (tracing) return tracing;
  if (!options.spanProcessors && !tracingConfigured(env)) return null;

  const hooks = await import('import-in-the-middle/register-hooks.mjs');
  hooks.register({ include: HOOKED_PACKAGES });
  const [api, { NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, ioredis, fastify] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
      import('@fastify/otel'),
    ]);
  // Fastify's own instrumentation makes each request's server span (continuing a caller's
  // traceparent); a span per hook or for the handler alone would cost more than it tells
  // (bench/tracing.bench.ts).
  const fastifyOtel = new fastify.FastifyOtelInstrumentation({
    instrumentHooks: false,
    instrumentHandler: false,
    ignorePaths: ({ url }) => UNTRACED_PATHS.has(pathOf(url)),
    requestHook: (span, request) => {
      // Most requests are not sampled (docs/observability.md): their span records nothing,
      // so naming it would be work thrown away on every request.
      if (!span.isRecording()) return;
      span.updateName(`${request.method} ${request.routeOptions.url ?? 'unmatched'}`);
      span.setAttribute('url.path', pathOf(request.url));
    },
  });
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || 'bidboard',
    spanProcessors: options.spanProcessors,
    ...(options.sampler ? { sampler: options.sampler } : {}),
    // Traces only: metrics are Prometheus's (/metrics), logs go to stdout. The SDK would
    // otherwise also export the instrumentations' own metrics over OTLP.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Outgoing calls (push services, Twilio, PayPal, the card processor); incoming
      // requests are Fastify's spans above, one server span each instead of two.
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        requireParentforOutgoingSpans: true,
      }),
      // Queries, not pool check-outs: bidboard_db_pool_* already tell how the pool does.
      new PgInstrumentation({
        enhancedDatabaseReporting: false,
        ignoreConnectSpans: true,
        requireParentSpan: true,
      }),
      // Redis commands outside a traced operation (presence renewals, budgets) are noise.
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
      fastifyOtel,
    ],
  });
  sdk.start();
  const asideKey = api.createContextKey('bidboard unsampled span');
  const otelPlugin = fastifyOtel.plugin();
  // @fastify/otel's hook puts each request's span in the context; the hook after it sets an
  // unsampled one aside (the header).
  const fastifyPlugin: FastifyPluginAsync = async (app) => {
    await app.register(otelPlugin);
    app.addHook('onRequest', (_request, _reply, done) => {
      const active = api.context.active();
      const span = api.trace.getSpan(active);
      if (!span || span.isRecording()) return done();
      api.context.with(continueUnder(span, active), done);
    });
  };
  tracing = {
    api,
    asideKey,
    tracer: api.trace.getTracer('bidboard'),
    fastifyPlugin: fp(fastifyPlugin),
    flush: async () => {
      const provider = api.trace.getTracerProvider() as { getDelegate?: () => unknown };
      const delegate = provider.getDelegate?.() as { forceFlush?: () => Promise<void> };
      await delegate?.forceFlush?.();
    },
    shutdown: async () => {
      await sdk.shutdown();
      tracing = null;
    },
  };
  return tracing;
}

/** Sends the spans not exported yet (an app closing: its last requests' spans). */
export async function flushTracing(): Promise<void> {
  await tracing?.flush();
}

/** The Fastify plugin that traces each request's handler; null while tracing is off. */
export function tracingFastifyPlugin(): FastifyPluginAsync | null {
  return tracing?.fastifyPlugin ?? null;
}

/**
 * Runs `fn` inside a span named `name` (a child of the active span, if any), recording a
 * thrown error on it. With tracing off it is `fn()`.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span | null) => Promise<T>,
): Promise<T> {
  if (!tracing) return fn(null);
  const { api, tracer } = tracing;
  const active = api.context.active();
  const span = tracer.startSpan(name, { attributes }, withSpanAsideRestored(active));
  return api.context.with(continueUnder(span, active), async () => {
    try {
      return await fn(span);
    } catch (error) {
      // A refusal with the spec's message is an answer, not a failure of the operation.
      if (error instanceof AppError && error.status < 500) {
        span.setAttribute('bidboard.refused', error.code);
      } else recordError(span, error, api.SpanStatusCode);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The context to run `span`'s work in: with it when recorded, with it set aside if not. */
function continueUnder(span: Span, parent: Context): Context {
  const { api, asideKey } = tracing!;
  if (span.isRecording()) return api.trace.setSpan(parent, span);
  return api.trace.deleteSpan(parent).setValue(asideKey, span);
}

/** `active` with an unsampled span set aside put back: a new span's parent. */
function withSpanAsideRestored(active: Context): Context {
  const { api, asideKey } = tracing!;
  const aside = active.getValue(asideKey) as Span | undefined;
  return aside ? api.trace.setSpan(active, aside) : active;
}

function recordError(span: Span, error: unknown, codes: typeof StatusCodes) {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: codes.ERROR, message: error instanceof Error ? error.message : '' });
}

/** Marks the active span failed (an error answered as a 500, a failed job). */
export function recordErrorOnActiveSpan(error: unknown): void {
  if (!tracing) return;
  const span = tracing.api.trace.getActiveSpan();
  if (span) recordError(span, error, tracing.api.SpanStatusCode);
}

/** The active trace and span ids, for log lines; empty while tracing is off. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  if (!tracing) return {};
  const active = tracing.api.context.active();
  const span = tracing.api.trace.getSpan(active) ?? (active.getValue(tracing.asideKey) as Span);
  const context = span?.spanContext();
  if (!context || !tracing.api.isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}
