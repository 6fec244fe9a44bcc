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
  ROOT_CONTEXT,
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

/** The onRequest hook, before @fastify/otel's, that asks `sampler` about each request. */
export function decideBeforeTheSpan(
  sampler: Sampler,
  untraced: (url: string) => boolean,
): onRequestHookHandler {
  const ids = new RandomIdGenerator();
  // Most requests: no caller's span, not sampled. They share one context, made once. The
  // request still runs in a context carrying the decision, so a span of ours inside it
  // (the chat send's) is unsampled too instead of starting a trace of its own.
  const unsampledRoot = ROOT_CONTEXT.setValue(decidedKey, NOT_RECORDED);
  return (request, _reply, done) => {
    if (untraced(request.url)) return done();
    const active = context.active();
    const parent = propagation.extract(active, request.headers);
    const traceId = trace.getSpanContext(parent)?.traceId ?? ids.generateTraceId();
    const decision = sampler.shouldSample(parent, traceId, 'request', SpanKind.SERVER, {}, []);
    const remote = trace.getSpan(parent);
    if (decision.decision !== SamplingDecision.NOT_RECORD) {
      return context.with(parent.setValue(decidedKey, decision), done);
    }
    if (remote) return context.with(setAside(parent, remote).setValue(decidedKey, decision), done);
    if (active === ROOT_CONTEXT && parent === active && isPlain(decision)) {
      return context.with(unsampledRoot, done);
    }
    context.with(parent.setValue(decidedKey, decision), done);
  };
}

const NOT_RECORDED: SamplingResult = { decision: SamplingDecision.NOT_RECORD };

/** A decision with nothing of its own to carry (no attributes, no trace state). */
function isPlain(decision: SamplingResult): boolean {
  return !decision.traceState && !decision.attributes;
}

/** Whether the active request was decided unsampled (@fastify/otel then ignores it). */
export function decidedNotToRecord(): boolean {
  const decided = context.active().getValue(decidedKey) as SamplingResult | undefined;
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
