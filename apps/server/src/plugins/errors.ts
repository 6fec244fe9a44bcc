// The one error handler: typed domain errors become { message, code } with their
// status, validation failures a readable 400, and anything unexpected a bare 500
// whose details stay in the log.
import { MESSAGES } from '@bidboard/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors';

function firstIssueMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.invalidRequest;
  const field = issue.path.join('.');
  const generic = /^(Invalid input|Required)/i.test(issue.message);
  return generic && field ? `${field}: ${issue.message}` : issue.message;
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ message: error.message, code: error.code });
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
      return reply.status(429).send({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: error.message || MESSAGES.invalidRequest, code: 'VALIDATION' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.internal, code: 'INTERNAL' });
  });
});
