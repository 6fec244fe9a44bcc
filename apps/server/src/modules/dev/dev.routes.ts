// Development-only: the last code the console SMS adapter "sent" to a number.
// Registered only with SMS_PROVIDER=console outside production.
import { errorResponseSchema, MESSAGES, otpOutboxQuery, otpOutboxResponse } from '@bidboard/shared';
import type { ConsoleSmsSender } from '../../adapters/sms/console.adapter';
import { notFound } from '../../lib/errors';
import type { FastifyZodApp } from '../../lib/fastify';
import { requirePhone } from '../auth/phone';

export async function devRoutes(app: FastifyZodApp, { sms }: { sms: ConsoleSmsSender }) {
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
}
