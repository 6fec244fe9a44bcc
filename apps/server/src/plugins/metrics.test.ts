// /metrics as an operator reads it: a bid, a chat message, a close, a purchase and a failing
// payout each move their counters; the outbox, pool, redemption and socket gauges tell the
// state at scrape time; every durable job reports its last success; no label holds an id.
import type { AddressInfo } from 'node:net';
import { conversationId } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { onPostgres } from '../../test/database';
import { referencedMetricNames } from '../../test/deploy-files';
import {
  type FakePaypal,
  PAYPAL_CLIENT_ID,
  PAYPAL_SECRET,
  PAYPAL_WEBHOOK_ID,
  startFakePaypal,
} from '../../test/fake-paypal';
import { buildBidder, testClock } from '../../test/marketplace';
import { confirm, paidForm } from '../../test/payments';
import { connectedBidder, openAuctionOf } from '../../test/sockets';
import { rows } from '../db/client';
import { processRegistry } from '../lib/metrics';
import { adjustTokens } from '../modules/admin/admin.service';
import { sweepPeriods } from '../modules/auctions/period-sweep';
import { deliverDueNotifications } from '../modules/notifications/outbox.service';

const redisUrl = process.env.TEST_REDIS_URL;

/** Samples of a Prometheus text exposition, keyed `name{labels}` (labels as printed). */
export function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

let fake: FakePaypal;
const paypalEnv = () => ({
  PAYOUTS_PROVIDER: 'paypal',
  PAYPAL_CLIENT_ID,
  PAYPAL_CLIENT_SECRET: PAYPAL_SECRET,
  PAYPAL_WEBHOOK_ID,
  PAYPAL_API_URL: fake.url,
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
});

beforeAll(async () => {
  fake = await startFakePaypal();
});
afterAll(() => fake.close());

async function scrape(t: TestApp): Promise<Map<string, number>> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body);
}

describe('business metrics', () => {
  const clock = testClock('2026-03-05T15:00:00Z');
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp({ SWEEPER_ENABLED: 'false', ...paypalEnv() }, { clock: clock.clock });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('moves with a bid, a chat message, a close, a purchase and a failing payout', async () => {
    const db = t.database.db;
    // Counters are the process's: compare with their values before (read without a scrape,
    // so the first /metrics read below is also the first read of the database figures).
    const before = parseExposition(await processRegistry.metrics());
    const moved = (after: Map<string, number>, key: string) =>
      (after.get(key) ?? 0) - (before.get(key) ?? 0);

    // Bids over sockets: one placed, one refused as too low, one that outbids the first.
    const owner = await buildBidder(db, 0, { sms_notification: true });
    const a = await connectedBidder(t, url, sockets, 100);
    const b = await connectedBidder(t, url, sockets, 100);
    const auctionId = await openAuctionOf(t, clock.clock, owner.id);
    const joined = new Promise((resolve) => a.socket.once('roomJoined', resolve));
    a.socket.emit('joinRoom', auctionId);
    await joined;
    const bid = (who: typeof a, amount: number) =>
      new Promise((resolve) => {
        who.socket.once('bidSuccess', () => resolve('ok'));
        who.socket.once('bidError', (e) => resolve(e.message));
        who.socket.emit('placeBid', { auctionId, bidderId: who.id, bidAmount: amount });
      });
    expect(await bid(a, 10)).toBe('ok');
    expect(await bid(b, 10)).not.toBe('ok');
    expect(await bid(b, 20)).toBe('ok');

    // The close makes b's connection with the owner; the owner accepts and writes.
    clock.set(new Date(clock.clock().getTime() + 1000));
    const { closed } = await sweepPeriods(
      { db, clock: clock.clock, realtime: t.app.realtime },
      { force: true },
    );
    expect(closed!.connectionCount).toBe(1);
    const ownerSession = await signIn(t, owner.phone_number);
    const ownerHeaders = { authorization: `Bearer ${ownerSession.token}` };
    const [connection] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM connections WHERE auction_id = ${auctionId}`,
    );
    const accept = await t.app.inject({
      method: 'PUT',
      url: `/api/connections/${connection!.id}/status`,
      headers: ownerHeaders,
      payload: { status: 'accepted' },
    });
    expect(accept.statusCode).toBe(200);
    const message = await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId(owner.id, b.id)}/messages`,
      headers: ownerHeaders,
      payload: { text: 'Hello there' },
    });
    expect(message.statusCode).toBe(200);

    // A card purchase, credited.
    const bundles = (
      await t.app.inject({ method: 'GET', url: '/api/items', headers: a.headers })
    ).json().items;
    const { request } = await paidForm(t, a.headers, bundles[0]);
    expect((await confirm(t, a.headers, request)).statusCode).toBe(200);

    // Payouts: PayPal refuses one address (failed), and is down for the next (not sent).
    const earner = await buildBidder(db, 0);
    await adjustTokens({ db }, earner.username!, 1000, {
      redeemable: true,
      cash: { cents: 1000, reference: 'Bank transfer' },
    });
    const earnerHeaders = {
      authorization: `Bearer ${(await signIn(t, earner.phone_number)).token}`,
    };
    const redeem = async (email: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/redeem-tokens',
          headers: earnerHeaders,
          payload: { token_amount: 500, paypal_email: email },
        })
      ).json().redemption.id as number;
    const status = async (id: number) =>
      (
        await rows<{ status: string; payout_status: string | null }>(
          db,
          sql`SELECT status, payout_status FROM redemptions WHERE id = ${id}`,
        )
      )[0]!;
    const refused = await redeem('nobody@invalid.x');
    await expect.poll(async () => (await status(refused)).status).toBe('failed');
    fake.failNext(503);
    const unsent = await redeem('member@example.com');
    await expect.poll(async () => (await status(unsent)).payout_status).toBe('SEND_FAILED');

    // An outbox text due two minutes ago, still waiting; then a send that fails.
    const [alert] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM alerts WHERE user_id = ${owner.id} ORDER BY id LIMIT 1`,
    );
    await db.execute(sql`DELETE FROM notification_outbox`);
    await db.execute(
      sql`INSERT INTO notification_outbox (user_id, channel, alert_id, next_attempt_at)
          VALUES (${owner.id}, 'sms', ${alert!.id}, now() - interval '2 minutes')`,
    );

    const after = await scrape(t);
    expect(moved(after, 'bidboard_bids_placed_total')).toBe(2);
    expect(moved(after, 'bidboard_bids_refused_total{reason="bid_too_low"}')).toBe(1);
    expect(moved(after, 'bidboard_socket_connections_total')).toBe(2);
    expect(moved(after, 'bidboard_socket_events_total{event="placeBid"}')).toBe(3);
    expect(moved(after, 'bidboard_socket_events_total{event="joinRoom"}')).toBe(1);
    expect(moved(after, 'bidboard_room_joins_total{outcome="joined",card="read"}')).toBe(1);
    expect(after.get('bidboard_socket_connected')).toBe(2);
    expect(moved(after, 'bidboard_alerts_written_total{kind="outbid"}')).toBe(1);
    expect(moved(after, 'bidboard_alerts_written_total{kind="auction_won"}')).toBe(1);
    expect(
      moved(after, 'bidboard_alerts_written_total{kind="winning_bidder_connection_pending"}'),
    ).toBe(1);
    // The outbid bidder's result: each kind counted as written, never a share of the total.
    expect(moved(after, 'bidboard_alerts_written_total{kind="auction_result"}')).toBe(1);
    expect(moved(after, 'bidboard_closes_total{outcome="closed"}')).toBe(1);
    expect(moved(after, 'bidboard_close_connections_created_total')).toBe(1);
    expect(moved(after, 'bidboard_close_auctions_closed_total')).toBe(closed!.auctionCount);
    expect(closed!.auctionCount).toBeGreaterThanOrEqual(3);
    expect(after.get('bidboard_close_last_success_timestamp_seconds')).toBe(
      clock.clock().getTime() / 1000,
    );
    for (const stage of ['close_period', 'close_auctions', 'write_alerts', 'open_next_period']) {
      expect(moved(after, `bidboard_close_stage_duration_seconds_count{stage="${stage}"}`)).toBe(1);
    }
    expect(moved(after, 'bidboard_close_stage_duration_seconds_count{stage="fan_out"}')).toBe(1);
    expect(moved(after, 'bidboard_chat_messages_total{kind="text"}')).toBe(1);
    expect(moved(after, 'bidboard_purchases_total{outcome="credited"}')).toBe(1);
    expect(moved(after, 'bidboard_redemptions_total{outcome="requested"}')).toBe(2);
    expect(moved(after, 'bidboard_payouts_total{outcome="failed"}')).toBe(1);
    expect(moved(after, 'bidboard_payouts_total{outcome="send_failed"}')).toBe(1);
    expect(after.get('bidboard_redemptions_open{status="pending"}')).toBe(1);
    expect(after.get('bidboard_outbox_backlog{channel="sms"}')).toBe(1);
    expect(after.get('bidboard_outbox_backlog{channel="push"}')).toBe(0);
    expect(after.get('bidboard_outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(110);
    const periodEnd = after.get('bidboard_open_period_end_timestamp_seconds')!;
    expect(periodEnd).toBeGreaterThan(clock.clock().getTime() / 1000);
    expect(
      moved(
        after,
        'http_request_duration_seconds_count{method="POST",route="/api/chat/conversations/:cid/messages",status="200"}',
      ),
    ).toBe(1);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    if (onPostgres) {
      expect(after.get('bidboard_db_pool_max')).toBe(10);
      expect(after.get('bidboard_db_pool_waiting')).toBe(0);
      expect(after.get('bidboard_db_pool_connections{state="idle"}')).toBeGreaterThan(0);
    }
    if (redisUrl) {
      expect(after.get('bidboard_redis_up')).toBe(1);
      expect(after.get('bidboard_socket_adapter_stream_length')).toBeGreaterThan(0);
    }
    // No label carries an id: routes are patterns, every other label a fixed word. The
    // registry is the process's, shared with the apps of test files run before this one
    // in the same worker: the series this app added are the ones to judge.
    for (const key of after.keys()) {
      if (!/^(bidboard_|http_request)/.test(key) || before.has(key)) continue;
      expect(key.replace(/le="[^"]*"|status="\d{3}"/g, '')).not.toMatch(/="[^"]*\d{2,}[^"]*"/);
    }

    // The outbox text fails to send: counted by channel and outcome.
    await deliverDueNotifications({
      db,
      push: { send: async () => ({ ok: true }) } as never,
      sms: {
        send: async () => {
          throw new Error('provider down');
        },
      } as never,
      isViewing: async () => false,
    });
    const sent = parseExposition(await processRegistry.metrics());
    expect(moved(sent, 'bidboard_notifications_total{channel="sms",outcome="retry"}')).toBe(1);
  });
});

describe('durable jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(paypalEnv());
  });
  afterAll(() => t.close());

  it('report their last success and lag by name', async () => {
    const jobs = [
      'period_close',
      'connection_sweep',
      'notification_outbox',
      'upload_slot_sweep',
      'chat_image_sweep',
      'payout_sweep',
      'retention_sweep',
      'storage_deletion_sweep',
    ];
    await expect
      .poll(async () => {
        const now = await scrape(t);
        return jobs.filter(
          (job) => !now.has(`bidboard_job_last_success_timestamp_seconds{job="${job}"}`),
        );
      })
      .toEqual([]);
    const now = await scrape(t);
    for (const job of jobs) {
      expect(now.get(`bidboard_job_lag_seconds{job="${job}"}`)).toBeLessThan(60);
      expect(now.get(`bidboard_job_interval_seconds{job="${job}"}`)).toBeGreaterThan(0);
      expect(now.get(`bidboard_job_runs_total{job="${job}",outcome="ok"}`)).toBeGreaterThan(0);
    }
  });

  it('hold every metric the alert rules and the dashboard query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    const exposed = new Set<string>();
    for (const [, name, type] of res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exposed.add(name!);
      if (type === 'histogram')
        for (const s of ['_bucket', '_sum', '_count']) exposed.add(name + s);
    }
    // Gauges of a pool or a Redis connection exist only where there is one.
    const needs: Record<string, boolean> = {
      bidboard_db_pool_: onPostgres,
      bidboard_redis_up: Boolean(redisUrl),
      bidboard_socket_adapter_stream_length: Boolean(redisUrl),
    };
    const missing = [...referencedMetricNames()].filter((name) => {
      if (exposed.has(name)) return false;
      const condition = Object.entries(needs).find(([prefix]) => name.startsWith(prefix));
      return condition ? condition[1] : true;
    });
    expect(missing).toEqual([]);
  });
});
