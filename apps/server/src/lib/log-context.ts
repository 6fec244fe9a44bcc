// What every log line carries besides its message: the request it belongs to and, while
// tracing is on, the trace and span. Fastify binds the request id to request.log itself;
// lines written through app.log (services, adapters) during a request get it from here.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { symbols } from 'pino';
import { traceIds } from './tracing';

const requestIds = new AsyncLocalStorage<string>();

/** An onRequest hook: the rest of the request runs with its id in context. */
export function bindRequestId(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  requestIds.run(String(request.id), done);
}

/** pino's mixin: adds reqId (unless the logger already binds it) and the trace ids. */
export function logMixin(
  _merge: object,
  _level: number,
  logger?: unknown,
): { reqId?: string; trace_id?: string; span_id?: string } {
  const ids = traceIds();
  const reqId = requestIds.getStore();
  if (reqId === undefined) return ids;
  const bindings = (logger as Record<symbol, string> | undefined)?.[symbols.chindingsSym];
  return bindings?.includes('"reqId"') ? ids : { ...ids, reqId };
}
