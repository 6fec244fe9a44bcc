// The app's logger (pino, through Fastify): every line is masked (lib/log-masking), every
// request has a UUID id that an upstream `x-request-id` may supply and that is echoed in
// the response, and the probes a balancer or Prometheus sends every few seconds are not
// logged.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { Config } from '../config';
import { logMixin } from './log-context';
import {
  isSecretKey,
  type MaskedError,
  maskError,
  maskLine,
  maskText,
  maskValue,
  REDACTED,
} from './log-masking';

/** Paths of the liveness, readiness and metrics probes, queried every few seconds. */
const PROBES = new Set(['/api/health', '/api/ready', '/metrics']);

export function isProbe(url: string | undefined): boolean {
  const path = (url ?? '').split('?', 1)[0] ?? '';
  return PROBES.has(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/** An upstream id is kept when it is short, plain and carries nothing the mask would hide. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  if (
    typeof incoming === 'string' &&
    REQUEST_ID.test(incoming) &&
    maskText(incoming) === incoming
  ) {
    return incoming;
  }
  return randomUUID();
}

/** The id goes back to the caller, so a support request can name the log lines it caused. */
export async function echoRequestId(request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
}

/**
 * Keys that pino hands to the serializers below, and ids this server made (lib/log-context:
 * the request id, checked by requestIdFor, and the trace's hex ids); everything else is
 * masked in `log`.
 */
const SERIALIZED = new Set(['req', 'res', 'err', 'reqId', 'trace_id', 'span_id']);

function loggerOptions(level: Config['LOG_LEVEL'], stream?: DestinationStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    mixin: logMixin,
    serializers: {
      // No headers (authorization, cookies), no body: method, masked URL, caller address.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: maskText(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: (error: unknown): MaskedError =>
        error instanceof Error
          ? maskError(error)
          : { type: typeof error, message: maskText(String(error)), stack: '' },
      msg: (message: unknown) => (typeof message === 'string' ? maskText(message) : message),
    },
    formatters: {
      // The request id was checked when it was made (requestIdFor); masking could cut a
      // UUID's digits and break the link between a response header and its lines.
      bindings: ({ reqId, ...bindings }: Record<string, unknown>) => ({
        ...(maskValue(bindings) as Record<string, unknown>),
        ...(reqId === undefined ? {} : { reqId }),
      }),
      log: (object: Record<string, unknown>) => {
        const masked: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(object)) {
          if (SERIALIZED.has(key)) masked[key] = value;
          else masked[key] = isSecretKey(key) ? REDACTED : maskValue(value);
        }
        return masked;
      },
    },
    hooks: { streamWrite: maskLine },
  } satisfies LoggerOptions & { stream?: DestinationStream };
}

const debugOn = (log: FastifyRequest['log']) =>
  (log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled('debug');

/**
 * Request lines: every one at info with ACCESS_LOG=all (an access log); otherwise a
 * sample of completed requests at info and the others at debug, since writing two lines
 * for every request cost about a fifth of a light request's CPU. Errors go through
 * Fastify's own lines either way, and probes are never logged.
 */
class RequestLogController extends LogController {
  constructor(private readonly access: Pick<Config, 'ACCESS_LOG' | 'ACCESS_LOG_SAMPLE'>) {
    super({ disableRequestLogging: (request: { url?: string }) => isProbe(request.url) });
  }

  private everyLine() {
    return this.access.ACCESS_LOG === 'all';
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (this.everyLine()) return super.incomingRequest(request, reply);
    if (this.isLogDisabled(request) || !debugOn(request.log)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error || this.everyLine() || Math.random() < this.access.ACCESS_LOG_SAMPLE) {
      return super.requestCompleted(error, request, reply);
    }
    if (this.isLogDisabled(request) || !debugOn(reply.log)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify's logger, request id and request-logging options. */
export function loggingOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'ACCESS_LOG' | 'ACCESS_LOG_SAMPLE'>,
  stream?: DestinationStream,
) {
  return {
    logger: loggerOptions(config.LOG_LEVEL, stream),
    genReqId: requestIdFor,
    logController: new RequestLogController(config),
  };
}
