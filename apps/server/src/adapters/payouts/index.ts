// Chooses the payout provider from PAYOUTS_PROVIDER.
import type { Config } from '../../config';
import { ManualPayouts } from './manual.adapter';
import type { PayoutProvider } from './payouts.port';
import { PaypalPayouts } from './paypal.adapter';

export function createPayoutProvider(config: Config): PayoutProvider {
  if (config.PAYOUTS_PROVIDER === 'paypal') {
    return new PaypalPayouts({
      environment: config.PAYPAL_ENVIRONMENT,
      clientId: config.PAYPAL_CLIENT_ID!,
      clientSecret: config.PAYPAL_CLIENT_SECRET!,
      webhookId: config.PAYPAL_WEBHOOK_ID!,
      apiUrl: config.PAYPAL_API_URL,
      timeoutMs: config.PAYMENTS_TIMEOUT_MS,
    });
  }
  return new ManualPayouts();
}
