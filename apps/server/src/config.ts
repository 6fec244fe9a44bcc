// Every setting, parsed once from the environment. A bad value stops start-up with a
// message naming the variable; defaults make `npm start` work with nothing set.

import {
  DAILY_CLAIM_AMOUNT,
  DEFAULT_LAUNCH_AT,
  PAYEE_RECORD_RETENTION_YEARS,
} from '@bidboard/shared';
import { z } from 'zod';
import { configurationProblems } from './config-checks';
import { parsePayeeIdKeys } from './lib/payee-id-cipher';
import { trustProxySetting } from './lib/trust-proxy';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const seconds = z.coerce.number().int().positive();
/** A duration in milliseconds; 0 where the setting says it turns the limit off. */
const millis = z.coerce
  .number()
  .int()
  .min(0)
  .max(24 * 3600 * 1000);
const timeout = z.coerce
  .number()
  .int()
  .min(1000, 'at least 1000 (milliseconds)')
  .max(3600 * 1000);
const days = z.coerce.number().int().min(0).max(3650);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Request lines ('incoming request', 'request completed'): 'all' at info, as an access
   * log; 'sampled' (default) logs ACCESS_LOG_SAMPLE of the completed requests at info and
   * the rest at debug. Failed requests are always logged.
   */
  ACCESS_LOG: z.enum(['all', 'sampled']).default('sampled'),
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(0.01),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Connections each server's pool may open to PostgreSQL. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  /** Also the longest a query waits for a free connection when the pool is full. */
  DB_CONNECT_TIMEOUT_MS: millis.default(10_000),
  /** Longest a single statement may run (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: millis.default(30_000),
  /** A transaction left idle this long is ended by PostgreSQL, releasing its locks (0: never). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis.default(60_000),
  /** Prefix of each connection's application_name; the host and pid are appended. */
  DB_APPLICATION_NAME: z
    .string()
    .regex(/^[\w.-]{1,30}$/, 'letters, digits, _ . - only, at most 30')
    .default('bidboard'),
  /** Must exceed the balancer's idle keep-alive to the servers, or it meets closed sockets. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: timeout.default(72_000),
  /** Whole request received within this (slow clients cannot hold sockets; 0: no limit). */
  HTTP_REQUEST_TIMEOUT_MS: millis.default(120_000),
  /**
   * After SIGTERM the server answers /api/ready with 503 but keeps serving this long, so
   * the balancer sees it and stops sending before anything is refused (a few check intervals).
   */
  DRAIN_DELAY_MS: millis.default(5000),
  /** After the drain delay, in-flight requests and jobs get this long before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: timeout.default(30_000),
  /** /api/ready gives PostgreSQL and Redis this long to answer before it reports 503. */
  READY_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Calls to Twilio and to push services give up after this. */
  PROVIDER_TIMEOUT_MS: timeout.default(10_000),
  /** Calls to Authorize.Net and PayPal give up after this. */
  PAYMENTS_TIMEOUT_MS: timeout.default(15_000),
  REDIS_URL: z.string().optional(),
  /** Namespaces every Redis key and stream, so deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]{1,64}$/, 'letters, digits, _ - : only')
    .default('bidboard'),
  /**
   * Entries the Socket.IO streams adapter keeps in Redis: a reconnecting client recovers
   * missed events only while they are still in the stream (size it to a few minutes of events).
   */
  SOCKET_ADAPTER_MAX_LENGTH: z.coerce.number().int().min(100).max(10_000_000).default(10_000),
  WEB_DIST: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_SECONDS: seconds.default(30 * 24 * 3600),
  SESSION_ABSOLUTE_SECONDS: seconds.default(90 * 24 * 3600),
  SOCKET_SESSION_SWEEP_SECONDS: seconds.default(15),
  OTP_TTL_SECONDS: seconds.default(300),
  OTP_MAX_ATTEMPTS: seconds.default(5),
  OTP_PHONE_MAX_PER_WINDOW: seconds.default(5),
  OTP_PHONE_WINDOW_SECONDS: seconds.default(15 * 60),
  OTP_IP_MAX_PER_WINDOW: seconds.optional(),
  OTP_IP_WINDOW_SECONDS: seconds.default(15 * 60),
  RATE_LIMIT_MAX: seconds.default(600),
  SOCKET_EVENTS_MAX: seconds.default(100),
  SOCKET_EVENTS_WINDOW_SECONDS: seconds.default(10),
  OTP_ROUTE_MAX_PER_MINUTE: seconds.optional(),
  TEST_OTP_CODE: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional(),
  SMS_PROVIDER: z.enum(['console', 'twilio']).default('console'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  /** Override the API endpoint (a stand-in Twilio for tests run in production mode). */
  TWILIO_API_URL: z
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .default('mailto:support@bidboard.example'),
  ADMIN_PHONES: list.default([]),
  /** Bearer token for /metrics and /api/docs in production (an admin's session works too). */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  SEED_DEMO: bool.optional(),
  AUTO_APPROVE: bool.optional(),
  SWEEPER_ENABLED: bool.default(true),
  /** Development only: POST /api/dev/clock moves the server's clock forward (journeys). */
  DEV_CLOCK: bool.default(false),
  /** This process runs the vision jobs (photo and chat-image screening, face match). */
  VISION_JOBS_ENABLED: bool.default(true),
  /** Load the vision models when the server is ready, not on the first photo a member sends. */
  VISION_PRELOAD: bool.default(true),
  /** Sign-in codes are deleted this long after they expire (never inside the request limits' windows). */
  RETENTION_OTP_DAYS: days.default(7),
  /** Ended sessions (revoked, expired, idle past SESSION_IDLE_SECONDS) are deleted this long after. */
  RETENTION_SESSIONS_DAYS: days.default(30),
  /** Sent, skipped and failed notifications are deleted this long after they were queued. */
  RETENTION_OUTBOX_DAYS: days.default(7),
  /** Finished storage deletions (their record, not the file) are deleted this long after. */
  RETENTION_STORAGE_DELETIONS_DAYS: days.default(30),
  /** Socket bids' request keys and answers (a resent bid's dedupe) are deleted this long after. */
  RETENTION_BID_REQUESTS_DAYS: days.default(1),
  /**
   * Face descriptions (biometric data, issue 42) are deleted at the latest this long after
   * the member's last sign-in; never beyond 3 years (production refuses more).
   */
  BIOMETRIC_RETENTION_DAYS: days.min(1).default(365),
  /**
   * A deleted member's payee profile is kept this many years after the year of their last
   * payout (issue 43): never less than the tax law's period (shared's
   * PAYEE_RECORD_RETENTION_YEARS), which the privacy policy states.
   */
  PAYEE_RECORD_RETENTION_YEARS_US: z.coerce
    .number()
    .int()
    .min(PAYEE_RECORD_RETENTION_YEARS.US)
    .max(10)
    .default(PAYEE_RECORD_RETENTION_YEARS.US),
  PAYEE_RECORD_RETENTION_YEARS_CA: z.coerce
    .number()
    .int()
    .min(PAYEE_RECORD_RETENTION_YEARS.CA)
    .max(10)
    .default(PAYEE_RECORD_RETENTION_YEARS.CA),
  /**
   * Who answers privacy questions and requests (Quebec's Law 25 and PIPEDA require a named
   * privacy officer): the privacy policy and the Privacy Center show it. Locally an example
   * address; production refuses to publish one nobody reads.
   */
  PRIVACY_OFFICER_CONTACT: z.string().trim().min(3).max(200).optional(),
  /** A verification video is deleted this long after its review was decided (approved or rejected). */
  VERIFICATION_VIDEO_RETENTION_DAYS: days.default(30),
  DAILY_CLAIM_AMOUNT: z.coerce.number().int().positive().default(DAILY_CLAIM_AMOUNT),
  MINIMUM_REDEEMABLE_THRESHOLD: z.coerce.number().int().positive().default(500),
  TOKEN_REDEMPTION_MULTIPLIER: z.coerce.number().positive().default(1),
  LAUNCH_AT: z.iso.datetime({ offset: true }).default(DEFAULT_LAUNCH_AT),
  TRUST_PROXY: trustProxySetting.default(false),
  CORS_ORIGINS: list.default([]),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Card payments: `sandbox` is a hosted form served by this server with test cards. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'authnet']).optional(),
  /** The sandbox processor's signed webhook, sent after this delay (the browser usually wins). */
  PAYMENTS_SANDBOX_WEBHOOKS: bool.default(true),
  PAYMENTS_SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
  AUTHNET_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  AUTHNET_API_LOGIN_ID: z.string().optional(),
  AUTHNET_TRANSACTION_KEY: z.string().optional(),
  AUTHNET_SIGNATURE_KEY: z.string().optional(),
  AUTHNET_API_URL: z.url().optional(),
  AUTHNET_FORM_URL: z.url().optional(),
  /** Cash payouts: `manual` waits for an admin to mark each redemption paid or failed. */
  PAYOUTS_PROVIDER: z.enum(['manual', 'paypal']).default('manual'),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  PAYPAL_API_URL: z.url().optional(),
  /**
   * Keys that encrypt taxpayer ids (issue 43), 'id:base64-of-32-bytes' comma-separated: the
   * first seals, all open (docs/payouts.md, rotation). Required in production; elsewhere a
   * key is derived from JWT_SECRET (or DATA_DIR's generated secret).
   */
  PAYEE_ID_KEYS: z
    .string()
    .transform((value, ctx) => {
      const keys = parsePayeeIdKeys(value);
      if (typeof keys !== 'string') return keys;
      ctx.addIssue({ code: 'custom', message: keys });
      return z.NEVER;
    })
    .optional(),
  /** Debian's ffmpeg decodes verification videos for the face match (issue 23). */
  FFMPEG_PATH: z.string().default('ffmpeg'),
  /** Debian's ffprobe checks voice answers' codec and length (issue 44). */
  FFPROBE_PATH: z.string().default('ffprobe'),
  // Read by lib/tracing.ts and lib/error-reporting.ts before this runs; checked here so a
  // mistyped address stops start-up instead of silently sending nothing.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  SENTRY_DSN: z.url().optional(),
});

export type Config = Omit<
  z.infer<typeof schema>,
  | 'SEED_DEMO'
  | 'TEST_OTP_CODE'
  | 'OTP_IP_MAX_PER_WINDOW'
  | 'OTP_ROUTE_MAX_PER_MINUTE'
  | 'AUTO_APPROVE'
  | 'PAYMENTS_PROVIDER'
  | 'PRIVACY_OFFICER_CONTACT'
> & {
  PAYMENTS_PROVIDER: 'sandbox' | 'authnet';
  PRIVACY_OFFICER_CONTACT: string;
  OTP_ROUTE_MAX_PER_MINUTE: number;
  AUTO_APPROVE: boolean;
  SEED_DEMO: boolean;
  TEST_OTP_CODE: string | undefined;
  OTP_IP_MAX_PER_WINDOW: number;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** What the schema makes of the environment, before the settings that depend on others. */
export type ParsedEnvironment = z.infer<typeof schema>;

/**
 * Parses every setting and checks them against each other, then refuses with every
 * problem at once (one line each, naming the variable and the fix), so an operator fixes
 * a deployment in one pass.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const problems: string[] = [];
  const parsed: Record<string, unknown> = {};
  // Field by field, so a bad value elsewhere does not hide the checks between settings.
  for (const [key, field] of Object.entries(schema.shape)) {
    const result = (field as z.ZodType).safeParse(cleaned[key]);
    if (result.success) parsed[key] = result.data;
    else problems.push(...result.error.issues.map((issue) => `${key}: ${issue.message}`));
  }
  // A field that failed is missing here; every check reads its fields as possibly absent.
  const c = parsed as ParsedEnvironment;
  problems.push(...configurationProblems(c));
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const isProduction = c.NODE_ENV === 'production';
  return {
    ...c,
    isProduction,
    PAYMENTS_PROVIDER: c.PAYMENTS_PROVIDER ?? 'sandbox',
    SEED_DEMO: c.SEED_DEMO ?? !isProduction,
    // The local demo approves members as they finish onboarding; production waits for an admin.
    AUTO_APPROVE: c.AUTO_APPROVE ?? !isProduction,
    // The test code is off in production unless an operator sets it on purpose.
    TEST_OTP_CODE: c.TEST_OTP_CODE ?? (isProduction ? undefined : '123456'),
    // Development lets a test suite sign up a few dozen members from one address.
    OTP_IP_MAX_PER_WINDOW: c.OTP_IP_MAX_PER_WINDOW ?? (isProduction ? 20 : 500),
    OTP_ROUTE_MAX_PER_MINUTE: c.OTP_ROUTE_MAX_PER_MINUTE ?? (isProduction ? 30 : 300),
    PRIVACY_OFFICER_CONTACT: c.PRIVACY_OFFICER_CONTACT ?? 'privacy@bidboard.example',
  };
}
