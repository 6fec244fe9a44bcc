// The checks between settings (product rules, "Running for real"). Each problem is one
// line naming the variable, what is wrong and the fix. Production refuses what would lose
// data or leak secrets; the local defaults stay valid everywhere else, so `npm start`, the
// tests and the e2e servers run with nothing set.
import type { ParsedEnvironment } from './config';

type Check = (c: Partial<ParsedEnvironment>) => string | null | false | undefined;

const E164_NANP = /^\+1\d{10}$/;

/** Wherever the server runs: a provider chosen without what it needs to work. */
const everywhere: Check[] = [
  (c) =>
    c.SMS_PROVIDER === 'twilio' &&
    (!c.TWILIO_ACCOUNT_SID || !c.TWILIO_AUTH_TOKEN) &&
    'TWILIO_ACCOUNT_SID: required with SMS_PROVIDER=twilio (and TWILIO_AUTH_TOKEN): copy both from the Twilio console',
  (c) =>
    c.SMS_PROVIDER === 'twilio' &&
    !c.TWILIO_FROM &&
    !c.TWILIO_MESSAGING_SERVICE_SID &&
    'TWILIO_FROM: required with SMS_PROVIDER=twilio (or TWILIO_MESSAGING_SERVICE_SID): set the sending number',
  (c) =>
    c.STORAGE_DRIVER === 's3' &&
    !c.S3_BUCKET &&
    'S3_BUCKET: required with STORAGE_DRIVER=s3: set the bucket name',
  (c) =>
    Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY) &&
    `${c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: set together with ${c.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'}: both halves of one pair (npx web-push generate-vapid-keys)`,
  (c) => {
    if (c.PAYMENTS_PROVIDER !== 'authnet') return null;
    const missing = (
      ['AUTHNET_API_LOGIN_ID', 'AUTHNET_TRANSACTION_KEY', 'AUTHNET_SIGNATURE_KEY'] as const
    ).find((key) => !c[key]);
    return (
      missing &&
      `${missing}: required with PAYMENTS_PROVIDER=authnet: copy it from the merchant interface`
    );
  },
  (c) => {
    if (c.PAYOUTS_PROVIDER !== 'paypal') return null;
    const missing = (
      ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const
    ).find((key) => !c[key]);
    return (
      missing && `${missing}: required with PAYOUTS_PROVIDER=paypal: copy it from the PayPal app`
    );
  },
  (c) => {
    // The entry's position, never the number: this message goes to the log.
    const bad = (c.ADMIN_PHONES ?? []).findIndex((phone) => !E164_NANP.test(phone));
    return (
      bad >= 0 &&
      `ADMIN_PHONES: entry ${bad + 1} is not a number as members sign in with it: write +1 and 10 digits (e.g. +12015550100)`
    );
  },
];

/** Three years: the longest any biometric law allows face data to be kept. */
const MAX_BIOMETRIC_RETENTION_DAYS = 1095;

/** Production only: settings that would lose data, leak secrets or differ between servers. */
const inProduction: Check[] = [
  (c) =>
    !c.DATABASE_URL &&
    'DATABASE_URL: required in production (without it the data lives in an embedded database inside this one server): set postgres://user:password@host:5432/bidboard',
  (c) =>
    c.SMS_PROVIDER === 'console' &&
    'SMS_PROVIDER: console writes every sign-in code to the log and sends nothing: set SMS_PROVIDER=twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
  (c) =>
    !c.JWT_SECRET &&
    'JWT_SECRET: required in production (a generated key differs per server and signs codes too): set 32+ random characters, e.g. openssl rand -base64 48',
  (c) =>
    !c.VAPID_PUBLIC_KEY &&
    !c.VAPID_PRIVATE_KEY &&
    'VAPID_PUBLIC_KEY: required in production with VAPID_PRIVATE_KEY (generated keys differ per server, so pushes fail on the others): set the pair printed by npx web-push generate-vapid-keys',
  (c) =>
    !c.PAYMENTS_PROVIDER &&
    'PAYMENTS_PROVIDER: required in production (sandbox approves test cards): set authnet with AUTHNET_*',
  (c) =>
    c.PAYMENTS_PROVIDER === 'sandbox' &&
    'PAYMENTS_PROVIDER: sandbox approves test cards, so anyone mints purchased tokens a partner can cash out: set PAYMENTS_PROVIDER=authnet with AUTHNET_*',
  // Never the code itself: this line goes to the log.
  (c) =>
    c.TEST_OTP_CODE !== undefined &&
    'TEST_OTP_CODE: signs the test number in with a fixed code, so anyone can sign in as it: unset TEST_OTP_CODE',
  (c) =>
    c.DEV_CLOCK === true &&
    'DEV_CLOCK: lets anyone move the server clock forward (expiring sessions, closing periods): unset DEV_CLOCK',
  (c) =>
    c.AUTO_APPROVE === true &&
    'AUTO_APPROVE: true approves every member as they finish onboarding, before an admin sees their photos and video: unset AUTO_APPROVE (admins approve in /admin)',
  (c) =>
    c.STORAGE_DRIVER !== 's3' &&
    c.REDIS_URL &&
    'STORAGE_DRIVER: local keeps files on this server while REDIS_URL means several servers (the others cannot serve them): set STORAGE_DRIVER=s3 with S3_BUCKET',
  // Illinois (BIPA) allows biometric data at most 3 years after the last interaction.
  (c) =>
    (c.BIOMETRIC_RETENTION_DAYS ?? 0) > MAX_BIOMETRIC_RETENTION_DAYS &&
    `BIOMETRIC_RETENTION_DAYS: ${c.BIOMETRIC_RETENTION_DAYS} days keeps face data beyond 3 years after the last sign-in: set ${MAX_BIOMETRIC_RETENTION_DAYS} or fewer (the default is 365)`,
  (c) =>
    !c.PAYEE_ID_KEYS &&
    'PAYEE_ID_KEYS: required in production (taxpayer ids are encrypted with it, and a key derived from JWT_SECRET would be lost with a JWT_SECRET rotation): set k1:<32 random bytes in base64>, e.g. k1:$(openssl rand -base64 32)',
  (c) =>
    !c.METRICS_TOKEN &&
    'METRICS_TOKEN: required in production (operators read /metrics and /api/docs with it): set 24+ random characters and give it to the Prometheus scrape job',
  (c) =>
    !c.PRIVACY_OFFICER_CONTACT &&
    'PRIVACY_OFFICER_CONTACT: required in production (the privacy policy names the privacy officer members write to, as Law 25 and PIPEDA ask; the local example address reaches no one): set the name and address of the person responsible',
];

export function configurationProblems(c: Partial<ParsedEnvironment>): string[] {
  const checks = c.NODE_ENV === 'production' ? [...everywhere, ...inProduction] : everywhere;
  return checks.map((check) => check(c)).filter((line): line is string => Boolean(line));
}
