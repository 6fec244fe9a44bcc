// Property-based fuzz of the whole API surface. Every route the OpenAPI document lists
// (so a route added later is covered without touching this file) and every client event
// of packages/shared/src/events.ts gets hostile values, signed in and not: no request may
// end in a 5xx, and a refused request must not have written a row anywhere.
import type { AddressInfo } from 'node:net';
import { clientEventPayloads, MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../test/app';
import { buildMember } from '../test/factories';
import {
  asText,
  bodyFor,
  hostileId,
  hostileValue,
  type JsonSchema,
  valueFor,
} from '../test/hostile-values';
import { buildBidder } from '../test/marketplace';
import { rows } from './db/client';

const SEED = 20_261_122;
/**
 * The HTTP budget is shared by all routes, so the run stays bounded (well under a minute
 * on an idle machine) however many routes are added; each route gets at least 16 cases.
 */
const HTTP_REQUESTS = Number(process.env.FUZZ_HTTP_REQUESTS ?? 3600);
const MIN_RUNS_PER_ROUTE = 16;
const RUNS_PER_EVENT = Number(process.env.FUZZ_RUNS_PER_EVENT ?? 40);
const ADMIN_PHONE = '+12025550199';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];
type Caller = 'visitor' | 'member' | 'admin' | 'forged';

interface Operation {
  method: Method;
  path: string;
  pathParams: string[];
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

interface Finding {
  target: string;
  caller: Caller;
  status: number | string;
  request: unknown;
}

let t: TestApp;
let url: string;
const tokens: Record<'member' | 'admin', string> = { member: '', admin: '' };
const phones: Record<'member' | 'admin', string> = { member: '', admin: ADMIN_PHONE };
let countRows: () => Promise<Record<string, number>>;
const serverErrors: unknown[] = [];

beforeAll(async () => {
  t = await createTestApp({
    ADMIN_PHONES: ADMIN_PHONE,
    SWEEPER_ENABLED: 'false',
    PAYMENTS_SANDBOX_WEBHOOKS: 'false',
    RATE_LIMIT_MAX: '1000000',
    OTP_ROUTE_MAX_PER_MINUTE: '1000000',
    OTP_PHONE_MAX_PER_WINDOW: '1000',
    OTP_IP_MAX_PER_WINDOW: '1000000',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await createCaller('member');
  await createCaller('admin');
  await refreshToken('member');
  await refreshToken('admin');
  const tables = await rows<{ name: string }>(
    t.database.db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const counts = sql.raw(
    `SELECT ${tables.map(({ name }) => `(SELECT count(*)::int FROM "${name}") AS "${name}"`).join(', ')}`,
  );
  countRows = async () => (await rows<Record<string, number>>(t.database.db, counts))[0]!;
  // Socket handlers have no status code: a failure they log is the sign of one.
  for (const level of ['error', 'warn'] as const) {
    const original = t.app.log[level].bind(t.app.log);
    t.app.log[level] = ((...args: unknown[]) => {
      serverErrors.push(args[0]);
      return (original as (...a: unknown[]) => void)(...args);
    }) as typeof t.app.log.error;
  }
}, 60_000);
afterAll(() => t?.close());

async function createCaller(who: 'member' | 'admin') {
  if (who === 'member') {
    const member = await buildBidder(t.database.db, 1000, { available_for_bids: true });
    phones.member = member.phone_number;
  } else {
    await buildMember(t.database.db, { phone_number: ADMIN_PHONE, role: 'admin', onboarded: 14 });
  }
}

async function refreshToken(who: 'member' | 'admin') {
  // A fuzzed case may have deleted the caller's account (a new caller takes its place: the
  // same phone for the admin, as a deleted number may sign up again) or suspended them
  // (restored here): the safety routes do exactly that.
  const [found] = await rows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM users WHERE phone_number = ${phones[who]}`,
  );
  if (!found) await createCaller(who);
  else {
    await t.database.db.execute(
      sql`UPDATE users SET suspended_at = NULL, suspension_reason = NULL WHERE id = ${found.id}`,
    );
  }
  tokens[who] = (await signIn(t, phones[who])).token;
}

function operations(): Operation[] {
  const doc = t.app.swagger() as {
    paths: Record<string, Partial<Record<Method, OpenApiOperation>>>;
  };
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      list.push({
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return list;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function authorization(caller: Caller): Record<string, string> {
  if (caller === 'visitor') return {};
  if (caller === 'forged') return { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged' };
  return { authorization: `Bearer ${tokens[caller]}` };
}

/** Every byte of the UTF-8 form escaped (lone surrogates become U+FFFD, as a browser sends). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

function queryString(query: Record<string, string | string[]>): string {
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => `${name}=${percentEncode(v)}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** One fixed seed per route, so routes do not all draw the same sequence. */
function seedFor(target: string): number {
  let hash = SEED;
  for (const char of target) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function changedTables(before: Record<string, number>, after: Record<string, number>) {
  return Object.keys(after).filter((name) => after[name] !== before[name]);
}

/** Mostly signed in, so that requests get past the auth hooks and into the services. */
const callers = fc.oneof(
  { arbitrary: fc.constant<Caller>('member'), weight: 3 },
  { arbitrary: fc.constant<Caller>('admin'), weight: 2 },
  { arbitrary: fc.constantFrom<Caller>('visitor', 'forged'), weight: 2 },
);

function requestFor(op: Operation) {
  const params = fc.record(Object.fromEntries(op.pathParams.map((name) => [name, hostileId])));
  const query = fc.record(
    Object.fromEntries(
      Object.entries(op.query).map(([name, schema]) => [
        name,
        fc.oneof(
          valueFor(schema).map(asText),
          fc.array(hostileValue.map(asText), { minLength: 2, maxLength: 3 }),
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  return fc.record({ caller: callers, params, query, body: bodyFor(op.body) });
}

const stats = { requests: 0, serverErrors: 0, refusedWithWrites: 0, events: 0 };
const findings: Finding[] = [];
const statuses = new Map<number, number>();

describe('hostile input', () => {
  it('no route answers 5xx and no refused request writes a row', async () => {
    const ops = operations();
    const runsPerRoute = Math.max(MIN_RUNS_PER_ROUTE, Math.floor(HTTP_REQUESTS / ops.length));
    // Nothing else writes while the fuzz runs (no sweepers, no webhooks): the counts after
    // one request are the counts before the next.
    let baseline = await countRows();
    expect(ops.length).toBeGreaterThan(50);
    for (const op of ops) {
      const target = `${op.method.toUpperCase()} ${op.path}`;
      await fc.assert(
        fc.asyncProperty(fc.noBias(requestFor(op)), async ({ caller, params, query, body }) => {
          const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
            percentEncode(asText(params[name])),
          );
          const res = await t.app.inject({
            method: op.method.toUpperCase() as 'GET',
            url: `${path}${queryString(query as Record<string, string | string[]>)}`,
            headers: {
              ...authorization(caller),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) ?? 'null' }),
          });
          stats.requests += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const request = { params, query, body: JSON.stringify(body)?.slice(0, 300) };
          if (res.statusCode >= 500) {
            stats.serverErrors += 1;
            findings.push({ target, caller, status: res.statusCode, request });
          }
          const after = await countRows();
          const changed = changedTables(baseline, after);
          baseline = after;
          if (res.statusCode >= 400 && res.statusCode < 500) {
            if (changed.length) {
              stats.refusedWithWrites += 1;
              findings.push({
                target,
                caller,
                status: `${res.statusCode} wrote ${changed}`,
                request,
              });
            }
          } else if (res.statusCode < 400 && (caller === 'member' || caller === 'admin')) {
            // A successful logout (or the like) ends the session the next case relies on.
            const me = await t.app.inject({
              method: 'GET',
              url: '/api/auth/me',
              headers: authorization(caller),
            });
            if (me.statusCode === 401) {
              await refreshToken(caller);
              baseline = await countRows();
            }
          }
        }),
        { seed: seedFor(target), numRuns: runsPerRoute },
      );
    }
    report();
    expect(findings.filter((f) => !String(f.target).startsWith('socket'))).toEqual([]);
  }, 240_000);

  it('no socket event fails on the server or writes a row when refused', async () => {
    for (const event of Object.keys(clientEventPayloads)) {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('member', 'admin') as fc.Arbitrary<'member' | 'admin'>,
          fc.noBias(fc.array(hostileValue, { maxLength: 3 })),
          async (caller, args) => {
            const socket = await openSocket(tokens[caller]);
            const internal: unknown[] = [];
            socket.on('bidError', (payload: { message: string }) => {
              if (payload.message === MESSAGES.internal) internal.push(payload);
            });
            const errorsBefore = serverErrors.length;
            const before = await countRows();
            socket.emit(event, ...args);
            // Handlers answer within a few milliseconds on an idle test server.
            await new Promise((resolve) => setTimeout(resolve, 15));
            const changed = changedTables(before, await countRows());
            socket.close();
            stats.events += 1;
            const failed = internal.length > 0 || serverErrors.length > errorsBefore;
            // Only a well-formed event may change anything (userActivity stamps a column).
            const accepted = clientEventPayloads[
              event as keyof typeof clientEventPayloads
            ].safeParse(args[0]).success;
            if (failed || (!accepted && changed.length)) {
              findings.push({
                target: `socket ${event}`,
                caller,
                status: failed ? 'server error' : `wrote ${changed}`,
                request: JSON.stringify(args)?.slice(0, 300),
              });
            }
          },
        ),
        { seed: seedFor(event), numRuns: RUNS_PER_EVENT },
      );
    }
    await fc.assert(
      fc.asyncProperty(hostileValue, async (token) => {
        const socket = connect(url, {
          path: '/socket.io',
          auth: { token },
          transports: ['websocket'],
          reconnection: false,
        });
        const outcome = await new Promise<string>((resolve) => {
          socket.on('connect', () => resolve('connected'));
          socket.on('connect_error', (err) => resolve(err.message));
        });
        socket.close();
        expect(outcome).toContain(MESSAGES.authFailed);
      }),
      { seed: SEED, numRuns: 30 },
    );
    report();
    expect(findings.filter((f) => String(f.target).startsWith('socket'))).toEqual([]);
  }, 120_000);
});

async function openSocket(token: string): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return socket;
}

function report() {
  const byTarget = new Map<string, number>();
  for (const f of findings) byTarget.set(f.target, (byTarget.get(f.target) ?? 0) + 1);
  console.log(
    `[fuzz] ${stats.requests} requests, ${stats.serverErrors} answered 5xx, ` +
      `${stats.refusedWithWrites} refused but wrote rows; ${stats.events} socket events; ` +
      `${findings.length} findings in ${byTarget.size} targets`,
  );
  console.log(`[fuzz] statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  for (const [target, count] of byTarget) console.log(`[fuzz]   ${count}\t${target}`);
  for (const f of findings.slice(0, 40))
    console.log('[fuzz] e.g.', JSON.stringify(f).slice(0, 400));
}
