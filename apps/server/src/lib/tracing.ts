// OpenTelemetry tracing (docs/observability.md). The official Node SDK with the http, pg
// and ioredis instrumentations, a server span for each sampled request (trace-sampling.ts),
// plus our spans for socket events, sweeper runs and close stages (withSpan). It starts only when an OTLP endpoint
// is configured, before the server's modules load (entry.ts): the instrumentations patch
// packages as they are loaded, through require hooks and, for ES module imports,
// import-in-the-middle's loader hooks. Without an endpoint nothing here loads any SDK
// code, and withSpan calls straight through. Sampling is decided before a request's span
// exists, and unsampled work runs without a span in its context (trace-sampling.ts).
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

interface Tracing {
  tracer: Tracer;
  api: typeof import('@opentelemetry/api');
  sampling: typeof import('./trace-sampling');
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
  const [api, sampling, { NodeSDK }, { HttpInstrumentation }, { PgInstrumentation }, ioredis] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('./trace-sampling'),
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
    ]);
  const untraced = (url: string) => UNTRACED_PATHS.has(sampling.pathOf(url));
  const sampler = options.sampler ?? sampling.samplerFromEnv(env);
  // Queries, not pool check-outs: bidboard_db_pool_* already tell how the pool does.
  const pg = new PgInstrumentation({
    enhancedDatabaseReporting: false,
    ignoreConnectSpans: true,
    requireParentSpan: true,
  });
  // Its pool metrics would go to OpenTelemetry's meter, which records nothing here (traces
  // only, below); yet the listeners it adds to a pool the first time a traced query checks
  // out a connection would then run on every check-out and return, traced or not.
  (pg as unknown as { _setPoolConnectEventListeners: () => void })._setPoolConnectEventListeners =
    () => {};
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || 'bidboard',
    spanProcessors: options.spanProcessors,
    sampler: sampling.honouringDecisions(sampler),
    // Traces only: metrics are Prometheus's (/metrics), logs go to stdout. The SDK would
    // otherwise also export the instrumentations' own metrics over OTLP.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Outgoing calls (push services, Twilio, PayPal, the card processor); incoming
      // requests get our server span (trace-sampling.ts), one each instead of two.
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        requireParentforOutgoingSpans: true,
      }),
      pg,
      // Redis commands outside a traced operation (presence renewals, budgets) are noise.
      new ioredis.IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  const tracer = api.trace.getTracer('bidboard');
  const fastifyPlugin: FastifyPluginAsync = async (app) => {
    // Each sampled request's server span, named by its route (a span per hook or for the
    // handler alone would cost more than it tells: bench/tracing.bench.ts). onRequest is
    // the app's first hook: this plugin is registered before every other.
    const hooks = sampling.requestSpans(tracer, sampler, untraced);
    app.addHook('onRequest', hooks.onRequest);
    app.addHook('onError', hooks.onError);
    app.addHook('onResponse', hooks.onResponse);
  };
  tracing = {
    api,
    sampling,
    tracer,
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
  const { api, tracer, sampling } = tracing;
  const active = api.context.active();
  const span = tracer.startSpan(name, { attributes }, sampling.withAsideRestored(active));
  return api.context.with(sampling.continueUnder(span, active), async () => {
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

/**
 * The active context when its span is recorded (a sampled request's or operation's); null
 * otherwise and while tracing is off. A statement placing many members' bids at once runs
 * under the first such bidder's, so a sampled bid's trace keeps its SQL.
 */
export function recordedContext(): object | null {
  if (!tracing) return null;
  const active = tracing.api.context.active();
  return tracing.api.trace.getSpan(active)?.isRecording() ? active : null;
}

/** Runs `fn` in a context `recordedContext` gave. */
export function runInContext<T>(recorded: object, fn: () => T): T {
  if (!tracing) return fn();
  return tracing.api.context.with(recorded as Context, fn);
}

/** The active trace and span ids, for log lines; empty while tracing is off. */
export function traceIds(): { trace_id?: string; span_id?: string } {
  if (!tracing) return {};
  const { api, sampling } = tracing;
  const context = sampling.currentSpan(api.context.active())?.spanContext();
  if (!context || !api.isSpanContextValid(context)) return {};
  return { trace_id: context.traceId, span_id: context.spanId };
}
