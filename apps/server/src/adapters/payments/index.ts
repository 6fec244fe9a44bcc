// Chooses the card processor from PAYMENTS_PROVIDER.
import { PRODUCT_NAME } from '@bidboard/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import type { Secrets } from '../../lib/secrets';
import { AuthnetGateway } from './authnet.adapter';
import type { PaymentGateway } from './payments.port';
import { SandboxGateway, type SandboxWebhookOptions } from './sandbox/sandbox.gateway';

export interface GatewayDeps {
  db: Db;
  clock: Clock;
  secrets: Secrets;
  sandboxWebhooks: Pick<SandboxWebhookOptions, 'target' | 'onError'>;
}

export function createPaymentGateway(config: Config, deps: GatewayDeps): PaymentGateway {
  if (config.PAYMENTS_PROVIDER === 'authnet') {
    return new AuthnetGateway({
      environment: config.AUTHNET_ENVIRONMENT,
      apiLoginId: config.AUTHNET_API_LOGIN_ID!,
      transactionKey: config.AUTHNET_TRANSACTION_KEY!,
      signatureKey: config.AUTHNET_SIGNATURE_KEY!,
      apiUrl: config.AUTHNET_API_URL,
      formUrl: config.AUTHNET_FORM_URL,
      merchantName: PRODUCT_NAME,
      timeoutMs: config.PAYMENTS_TIMEOUT_MS,
    });
  }
  return new SandboxGateway({
    db: deps.db,
    clock: deps.clock,
    signatureKey: deps.secrets.paymentsSandboxKey,
    merchantName: PRODUCT_NAME,
    webhooks: {
      enabled: config.PAYMENTS_SANDBOX_WEBHOOKS,
      delayMs: config.PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS,
      ...deps.sandboxWebhooks,
    },
  });
}
