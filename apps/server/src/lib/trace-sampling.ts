// Which requests and operations are recorded, decided as cheaply as it can be
// (docs/observability.md, "Tracing"). Loaded only when tracing starts.
//
// @fastify/otel starts a span for every request and only then asks the sampler, so an
// unsampled request would pay for a span, its context and its hooks. Here the sampler is
// asked first, in a hook before @fastify/otel's: an unsampled request is one @fastify/otel
// ignores (its ignorePaths asks `decidedNotToRecord`), and a sampled one carries the
// decision to the SDK, so the span @fastify/otel starts is sampled without a second draw.
//
// What goes on unsampled runs without a span in its context: the pg, ioredis and outgoing
// http instrumentations require a parent span and pass straight through. An unsampled
// span (a caller's, or one of ours) is set aside under its own key, for log lines' ids and
// for its children's sampling (a child of an unsampled span is unsampled, not a new trace).
import {
  type Context,
  context,
  createContextKey,
  propagation,
  type Span,
  SpanKind,
  trace,
} from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  RandomIdGenerator,
  type Sampler,
  SamplingDecision,
  type SamplingResult,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';
import type { onRequestHookHandler } from 'fastify';

const decidedKey = createContextKey('bidboard sampling decided');
const asideKey = createContextKey('bidboard unsampled span');

/**
 * The sampler the standard OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG name, as the SDK
 * reads them (its default: parentbased_always_on; a missing or bad ratio is 1).
 */
export function samplerFromEnv(env: NodeJS.ProcessEnv): Sampler {
  const arg = env.OTEL_TRACES_SAMPLER_ARG?.trim() ?? '';
  const given = Number(arg);
  const ratio = arg !== '' && given >= 0 && given <= 1 ? given : 1;
  switch (env.OTEL_TRACES_SAMPLER?.trim()) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/** `configured`, except inside a request whose decision was made before its span. */
export function honouringDecisions(configured: Sampler): Sampler {
  return {
    shouldSample: (ctx, ...rest) =>
      (ctx.getValue(decidedKey) as SamplingResult | undefined) ??
      configured.shouldSample(ctx, ...rest),
    toString: () => `HonouringDecisions{${configured.toString()}}`,
  };
}

/**
 * An unsampled request's decision, handed to @fastify/otel's onRequest hook: Fastify runs
 * that hook synchronously inside this one's `done()`, so nothing else can read it.
 */
let handedOver: SamplingResult | undefined;

/** The onRequest hook, before @fastify/otel's, that asks `sampler` about each request. */
export function decideBeforeTheSpan(
  sampler: Sampler,
  untraced: (url: string) => boolean,
): onRequestHookHandler {
  const ids = new RandomIdGenerator();
  return (request, _reply, done) => {
    if (untraced(request.url)) return done();
    const parent = propagation.extract(context.active(), request.headers);
    const traceId = trace.getSpanContext(parent)?.traceId ?? ids.generateTraceId();
    const decision = sampler.shouldSample(parent, traceId, 'request', SpanKind.SERVER, {}, []);
    const remote = trace.getSpan(parent);
    if (decision.decision === SamplingDecision.NOT_RECORD && !remote) {
      // Most requests: nothing to carry, so no context of their own (entering one was about
      // half of what tracing still cost an unsampled /me, bench/README.md).
      handedOver = decision;
      try {
        return done();
      } finally {
        handedOver = undefined;
      }
    }
    const next =
      decision.decision === SamplingDecision.NOT_RECORD && remote
        ? setAside(parent, remote)
        : parent;
    context.with(next.setValue(decidedKey, decision), done);
  };
}

/** Whether the active request was decided unsampled (@fastify/otel then ignores it). */
export function decidedNotToRecord(): boolean {
  const decided =
    handedOver ?? (context.active().getValue(decidedKey) as SamplingResult | undefined);
  return decided?.decision === SamplingDecision.NOT_RECORD;
}

/** The context to run `span`'s work in: with it when recorded, with it set aside if not. */
export function continueUnder(span: Span, parent: Context): Context {
  return span.isRecording() ? trace.setSpan(parent, span) : setAside(parent, span);
}

function setAside(parent: Context, span: Span): Context {
  return trace.deleteSpan(parent).setValue(asideKey, span);
}

/** The span of `active`, or the unsampled one set aside there. */
export function currentSpan(active: Context): Span | undefined {
  return trace.getSpan(active) ?? (active.getValue(asideKey) as Span | undefined);
}

/** `active` with an unsampled span set aside put back: a new span's parent. */
export function withAsideRestored(active: Context): Context {
  const aside = active.getValue(asideKey) as Span | undefined;
  return aside ? trace.setSpan(active, aside) : active;
}
