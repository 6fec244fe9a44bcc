// Builds the real app on a fresh test database, with the console SMS adapter so tests
// read codes from its outbox.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { User } from '@bidboard/shared';
import { createPaymentGateway } from '../src/adapters/payments';
import type { PaymentGateway } from '../src/adapters/payments/payments.port';
import type { PayoutProvider } from '../src/adapters/payouts/payouts.port';
import type { PushNetworkOptions } from '../src/adapters/push';
import type { PushSender } from '../src/adapters/push/push.port';
import { ConsoleSmsSender } from '../src/adapters/sms/console.adapter';
import type { Vision } from '../src/adapters/vision/vision.port';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Clock } from '../src/lib/context';
import type { MovableClock } from '../src/lib/movable-clock';
import { loadSecrets } from '../src/lib/secrets';
import { createSession } from '../src/modules/auth/session.service';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: TestDatabase;
  sms: ConsoleSmsSender;
  config: ReturnType<typeof loadConfig>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  /** DEV_CLOCK's movable clock (the app's clock, moved by /api/dev/clock). */
  devClock?: MovableClock;
  poolSize?: number;
  /** Wraps the configured card processor, e.g. to make it slow or unreachable. */
  payments?: (gateway: PaymentGateway) => PaymentGateway;
  payouts?: PayoutProvider;
  push?: PushSender;
  /** Push DNS and address policy; by default `*.example` names resolve to a public address. */
  pushNetwork?: PushNetworkOptions;
  /** A vision adapter the test owns (and closes); by default the app's own, started lazily. */
  vision?: Vision;
  /** Receives every log line the app writes (set LOG_LEVEL too: tests default to silent). */
  logStream?: { write(line: string): void };
  /**
   * A database the test owns (and closes) to build this app on, for a file that builds
   * several apps: on PGlite, loading a fresh database is most of an app's cost (seconds on
   * two busy cores). By default the app gets a fresh one of its own.
   */
  database?: TestDatabase;
}

/** Tests never look names up on the internet: `*.example` is public, the rest unknown. */
export async function offlineResolve(host: string): Promise<string[]> {
  if (host.endsWith('.example')) return ['93.184.216.34'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase({ poolSize: options.poolSize }));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bidboard-test-')),
    SEED_DEMO: 'false',
    // The model jobs run where a test asks for them (runDueVisionJobs), not on a timer.
    VISION_JOBS_ENABLED: 'false',
    VISION_PRELOAD: 'false',
    // Test runs sharing the machine's Redis must not hear each other's socket events.
    REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}`,
    ...env,
  });
  const sms = new ConsoleSmsSender(() => {});
  const payments = options.payments?.(
    createPaymentGateway(config, {
      db: database.db,
      clock: options.clock ?? (() => new Date()),
      secrets: loadSecrets(config),
      sandboxWebhooks: { target: () => null, onError: () => {} },
    }),
  );
  const app = await buildApp({
    config,
    database,
    sms,
    clock: options.clock,
    ...(options.devClock ? { devClock: options.devClock } : {}),
    payments,
    payouts: options.payouts,
    push: options.push,
    pushNetwork: options.pushNetwork ?? { resolve: offlineResolve },
    vision: options.vision,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    sms,
    config,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** Requests a code for a phone and returns it from the console outbox. */
export async function requestCodeFor(t: TestApp, phone: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-otp',
    payload: { phone_number: phone },
  });
  if (res.statusCode !== 200) throw new Error(`request-otp ${res.statusCode}: ${res.body}`);
  return t.sms.lastTo(phone)!.code!;
}

/** Signs a phone in (joining with `referredBy` when new) and returns the token and user. */
export async function signIn(t: TestApp, phone: string, referredBy?: string) {
  const otp = await requestCodeFor(t, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-otp',
    payload: { phone_number: phone, otp, referred_by: referredBy },
  });
  if (res.statusCode !== 200) throw new Error(`verify-otp ${res.statusCode}: ${res.body}`);
  return res.json() as { token: string; user: User };
}

/**
 * Bearer tokens for members signed in on `t`'s app (its key and lifetimes), through the
 * app's own session code: a session each, as sign-in makes them.
 */
export function sessionTokensFor(
  t: Pick<TestApp, 'config' | 'database'>,
  memberIds: readonly number[],
  clock: Clock = () => new Date(),
): Promise<string[]> {
  const settings = {
    key: loadSecrets(t.config).jwtKey,
    idleSeconds: t.config.SESSION_IDLE_SECONDS,
    absoluteSeconds: t.config.SESSION_ABSOLUTE_SECONDS,
    clock,
  };
  return Promise.all(memberIds.map((id) => createSession(t.database.db, settings, id)));
}
