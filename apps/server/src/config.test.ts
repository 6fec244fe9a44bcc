import { describe, expect, it } from 'vitest';
import { productionEnv } from '../test/production-env';
import { ConfigError, loadConfig } from './config';

/** The problem lines of a refused configuration (the header line left out). */
function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim());
  }
  return [];
}

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      AUTO_APPROVE: true,
      TEST_OTP_CODE: '123456',
      TRUST_PROXY: false,
      DB_POOL_SIZE: 20,
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '5' })).toThrow(/PROVIDER_TIMEOUT_MS/);
  });

  it('turns the test code and demo data off in production', () => {
    const config = loadConfig(productionEnv());
    expect(config.TEST_OTP_CODE).toBeUndefined();
    expect(config.SEED_DEMO).toBe(false);
    expect(config.AUTO_APPROVE).toBe(false);
  });

  it('needs a card processor chosen in production, and each provider its credentials', () => {
    const { PAYMENTS_PROVIDER: _, ...withoutProcessor } = productionEnv();
    expect(problems(withoutProcessor)).toEqual([
      expect.stringMatching(/^PAYMENTS_PROVIDER: required in production/),
    ]);
    expect(loadConfig({}).PAYMENTS_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'authnet' })).toThrow(/AUTHNET_API_LOGIN_ID/);
    expect(() =>
      loadConfig({
        PAYMENTS_PROVIDER: 'authnet',
        AUTHNET_API_LOGIN_ID: 'login',
        AUTHNET_TRANSACTION_KEY: 'key',
      }),
    ).toThrow(/AUTHNET_SIGNATURE_KEY: required with PAYMENTS_PROVIDER=authnet/);
    expect(loadConfig({ PAYOUTS_PROVIDER: 'manual' }).PAYOUTS_PROVIDER).toBe('manual');
    expect(() => loadConfig({ PAYOUTS_PROVIDER: 'paypal', PAYPAL_CLIENT_ID: 'id' })).toThrow(
      /PAYPAL_CLIENT_SECRET: required with PAYOUTS_PROVIDER=paypal/,
    );
  });

  it('reads lists', () => {
    expect(loadConfig({ ADMIN_PHONES: '+12015550100, +12015550101' }).ADMIN_PHONES).toEqual([
      '+12015550100',
      '+12015550101',
    ]);
  });

  it('refuses an admin number members could never sign in with, without printing it', () => {
    const lines = problems({ ADMIN_PHONES: '+12015550100, (201) 555-0101' });
    expect(lines).toEqual([expect.stringMatching(/^ADMIN_PHONES: entry 2 .*\+1 and 10 digits/)]);
    expect(lines[0]).not.toContain('0101');
  });
});

describe('production refuses unsafe configuration', () => {
  it('starts on a complete production environment', () => {
    expect(problems(productionEnv())).toEqual([]);
  });

  // Each refusal alone: the line names the variable and says what to set.
  it.each([
    [
      'DATABASE_URL',
      { DATABASE_URL: '' },
      /^DATABASE_URL: required in production .*: set postgres:\/\//,
    ],
    [
      'console SMS',
      { SMS_PROVIDER: 'console' },
      /^SMS_PROVIDER: console writes every sign-in code to the log .*: set SMS_PROVIDER=twilio/,
    ],
    ['JWT_SECRET', { JWT_SECRET: '' }, /^JWT_SECRET: required in production .*: set 32\+ random/],
    [
      'the VAPID keys',
      { VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' },
      /^VAPID_PUBLIC_KEY: required in production with VAPID_PRIVATE_KEY \(generated keys differ per server.*generate-vapid-keys/,
    ],
    [
      'half a VAPID pair',
      { VAPID_PRIVATE_KEY: '' },
      /^VAPID_PRIVATE_KEY: set together with VAPID_PUBLIC_KEY/,
    ],
    [
      'local storage on several servers',
      { REDIS_URL: 'redis://127.0.0.1:6379' },
      /^STORAGE_DRIVER: local keeps files on this server while REDIS_URL means several servers .*: set STORAGE_DRIVER=s3/,
    ],
    [
      'PAYEE_ID_KEYS',
      { PAYEE_ID_KEYS: '' },
      /^PAYEE_ID_KEYS: required in production \(taxpayer ids are encrypted with it.*openssl rand -base64 32\)$/,
    ],
    [
      'METRICS_TOKEN',
      { METRICS_TOKEN: '' },
      /^METRICS_TOKEN: required in production .*: set 24\+ random characters/,
    ],
    [
      'PRIVACY_OFFICER_CONTACT',
      { PRIVACY_OFFICER_CONTACT: '' },
      /^PRIVACY_OFFICER_CONTACT: required in production .*: set the name and address/,
    ],
    [
      'TRUST_PROXY=true',
      { TRUST_PROXY: 'true' },
      /^TRUST_PROXY: true would believe any X-Forwarded-For .*: set the number of proxies in front/,
    ],
  ])('refuses without %s', (_name, overrides, line) => {
    expect(problems(productionEnv(overrides))).toEqual([expect.stringMatching(line)]);
  });

  // Test settings that would hand out tokens, sign-ins or approval.
  it.each([
    [
      'PAYMENTS_PROVIDER=sandbox',
      { PAYMENTS_PROVIDER: 'sandbox' },
      /^PAYMENTS_PROVIDER: sandbox approves test cards, .*: set PAYMENTS_PROVIDER=authnet/,
    ],
    [
      'TEST_OTP_CODE set',
      { TEST_OTP_CODE: '246810' },
      /^TEST_OTP_CODE: signs the test number in with a fixed code, .*: unset TEST_OTP_CODE$/,
    ],
    [
      'AUTO_APPROVE=true',
      { AUTO_APPROVE: 'true' },
      /^AUTO_APPROVE: true approves every member as they finish onboarding, .*: unset AUTO_APPROVE/,
    ],
  ])('refuses %s', (_name, overrides, line) => {
    expect(problems(productionEnv(overrides))).toEqual([expect.stringMatching(line)]);
  });

  it('keeps face data at most 3 years after the last sign-in (issue 42)', () => {
    expect(loadConfig({}).BIOMETRIC_RETENTION_DAYS).toBe(365);
    expect(problems(productionEnv({ BIOMETRIC_RETENTION_DAYS: '1095' }))).toEqual([]);
    expect(problems(productionEnv({ BIOMETRIC_RETENTION_DAYS: '1096' }))).toEqual([
      expect.stringMatching(
        /^BIOMETRIC_RETENTION_DAYS: 1096 days keeps face data beyond 3 years .*: set 1095 or fewer/,
      ),
    ]);
  });

  it('never prints the test code it refuses, and takes AUTO_APPROVE=false', () => {
    expect(problems(productionEnv({ TEST_OTP_CODE: '246810' })).join('\n')).not.toContain('246810');
    expect(problems(productionEnv({ AUTO_APPROVE: 'false' }))).toEqual([]);
  });

  it('names a malformed PAYEE_ID_KEYS entry without printing a key', () => {
    const short = 'c2hvcnQta2V5';
    const lines = problems(productionEnv({ PAYEE_ID_KEYS: `k1:${short}` }));
    expect(lines[0]).toMatch(/^PAYEE_ID_KEYS: entry 1 is not id:key with a 32-byte key/);
    expect(lines.join('\n')).not.toContain(short);
  });

  it('takes S3 storage with Redis', () => {
    const env = productionEnv({
      REDIS_URL: 'redis://127.0.0.1:6379',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'photos',
    });
    expect(problems(env)).toEqual([]);
  });

  it('lists every problem at once, a bad value included', () => {
    const lines = problems({
      NODE_ENV: 'production',
      PORT: 'abc',
      REDIS_URL: 'redis://127.0.0.1:6379',
      TRUST_PROXY: 'true',
    });
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'PORT',
      'TRUST_PROXY',
      'DATABASE_URL',
      'SMS_PROVIDER',
      'JWT_SECRET',
      'VAPID_PUBLIC_KEY',
      'PAYMENTS_PROVIDER',
      'STORAGE_DRIVER',
      'PAYEE_ID_KEYS',
      'METRICS_TOKEN',
      'PRIVACY_OFFICER_CONTACT',
    ]);
  });

  it('leaves development and test alone: console SMS, PGlite, local storage with Redis', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(problems({ NODE_ENV, REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual([]);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,loopback,fd00::/8' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', 'loopback', 'fd00::/8']);
  });

  it('refuses true everywhere, and what is not an address', () => {
    expect(problems({ TRUST_PROXY: 'true' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: true would believe any X-Forwarded-For/),
    ]);
    for (const value of ['10.0.0.0/33', 'balancer.internal', '10.0.0.1/8/2', '99']) {
      expect(problems({ TRUST_PROXY: value })).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    }
  });
});
