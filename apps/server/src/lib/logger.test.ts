// Product rules, "Running for real": no phone number, code, token or message text in any
// log line at any level. Every line the app writes is captured while a member signs in
// with console SMS (phone written several ways, a wrong code first), chats, and requests
// fail with the phone and the message text inside their database errors. Also: request
// ids are UUIDs or the caller's, echoed back, and probes are not logged.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { acceptedPairs, send } from '../../test/chat';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { testClock } from '../../test/marketplace';

const PHONE = '+12015550142';
/** Every way the number could be written into a line. */
const PHONE_SHAPES = ['2015550142', '201) 555-0142', '201-555-0142', '201 555 0142', '555-0142'];
const MESSAGE_TEXT = 'meet me by the blue door at nine';

function captureLines() {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
}

describe.each(['debug', 'trace'])('at LOG_LEVEL=%s', (level) => {
  const clock = testClock('2025-06-02T15:00:00Z');
  const { lines, stream } = captureLines();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: level, SWEEPER_ENABLED: 'false' },
      { clock: clock.clock, logStream: stream },
    );
  });
  afterAll(() => t.close());

  it('no line holds a phone number, a code, a token or a message', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const secrets = [pair!.owner.token, pair!.bidder.token];
    await t.database.db.execute(
      sql`UPDATE users SET phone_number = ${PHONE} WHERE id = ${pair!.owner.id}`,
    );

    // Sign in with the number written three ways, a wrong code first.
    const codes: string[] = [];
    for (const written of ['(201) 555-0142', '201-555-0142', PHONE]) {
      const requested = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-otp',
        payload: { phone_number: written },
      });
      expect(requested.statusCode).toBe(200);
      const outbox = await t.app.inject({
        url: `/api/dev/otp-outbox?phone=${encodeURIComponent(written)}`,
      });
      codes.push(outbox.json().code);
    }
    const code = codes.at(-1)!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    codes.push(wrong);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { phone_number: PHONE, otp: wrong },
    });
    expect(refused.statusCode).toBe(400);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { phone_number: PHONE, otp: code },
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().token as string;
    secrets.push(token);
    const me = await t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);

    // A chat message, then one the database refuses with its text among the query's values.
    expect((await send(t, pair!.bidder, pair!.cid, { text: MESSAGE_TEXT })).statusCode).toBe(200);
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_message() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for conversation %', NEW.cid; END $$`);
    await t.database.db.execute(sql`
      CREATE FUNCTION refuse_code() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for %', NEW.phone_number; END $$`);
    await t.database.db.execute(
      sql`CREATE TRIGGER refuse_message BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION refuse_message()`,
    );
    await t.database.db.execute(
      sql`CREATE TRIGGER refuse_code BEFORE INSERT ON otp_codes FOR EACH ROW EXECUTE FUNCTION refuse_code()`,
    );
    const failedSend = await send(t, pair!.bidder, pair!.cid, { text: MESSAGE_TEXT });
    expect(failedSend.statusCode).toBe(500);
    const failedCode = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-otp',
      payload: { phone_number: '201.555.0142' },
    });
    expect(failedCode.statusCode).toBe(500);
    await t.database.db.execute(sql`DROP TRIGGER refuse_message ON messages`);
    await t.database.db.execute(sql`DROP TRIGGER refuse_code ON otp_codes`);
    await t.database.db.execute(sql`DROP FUNCTION refuse_message(), refuse_code()`);

    // The lines are there (the failures with their causes), and none holds a secret.
    expect(lines.some((line) => line.includes('"msg":"request completed"'))).toBe(true);
    const failures = lines.filter((line) => line.includes('unhandled database error'));
    expect(failures).toHaveLength(2);
    expect(failures.every((line) => line.includes('refused for'))).toBe(true);
    expect(
      lines.some((line) => line.includes('"url":"/api/dev/otp-outbox?phone=[redacted]"')),
    ).toBe(true);
    for (const line of lines) {
      for (const shape of PHONE_SHAPES) expect(line).not.toContain(shape);
      // A code is six digits on their own (a duration may hold the same run).
      for (const digits of codes)
        expect(line).not.toMatch(new RegExp(`(?<![\\d.])${digits}(?!\\d)`));
      for (const secret of secrets) expect(line).not.toContain(secret);
      for (const part of secrets.flatMap((jwt) => jwt.split('.'))) expect(line).not.toContain(part);
      expect(line).not.toContain('blue door');
      expect(line.toLowerCase()).not.toMatch(/bearer\s+[^[]/);
    }
  });
});

describe('request ids', () => {
  const { lines, stream } = captureLines();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info', ACCESS_LOG: 'all' }, { logStream: stream });
  });
  afterAll(() => t.close());

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('are fresh UUIDs, echoed in the response and on the request lines', async () => {
    const first = await t.app.inject({ url: '/api/config' });
    const second = await t.app.inject({ url: '/api/config' });
    const ids = [first, second].map((res) => String(res.headers['x-request-id']));
    expect(ids.every((id) => UUID.test(id))).toBe(true);
    expect(ids[0]).not.toBe(ids[1]);
    expect(lines.filter((line) => line.includes(`"reqId":"${ids[0]}"`))).toHaveLength(2);
  });

  it("keep the balancer's id, and replace one that is too long, odd or personal", async () => {
    const kept = await t.app.inject({
      url: '/api/config',
      headers: { 'x-request-id': 'lb-7f3a9c01e2d4' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c01e2d4');
    for (const given of ['x'.repeat(129), 'a b', 'id"}{', '12015550142', 'otp-648193']) {
      const res = await t.app.inject({ url: '/api/config', headers: { 'x-request-id': given } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('leave the health, readiness and metrics probes out of the log', async () => {
    const before = lines.length;
    for (const url of ['/api/health', '/api/ready', '/metrics', '/api/ready?probe=lb']) {
      expect((await t.app.inject({ url })).statusCode).toBe(200);
    }
    expect(lines.slice(before)).toEqual([]);
    await t.app.inject({ url: '/api/config' });
    expect(lines.length).toBeGreaterThan(before);
  });
});

describe('request lines', () => {
  const requestLines = (lines: string[]) =>
    lines.filter((line) => /"msg":"(incoming request|request completed)"/.test(line));
  // Four apps, one database: on PGlite loading a fresh one is most of an app's cost, and
  // four of them in one test outlasted its time on two busy cores.
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('are sampled at info by default, every one at debug or with ACCESS_LOG=all', async () => {
    for (const [env, expected] of [
      [{ LOG_LEVEL: 'info', ACCESS_LOG_SAMPLE: '0' }, 0],
      [{ LOG_LEVEL: 'info', ACCESS_LOG_SAMPLE: '1' }, 3],
      [{ LOG_LEVEL: 'debug', ACCESS_LOG_SAMPLE: '0' }, 6],
      [{ LOG_LEVEL: 'info', ACCESS_LOG: 'all' }, 6],
    ] as const) {
      const { lines, stream } = captureLines();
      const t = await createTestApp({ ...env }, { logStream: stream, database });
      try {
        for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/config' });
        await t.app.inject({ url: '/api/health' });
        expect(requestLines(lines), JSON.stringify(env)).toHaveLength(expected);
      } finally {
        await t.close();
      }
    }
  });
});
