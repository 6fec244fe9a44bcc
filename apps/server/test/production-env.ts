// A complete, safe production environment for tests that need NODE_ENV=production: each
// production refusal (config-checks) has what it asks for. Test apps still run on their own
// test database and console SMS outbox (test/app.ts), whatever these name.
import { randomBytes } from 'node:crypto';
import { webPush } from '../src/adapters/push/web-push-module';

let vapid: { publicKey: string; privateKey: string } | undefined;

export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  vapid ??= webPush().generateVAPIDKeys();
  return {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://bidboard@127.0.0.1:5432/bidboard',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
    TWILIO_AUTH_TOKEN: randomBytes(16).toString('hex'),
    TWILIO_FROM: '+12015550000',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PAYMENTS_PROVIDER: 'authnet',
    AUTHNET_API_LOGIN_ID: 'login',
    AUTHNET_TRANSACTION_KEY: randomBytes(8).toString('hex'),
    AUTHNET_SIGNATURE_KEY: randomBytes(64).toString('hex'),
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    PAYEE_ID_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    PRIVACY_OFFICER_CONTACT: 'Privacy Officer, privacy@operator.example',
    ...overrides,
  };
}
