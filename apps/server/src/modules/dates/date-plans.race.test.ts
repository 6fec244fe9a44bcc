// Two servers sharing one database (issue 45): answers racing on both change a plan once,
// the loser gets 409 and exactly one alert is written; with Redis, a member connected to
// the other server hears the change live.
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { type AcceptedPair, acceptedPairs } from '../../../test/chat';
import { propose } from '../../../test/dates';
import { testClock } from '../../../test/marketplace';
import { buildApp } from '../../app';
import { rows } from '../../db/client';

const redisUrl = process.env.TEST_REDIS_URL;
const clock = testClock('2025-06-02T15:00:00Z');

describe('date plan answers racing on two servers', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp(
      { SWEEPER_ENABLED: 'false', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
      { clock: clock.clock, poolSize: 20 },
    );
    b = await buildApp({ config: a.config, database: a.database, sms: a.sms, clock: clock.clock });
    await Promise.all([
      a.app.listen({ port: 0, host: '127.0.0.1' }),
      b.listen({ port: 0, host: '127.0.0.1' }),
    ]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const post = (server: typeof b, who: AcceptedPair['owner'], url: string, payload?: object) =>
    server.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });

  async function answersOf(planIds: number[]) {
    return rows<{ plan: string; n: number }>(
      a.database.db,
      sql`SELECT payload->>'planId' AS plan, COUNT(*)::int AS n FROM alerts
           WHERE kind = 'date_answered'
             AND (payload->>'planId')::int = ANY(${`{${planIds.join(',')}}`}::int[])
           GROUP BY 1`,
    );
  }

  it('accept on one server and decline on the other: one wins, the other is told 409', async () => {
    const pairs = await acceptedPairs(a, clock, 6);
    const ids: number[] = [];
    for (const pair of pairs) ids.push((await propose(a, pair.bidder, pair.cid)).json().plan.id);
    const results = await Promise.all(
      pairs.flatMap((pair, i) => [
        post(a.app, pair.owner, `/api/dates/${ids[i]}/answer`, { answer: 'accept' }),
        post(b, pair.owner, `/api/dates/${ids[i]}/answer`, { answer: 'decline' }),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      const [accept, decline] = [results[2 * i]!, results[2 * i + 1]!];
      expect([accept.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
      const winner = accept.statusCode === 200 ? 'accepted' : 'declined';
      const [row] = await rows<{ state: string }>(
        a.database.db,
        sql`SELECT state FROM date_plans WHERE id = ${ids[i]}`,
      );
      expect(row!.state).toBe(winner);
    }
    expect((await answersOf(ids)).map((r) => r.n)).toEqual(ids.map(() => 1));
  });

  it("the proposer's cancellation racing the answer: exactly one of the two happens", async () => {
    const pairs = await acceptedPairs(a, clock, 6);
    const ids: number[] = [];
    for (const pair of pairs) ids.push((await propose(a, pair.bidder, pair.cid)).json().plan.id);
    const results = await Promise.all(
      pairs.flatMap((pair, i) => [
        post(a.app, pair.owner, `/api/dates/${ids[i]}/answer`, { answer: 'accept' }),
        post(b, pair.bidder, `/api/dates/${ids[i]}/cancel`),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      const [accept, cancel] = [results[2 * i]!, results[2 * i + 1]!];
      const [row] = await rows<{ state: string }>(
        a.database.db,
        sql`SELECT state FROM date_plans WHERE id = ${ids[i]}`,
      );
      // A cancellation after the acceptance is still a cancellation: both may succeed in
      // that order, never an acceptance after the cancellation.
      if (accept.statusCode === 409) expect(row!.state).toBe('cancelled');
      if (cancel.statusCode === 200) expect(row!.state).toBe('cancelled');
      else expect(row!.state).toBe('accepted');
      expect(accept.statusCode === 200 || cancel.statusCode === 200).toBe(true);
    }
  });

  it.skipIf(!redisUrl)('a member on the other server hears the change live', async () => {
    const [pair] = (await acceptedPairs(a, clock, 1)) as [AcceptedPair];
    const port = (b.server.address() as AddressInfo).port;
    const socket = connect(`http://127.0.0.1:${port}`, {
      auth: { token: pair.bidder.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const heard: unknown[] = [];
    socket.on('datePlanChanged', (payload) => heard.push(payload));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    // The streams adapter needs a moment to start reading before the first emit.
    await new Promise((r) => setTimeout(r, 300));
    const planId = (await propose(a, pair.owner, pair.cid)).json().plan.id;
    const deadline = Date.now() + 8000;
    while (heard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toEqual([{ cid: pair.cid, planId }]);
    socket.close();
  });
});
