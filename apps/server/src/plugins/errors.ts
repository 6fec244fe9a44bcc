// The one error handler: typed domain errors become { message, code } with their
// status, validation failures a readable 400, and anything unexpected a bare 500
// whose details stay in the log (with the request id) and which /metrics counts, so an
// input the edge schemas let through to the database shows up on a dashboard.
import { MESSAGES } from '@bidboard/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { Counter, type Registry } from 'prom-client';
import { ZodError } from 'zod';
import { reportError } from '../lib/error-reporting';
import { AppError, pgErrorCode } from '../lib/errors';

function firstIssueMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.invalidRequest;
  const field = issue.path.join('.');
  const generic = /^(Invalid input|Required)/i.test(issue.message);
  return generic && field ? `${field}: ${issue.message}` : issue.message;
}

export default fp(async function errorsPlugin(app: FastifyInstance, opts: { registry: Registry }) {
  const unhandled = new Counter({
    name: 'http_unhandled_errors_total',
    help: 'Requests answered 500 by an error no handler expected; source: database or code',
    labelNames: ['source', 'sqlstate'],
    registers: [opts.registry],
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ message: error.message, code: error.code, ...error.text });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const text = issue?.message ?? MESSAGES.invalidRequest;
      const generic = /^(Invalid input|Required)/i.test(text);
      const message = generic && field ? `${field}: ${text}` : text;
      return reply.status(400).send({ message, code: 'VALIDATION' });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send({ message: firstIssueMessage(error), code: 'VALIDATION' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: MESSAGES.internal, code: 'INTERNAL' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({ message: MESSAGES.bodyTooLarge, code: 'VALIDATION' });
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({ message: MESSAGES.invalidJson, code: 'VALIDATION' });
    }
    if (error instanceof SyntaxError && (error as { statusCode?: number }).statusCode === 400) {
      return reply.status(400).send({ message: MESSAGES.invalidJson, code: 'VALIDATION' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // A route's own limit may word its refusal (rate-limit's errorResponseBuilder).
      const message = error.message || MESSAGES.tooManyRequests;
      return reply.status(429).send({ message, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: error.message || MESSAGES.invalidRequest, code: 'VALIDATION' });
    }
    const sqlstate = pgErrorCode(error);
    unhandled.inc({ source: sqlstate ? 'database' : 'code', sqlstate: sqlstate ?? '' });
    reportError(error, {
      route: request.routeOptions.url ?? 'unmatched',
      reqId: String(request.id),
    });
    request.log.error(
      { err: error, reqId: request.id, sqlstate },
      sqlstate ? 'unhandled database error' : 'unhandled error',
    );
    return reply.status(500).send({ message: MESSAGES.internal, code: 'INTERNAL' });
  });
});
