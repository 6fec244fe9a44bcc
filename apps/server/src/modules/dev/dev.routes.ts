// Development-only: the last code the console SMS adapter "sent" to a number, and the
// idle-socket check run on demand. Registered only with SMS_PROVIDER=console outside
// production.
import {
  disconnectIdleBody,
  disconnectIdleResponse,
  errorResponseSchema,
  MESSAGES,
  otpOutboxQuery,
  otpOutboxResponse,
} from '@bidboard/shared';
import type { ConsoleSmsSender } from '../../adapters/sms/console.adapter';
import { notFound } from '../../lib/errors';
import type { FastifyZodApp } from '../../lib/fastify';
import { requirePhone } from '../auth/phone';
import type { Presence } from '../presence/presence';

export async function devRoutes(
  app: FastifyZodApp,
  { sms, presence }: { sms: ConsoleSmsSender; presence: Presence },
) {
  app.get(
    '/dev/otp-outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: otpOutboxQuery,
        response: { 200: otpOutboxResponse, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const phone = requirePhone(request.query.phone);
      const entry = sms.lastTo(phone);
      if (!entry?.code) throw notFound(MESSAGES.noCodeSent);
      return { phone, code: entry.code, sentAt: entry.sentAt.toISOString() };
    },
  );
  app.post(
    '/dev/presence/disconnect-idle',
    {
      schema: {
        tags: ['dev'],
        body: disconnectIdleBody,
        response: { 200: disconnectIdleResponse, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      closed: await presence.disconnectIdle({
        limitMs: request.body.idleMs,
        userId: request.body.userId,
      }),
    }),
  );
}
