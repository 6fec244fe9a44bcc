import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NOTIFICATION_MESSAGES, PUSH_SUBSCRIPTIONS_MAX, PUSH_TEST_MAX } from '@bidboard/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, offlineResolve, signIn, type TestApp } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { isPublicAddress } from '../../adapters/push/endpoint-guard';
import { loadVapidKeys } from '../../adapters/push/vapid-keys';
import { pushSubscriptions } from '../../db/schema';

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A stand-in push service over HTTPS (web-push only speaks HTTPS) with a throwaway cert for
 * the name push.test, which the app's injected resolver points at loopback.
 */
async function startPushService(statusFor: (path: string) => number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-service-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=push.test',
      '-addext',
      'subjectAltName=DNS:push.test',
    ],
    { stdio: 'ignore' },
  );
  const received: Received[] = [];
  const server = https.createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(statusFor(req.url ?? '')).end();
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    ca: readFileSync(cert),
    url: (p: string) => `https://push.test:${port}${p}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Keys a real browser would send: an uncompressed P-256 point and a 16-byte secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService((p) => (p.startsWith('/gone') ? 410 : 201));
  // This app may reach the stand-in on loopback; everything else keeps the public-only rule.
  t = await createTestApp(
    {},
    {
      pushNetwork: {
        resolve: (host) =>
          host === 'push.test' ? Promise.resolve(['127.0.0.1']) : offlineResolve(host),
        allowAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
        ca: service.ca,
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  await service.close();
});

async function session(app: TestApp = t) {
  const member = await buildMember(app.database.db);
  const { token } = await signIn(app, member.phone_number);
  const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    app.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  return { member, call };
}

const rowsFor = (endpoint: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

describe('VAPID keys', () => {
  it('serves the public key without signing in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/vapid-public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('generates a pair once into DATA_DIR and reuses it; configured keys win', () => {
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const first = loadVapidKeys({ DATA_DIR });
    expect(loadVapidKeys({ DATA_DIR })).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(DATA_DIR, 'vapid.json'), 'utf8'))).toEqual(first);
    const configured = { VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', DATA_DIR };
    expect(loadVapidKeys(configured)).toEqual({ publicKey: 'pub', privateKey: 'priv' });
  });
});

describe('push subscriptions', () => {
  it('requires a signed-in member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/subscribe',
      payload: { endpoint: 'https://push.example/a', keys: browserKeys() },
    });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a subscription that is not an HTTPS endpoint with keys', async () => {
    const { call } = await session();
    const plain = await call('POST', '/api/notifications/subscribe', {
      endpoint: 'http://push.example/x',
      keys: browserKeys(),
    });
    expect(plain.statusCode).toBe(400);
    const noKeys = await call('POST', '/api/notifications/subscribe', {
      endpoint: 'https://push.example/x',
    });
    expect(noKeys.statusCode).toBe(400);
  });

  it('saves, refreshes by endpoint and deletes the member’s own subscription', async () => {
    const { member, call } = await session();
    const endpoint = `https://push.example/${randomBytes(6).toString('hex')}`;
    const first = await call('POST', '/api/notifications/subscribe', {
      endpoint,
      keys: browserKeys(),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const keys = browserKeys();
    await call('POST', '/api/notifications/subscribe', { endpoint, keys });
    const saved = await rowsFor(endpoint);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ user_id: member.id, p256dh: keys.p256dh, auth: keys.auth });

    const removed = await call('DELETE', '/api/notifications/subscribe', { endpoint });
    expect(removed.statusCode).toBe(200);
    expect(await rowsFor(endpoint)).toHaveLength(0);
  });

  it('never lets another member take over or delete a subscription', async () => {
    const owner = await session();
    const other = await session();
    const endpoint = `https://push.example/${randomBytes(6).toString('hex')}`;
    const keys = browserKeys();
    await owner.call('POST', '/api/notifications/subscribe', { endpoint, keys });

    const takeover = await other.call('POST', '/api/notifications/subscribe', {
      endpoint,
      keys: browserKeys(),
    });
    expect(takeover.statusCode).toBe(409);
    const removal = await other.call('DELETE', '/api/notifications/subscribe', { endpoint });
    expect(removal.statusCode).toBe(404);

    const [row] = await rowsFor(endpoint);
    expect(row).toMatchObject({ user_id: owner.member.id, p256dh: keys.p256dh });
  });
});

describe('test notification', () => {
  it('delivers an encrypted Web Push with VAPID authorisation to each device', async () => {
    const { call } = await session();
    await call('POST', '/api/notifications/subscribe', {
      endpoint: service.url('/live/1'),
      keys: browserKeys(),
    });
    const res = await call('POST', '/api/notifications/test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, sent: 1 });

    const push = service.received.find((r) => r.path === '/live/1');
    expect(push).toBeDefined();
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    // aes128gcm record: 16-byte salt, 4-byte record size, key id length, 65-byte key id.
    expect(push!.body.length).toBeGreaterThan(86);
    expect(push!.body.subarray(21, 86)).not.toEqual(Buffer.alloc(65));
    expect(push!.body.toString('utf8')).not.toContain('Notifications are on');
  });

  it('deletes subscriptions the push service reports gone', async () => {
    const { member, call } = await session();
    const live = service.url('/live/2');
    const gone = service.url('/gone/2');
    await call('POST', '/api/notifications/subscribe', { endpoint: live, keys: browserKeys() });
    await call('POST', '/api/notifications/subscribe', { endpoint: gone, keys: browserKeys() });

    const res = await call('POST', '/api/notifications/test');
    expect(res.json()).toEqual({ success: true, sent: 1 });
    expect(await rowsFor(gone)).toHaveLength(0);
    expect((await rowsFor(live))[0]?.user_id).toBe(member.id);
  });

  it('says so when the member has no device subscribed', async () => {
    const { call } = await session();
    const res = await call('POST', '/api/notifications/test');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Turn on browser notifications on this device first.');
  });
});

describe('only public push services (issue 14, defect 4)', () => {
  /** A strict app: the default address policy, names from a table this test controls. */
  const names = new Map<string, string[]>([
    ['internal.example', ['10.1.2.3']],
    ['cgnat.example', ['100.64.1.1']],
    ['metadata.example', ['169.254.169.254']],
    ['ula.example', ['fd00::1']],
    ['mapped.example', ['::ffff:127.0.0.1']],
    ['mixed.example', ['93.184.216.34', '192.168.1.10']],
    ['flip.example', ['93.184.216.34']],
  ]);
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp(
      {},
      {
        pushNetwork: {
          resolve: async (host) => names.get(host) ?? offlineResolve(host),
        },
      },
    );
  });
  afterAll(() => strict.close());

  const rowsIn = (endpoint: string) =>
    strict.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));

  it.each([
    'https://127.0.0.1/push/1',
    'https://[::1]/push/1',
    'https://10.0.0.5/push/1',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/push/1',
    'https://internal.example/push/1',
    'https://cgnat.example/push/1',
    'https://metadata.example/push/1',
    'https://ula.example/push/1',
    'https://mapped.example/push/1',
    'https://mixed.example/push/1',
    'https://nowhere.invalid/push/1',
  ])('refuses %s and saves nothing', async (endpoint) => {
    const { call } = await session(strict);
    const res = await call('POST', '/api/notifications/subscribe', {
      endpoint,
      keys: browserKeys(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTIFICATION_MESSAGES.endpointRefused);
    expect(await rowsIn(endpoint)).toEqual([]);
  });

  it('checks again at send: a name rebound to loopback is dropped, never contacted', async () => {
    const { call } = await session(strict);
    const endpoint = 'https://flip.example/push/rebind';
    const saved = await call('POST', '/api/notifications/subscribe', {
      endpoint,
      keys: browserKeys(),
    });
    expect(saved.statusCode).toBe(200);
    names.set('flip.example', ['127.0.0.1']);
    const before = service.received.length;
    const res = await call('POST', '/api/notifications/test');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NOTIFICATION_MESSAGES.noSubscriptions);
    expect(service.received.length).toBe(before);
    expect(await rowsIn(endpoint)).toEqual([]);
  });

  it(`keeps a member's newest ${PUSH_SUBSCRIPTIONS_MAX} devices, even when they subscribe at once`, async () => {
    const { member, call } = await session(strict);
    const endpoints = Array.from(
      { length: 14 },
      (_, i) => `https://fcm.example/cap/${member.id}/${i}`,
    );
    await call('POST', '/api/notifications/subscribe', {
      endpoint: endpoints[0],
      keys: browserKeys(),
    });
    const answers = await Promise.all(
      endpoints
        .slice(1)
        .map((endpoint) =>
          call('POST', '/api/notifications/subscribe', { endpoint, keys: browserKeys() }),
        ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const kept = await strict.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, member.id));
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(kept.map((row) => row.endpoint)).not.toContain(endpoints[0]);
  });
});

describe('bounded test pushes', () => {
  it(`sends once to each device and allows ${PUSH_TEST_MAX} tests per window`, async () => {
    const { member, call } = await session();
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_MAX + 2; i++) {
      await call('POST', '/api/notifications/subscribe', {
        endpoint: service.url(`/bounded/${member.id}/${i}`),
        keys: browserKeys(),
      });
    }
    const mine = () => service.received.filter((r) => r.path.startsWith(`/bounded/${member.id}/`));
    const first = await call('POST', '/api/notifications/test');
    expect(first.json()).toEqual({ success: true, sent: PUSH_SUBSCRIPTIONS_MAX });
    expect(mine()).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(new Set(mine().map((r) => r.path)).size).toBe(PUSH_SUBSCRIPTIONS_MAX);
    for (let i = 1; i < PUSH_TEST_MAX; i++) {
      expect((await call('POST', '/api/notifications/test')).statusCode).toBe(200);
    }
    const over = await call('POST', '/api/notifications/test');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(NOTIFICATION_MESSAGES.testTooOften);
    expect(mine()).toHaveLength(PUSH_SUBSCRIPTIONS_MAX * PUSH_TEST_MAX);
  });
});
