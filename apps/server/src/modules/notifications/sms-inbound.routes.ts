// Twilio's inbound-message webhook. Twilio posts form-encoded fields; the parser for them is
// registered inside this plugin only, so the rest of the API stays JSON-only. Every request
// must carry a valid X-Twilio-Signature, except with the console provider outside
// production, where a developer posts STOP by hand. A production server with the console
// provider has no auth token to check against, so it refuses every request.
import { inboundSmsBody } from '@bidboard/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forbidden } from '../../lib/errors';
import type { FastifyZodApp } from '../../lib/fastify';
import { handleInboundSms } from './sms-inbound.service';
import { isValidTwilioSignature } from './twilio-signature';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export async function smsInboundRoutes(
  app: FastifyZodApp,
  { db, config }: { db: Db; config: Config },
) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post(
    '/sms/inbound',
    {
      schema: { tags: ['notifications'], body: inboundSmsBody },
      preValidation: async (request) => {
        if (config.SMS_PROVIDER === 'console' && !config.isProduction) return;
        // Without an auth token anyone could sign with the empty key.
        if (!config.TWILIO_AUTH_TOKEN) throw forbidden();
        // Twilio signs the public URL it called, which a proxy may not pass on as-is.
        const base = config.PUBLIC_URL
          ? config.PUBLIC_URL.replace(/\/$/, '')
          : `${request.protocol}://${request.host}`;
        const params = (request.body ?? {}) as Record<string, string>;
        const signature = request.headers['x-twilio-signature'];
        const valid = isValidTwilioSignature(
          config.TWILIO_AUTH_TOKEN,
          `${base}${request.url}`,
          params,
          typeof signature === 'string' ? signature : undefined,
        );
        if (!valid) throw forbidden();
      },
    },
    async (request, reply) => {
      await handleInboundSms(db, request.body.From, request.body.Body);
      return reply.type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );
}
