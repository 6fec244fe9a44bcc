import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      AUTO_APPROVE: true,
      TEST_OTP_CODE: '123456',
    });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID/);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('turns the test code and demo data off in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      PAYMENTS_PROVIDER: 'sandbox',
    });
    expect(config.TEST_OTP_CODE).toBeUndefined();
    expect(config.SEED_DEMO).toBe(false);
    expect(config.AUTO_APPROVE).toBe(false);
  });

  it('needs a card processor chosen in production, and each provider its credentials', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_PROVIDER: required in production/);
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
});
