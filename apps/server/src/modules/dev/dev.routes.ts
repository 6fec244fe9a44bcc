// Development-only: the last code the console SMS adapter "sent" to a number, and the
// last text whole; the idle-socket check run on demand; with DEV_CLOCK, the server's clock
// moved forward (a journey's 'next day'). Registered only with SMS_PROVIDER=console outside
// production.
import {
  devClockBody,
  devClockResponse,
  disconnectIdleBody,
  disconnectIdleResponse,
  errorResponseSchema,
  MESSAGES,
  otpOutboxQuery,
  otpOutboxResponse,
  smsOutboxResponse,
} from '@bidboard/shared';
import type { ConsoleSmsSender } from '../../adapters/sms/console.adapter';
import { badRequest, notFound } from '../../lib/errors';
import type { FastifyZodApp } from '../../lib/fastify';
import type { MovableClock } from '../../lib/movable-clock';
import { requirePhone } from '../auth/phone';
import type { Presence } from '../presence/presence';

export async function devRoutes(
  app: FastifyZodApp,
  {
    sms,
    presence,
    devClock,
  }: { sms: ConsoleSmsSender; presence: Presence; devClock: MovableClock | undefined },
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
  app.get(
    '/dev/sms-outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: otpOutboxQuery,
        response: { 200: smsOutboxResponse, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const phone = requirePhone(request.query.phone);
      const entry = sms.lastTo(phone);
      if (!entry) throw notFound(MESSAGES.noTextSent);
      return { phone, body: entry.body, sentAt: entry.sentAt.toISOString() };
    },
  );
  if (devClock) {
    app.post(
      '/dev/clock',
      {
        schema: {
          tags: ['dev'],
          body: devClockBody,
          response: { 200: devClockResponse, 400: errorResponseSchema },
        },
      },
      async (request) => {
        if (!devClock.moveTo(new Date(request.body.now)))
          throw badRequest('VALIDATION', MESSAGES.clockOnlyForward);
        return { now: devClock.now().toISOString() };
      },
    );
  }
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
