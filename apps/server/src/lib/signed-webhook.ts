// A provider's webhook (the card processor, PayPal): the provider signs the exact bytes it
// sent, so the JSON body stays a string until the adapter has verified it. A bad signature
// is a 401 and a provider that cannot be reached to confirm the event a 503, so the
// provider sends the event again later.
import { PAYMENT_MESSAGES } from '@bidboard/shared';
import { WebhookSignatureError } from '../adapters/payments/payments.port';
import { AppError } from './errors';
import type { FastifyZodApp } from './fastify';

export interface SignedWebhook {
  path: string;
  tags: string[];
  /** Verifies and applies one event; answers what the route returns. */
  handle: (raw: string, headers: Record<string, string | undefined>) => Promise<unknown>;
  /** The adapter's error for a provider it could not reach. */
  unavailable: new (
    ...args: never[]
  ) => Error;
}

export function registerSignedWebhook(app: FastifyZodApp, webhook: SignedWebhook) {
  return app.register(async (webhooks) => {
    webhooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhooks.post(
      webhook.path,
      {
        config: { rateLimit: { max: 1000, timeWindow: '1 minute' } },
        schema: { tags: webhook.tags, hide: true },
      },
      async (request) => {
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
        );
        try {
          return await webhook.handle(
            typeof request.body === 'string' ? request.body : '',
            headers,
          );
        } catch (error) {
          if (error instanceof WebhookSignatureError) {
            throw new AppError('WEBHOOK_SIGNATURE_INVALID', 401, PAYMENT_MESSAGES.signatureInvalid);
          }
          if (error instanceof webhook.unavailable) {
            throw new AppError('PAYMENT_PROVIDER_ERROR', 503, PAYMENT_MESSAGES.providerError);
          }
          throw error;
        }
      },
    );
  });
}
