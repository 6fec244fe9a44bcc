// Which requests and operations are recorded, decided as cheaply as it can be
// (docs/observability.md, "Tracing"), and each sampled request's server span. Loaded only
// when tracing starts.
//
// The sampler is asked before a request has a span, in the first onRequest hook: an
// unsampled request gets no span and no tracing hook work after that one (Fastify's own
// instrumentation, @fastify/otel, started a span for every request before asking, and
// ran its hooks, with a frozen copy of the route's options, on every request and reply,
// sampled or not); a sampled one gets its server span on that decision, without a second
// draw. The caller's trace context is read from the headers only when the request carries
// one of the propagators' headers.
//
// What goes on unsampled runs without a span in its context: the pg, ioredis and outgoing
// http instrumentations require a parent span and pass straight through. An unsampled
// span (a caller's, or one of ours) is set aside under its own key, for log lines' ids and
// for its children's sampling (a child of an unsampled span is unsampled, not a new trace).
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
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
import type {
  FastifyRequest,
  onErrorHookHandler,
  onRequestHookHandler,
  onResponseHookHandler,
} from 'fastify';

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

const requestSpanKey = Symbol('bidboard request span');
type Traced = FastifyRequest & { [requestSpanKey]?: { span: Span; failed: boolean } };

/** A request URL without its query string (which may hold signatures or a phone number). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The hooks that trace requests: onRequest (first of all) asks `sampler` about each request
 * and starts a sampled one's server span, named by its route; onError records a thrown
 * error on it; onResponse ends it with the status code.
 */
export function requestSpans(
  tracer: Tracer,
  sampler: Sampler,
  untraced: (url: string) => boolean,
): {
  onRequest: onRequestHookHandler;
  onError: onErrorHookHandler;
  onResponse: onResponseHookHandler;
} {
  const ids = new RandomIdGenerator();
  // Most requests: no caller's span, not sampled. They share one context, made once. The
  // request still runs in a context carrying the decision, so a span of ours inside it
  // (the chat send's) is unsampled too instead of starting a trace of its own.
  const unsampledRoot = ROOT_CONTEXT.setValue(decidedKey, NOT_RECORDED);
  // The headers the configured propagators read (traceparent, tracestate, baggage by
  // default): a request with none of them carries no caller's context to extract.
  const fields = propagation.fields();
  const carriesContext = (headers: FastifyRequest['headers']) => {
    for (const field of fields) if (headers[field] !== undefined) return true;
    return false;
  };
  const onRequest: onRequestHookHandler = (request, _reply, done) => {
    if (untraced(request.url)) return done();
    const active = context.active();
    const parent = carriesContext(request.headers)
      ? propagation.extract(active, request.headers)
      : active;
    const traceId = trace.getSpanContext(parent)?.traceId ?? ids.generateTraceId();
    const decision = sampler.shouldSample(parent, traceId, 'request', SpanKind.SERVER, {}, []);
    const remote = trace.getSpan(parent);
    if (decision.decision === SamplingDecision.NOT_RECORD) {
      if (remote) {
        return context.with(setAside(parent, remote).setValue(decidedKey, decision), done);
      }
      if (active === ROOT_CONTEXT && parent === active && isPlain(decision)) {
        return context.with(unsampledRoot, done);
      }
      return context.with(parent.setValue(decidedKey, decision), done);
    }
    const decided = parent.setValue(decidedKey, decision);
    const route = request.routeOptions.url;
    const attributes: Attributes = {
      'http.request.method': request.method,
      'url.path': pathOf(request.url),
    };
    if (route !== undefined) attributes['http.route'] = route;
    const span = tracer.startSpan(
      `${request.method} ${route ?? 'unmatched'}`,
      { kind: SpanKind.SERVER, attributes },
      decided,
    );
    (request as Traced)[requestSpanKey] = { span, failed: false };
    context.with(trace.setSpan(decided, span), done);
  };
  const onError: onErrorHookHandler = (request, _reply, error, done) => {
    const traced = (request as Traced)[requestSpanKey];
    if (traced) {
      traced.failed = true;
      traced.span.recordException(error);
      traced.span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    }
    done();
  };
  const onResponse: onResponseHookHandler = (request, reply, done) => {
    const traced = (request as Traced)[requestSpanKey];
    if (traced) {
      (request as Traced)[requestSpanKey] = undefined;
      // A 5xx that threw nothing (reply.code(500).send()) is marked failed here.
      if (reply.statusCode >= 500 && !traced.failed) {
        traced.span.setStatus({ code: SpanStatusCode.ERROR });
      }
      traced.span.setAttribute('http.response.status_code', reply.statusCode);
      traced.span.end();
    }
    done();
  };
  return { onRequest, onError, onResponse };
}

const NOT_RECORDED: SamplingResult = { decision: SamplingDecision.NOT_RECORD };

/** A decision with nothing of its own to carry (no attributes, no trace state). */
function isPlain(decision: SamplingResult): boolean {
  return !decision.traceState && !decision.attributes;
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
