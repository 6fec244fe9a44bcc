import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createStorage } from '../../adapters/storage';
import { loadConfig } from '../../config';
import { loadSecrets } from '../../lib/secrets';
import { s3Origins } from '../../plugins/security-headers';

let t: TestApp;
beforeAll(async () => {
  const web = mkdtempSync(path.join(tmpdir(), 'bidboard-web-'));
  mkdirSync(path.join(web, 'assets'));
  // What the web build writes: each text file with a brotli and a gzip copy beside it.
  const files = {
    'index.html': '<!doctype html><div id="root"></div>',
    'sw.js': "self.addEventListener('push', () => {})",
    'assets/app-Hash123.js': 'console.log(1)',
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(web, name), text);
    writeFileSync(path.join(web, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(web, `${name}.gz`), gzipSync(text));
  }
  t = await createTestApp({ WEB_DIST: web });
});
afterAll(() => t.close());

describe('system endpoints', () => {
  it('health, ready and metrics answer', async () => {
    expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds');
  });

  it('serves an OpenAPI document generated from the shared schemas', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/auth/request-otp', '/api/auth/verify-otp', '/api/auth/me']),
    );
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends a strict CSP: scripts only from our origin', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("puts helmet's headers on every answer, refusals included", async () => {
    for (const res of [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/auth/me' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/request-otp', payload: {} }),
      await t.app.inject({ url: '/some-member' }),
    ]) {
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('falls back to the single page for client routes and not for API paths', async () => {
    const page = await t.app.inject({ url: '/someone' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await t.app.inject({ url: '/assets/app-Hash123.js' })).body).toBe('console.log(1)');
    expect((await t.app.inject({ url: '/assets/gone-OldHash.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/unknown' });
    expect([api.statusCode, api.json().message]).toEqual([404, 'Not found']);
  });

  it('sends the precompressed copy the browser accepts, brotli first', async () => {
    const get = (url: string, encoding: string) =>
      t.app.inject({ url, headers: { 'accept-encoding': encoding } });
    const br = await get('/assets/app-Hash123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    const gzip = await get('/assets/app-Hash123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-Hash123.js', 'identity');
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(1)']);
    const page = await get('/someone', 'br');
    expect([page.headers['content-encoding'], page.headers['content-type']]).toEqual([
      'br',
      'text/html; charset=utf-8',
    ]);
  });

  it('caches hashed assets for a year and revalidates the page and the service worker', async () => {
    const cacheOf = async (url: string) =>
      (await t.app.inject({ url, headers: { 'accept-encoding': 'br' } })).headers['cache-control'];
    expect(await cacheOf('/assets/app-Hash123.js')).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/auth', '/someone', '/sw.js']) {
      expect(await cacheOf(url), url).toBe('no-cache');
    }
  });

  it('lets the face model compile WebAssembly and nothing else eval-like', async () => {
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self' 'wasm-unsafe-eval'");
  });

  it('rate limits sign-in calls per address with the spec message', async () => {
    const limited = await createTestApp(
      { OTP_ROUTE_MAX_PER_MINUTE: '2' },
      { database: t.database },
    );
    const call = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/check-phone-number-exists',
        payload: { phone_number: '+12125550143' },
      });
    await call();
    await call();
    const third = await call();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe(
      'Too many requests. Please wait a moment before trying again.',
    );
    await limited.close();
  });
});

describe('app config', () => {
  it('reports prelaunch from LAUNCH_AT', async () => {
    const after = await t.app.inject({ url: '/api/config/app' });
    expect(after.json()).toMatchObject({ launchAt: '2025-08-05T20:00:00.000Z', prelaunch: false });
    const early = await createTestApp(
      { LAUNCH_AT: '2099-01-01T00:00:00Z' },
      { database: t.database },
    );
    expect((await early.app.inject({ url: '/api/config/app' })).json().prelaunch).toBe(true);
    await early.close();
  });

  it('publishes the redemption settings', async () => {
    expect(
      (await t.app.inject({ url: '/api/config/minimum-redeemable-threshold' })).json(),
    ).toEqual({
      minimum_redeemable_threshold: 500,
    });
    expect((await t.app.inject({ url: '/api/config/token-redemption-multiplier' })).json()).toEqual(
      {
        token_redemption_multiplier: 1,
      },
    );
  });
});

describe('CSP with S3 storage', () => {
  it('lets the browser read and upload to the bucket origin only', () => {
    const base = { STORAGE_DRIVER: 's3', S3_BUCKET: 'photos' };
    expect(s3Origins(loadConfig(base))).toEqual(['https://photos.s3.us-east-1.amazonaws.com']);
    expect(
      s3Origins(
        loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }),
      ),
    ).toEqual(['http://127.0.0.1:9000']);
    expect(s3Origins(loadConfig({}))).toEqual([]);
  });
});

describe('signed photo reads', () => {
  it('are not counted against the request limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '3' }, { database: t.database });
    const storage = await createStorage(limited.config, loadSecrets(limited.config));
    const key = storage.newKey('photos', 'webp');
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/webp');
    const url = await storage.signedUrl(key);
    for (let i = 0; i < 6; i++) {
      expect((await limited.app.inject({ url })).statusCode).toBe(200);
    }
    await limited.close();
  });
});
