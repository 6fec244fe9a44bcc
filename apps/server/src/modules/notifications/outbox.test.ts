// The notification outbox: rows written with the alert or message that causes them,
// sent by web push and SMS according to the member's settings, not pushed to a member
// reading the conversation, retried with backoff and never sent twice.
import { CHAT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { listen } from '../../../test/connections';
import { onPostgres } from '../../../test/database';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import type { PushResult, PushSender, PushTarget } from '../../adapters/push/push.port';
import { rows } from '../../db/client';
import { insertAlert } from '../alerts/alerts.repository';
import { deliverDueNotifications, OUTBOX_MAX_ATTEMPTS, type OutboxDeps } from './outbox.service';

class RecordingPush implements PushSender {
  readonly publicKey = 'test';
  sent: { endpoint: string; payload: Record<string, unknown> }[] = [];
  answer: PushResult = { ok: true };
  async send(target: PushTarget, payload: string) {
    if (this.answer.ok) this.sent.push({ endpoint: target.endpoint, payload: JSON.parse(payload) });
    return this.answer;
  }
  async checkEndpoint() {
    return null;
  }
}

const clock = testClock('2025-06-02T15:00:00Z');
const push = new RecordingPush();
let t: TestApp;
let deps: OutboxDeps;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, push });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  deps = { db: t.database.db, push, sms: t.sms, isViewing: t.app.presence.isViewing };
});
afterAll(() => t.close());

async function subscribe(userId: number) {
  const endpoint = `https://push.example/${userId}/${Math.random()}`;
  await t.database.db.execute(
    sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
        VALUES (${userId}, ${endpoint}, 'key', 'auth')`,
  );
  return endpoint;
}

async function outboxOf(userId: number) {
  return rows<{ id: number; channel: string; status: string; attempts: number; due: boolean }>(
    t.database.db,
    sql`SELECT id, channel, status, attempts, next_attempt_at <= now() AS due
          FROM notification_outbox WHERE user_id = ${userId} ORDER BY id`,
  );
}

async function drain() {
  while ((await deliverDueNotifications(deps)) > 0);
}

describe('messages', () => {
  it('pushes a new message to every subscribed browser of the recipient, once', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const endpoints = [await subscribe(pair!.owner.id), await subscribe(pair!.owner.id)];
    await send(t, pair!.bidder, pair!.cid, { text: 'are you there?' });
    expect(await outboxOf(pair!.owner.id)).toMatchObject([{ channel: 'push', status: 'pending' }]);
    expect(await outboxOf(pair!.bidder.id)).toEqual([]);
    push.sent = [];
    await drain();
    expect(push.sent.map((s) => s.endpoint).sort()).toEqual(endpoints.sort());
    expect(push.sent[0]!.payload).toEqual({
      title: CHAT_MESSAGES.newMessageTitle(pair!.bidder.username),
      body: 'are you there?',
      url: `/?chat=${pair!.cid}`,
      tag: `chat-${pair!.cid}`,
    });
    expect(await outboxOf(pair!.owner.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    await drain();
    expect(push.sent).toHaveLength(2);
  });

  it('sends no push to a member reading the conversation in a foreground tab, nor for read messages', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    await subscribe(pair!.owner.id);
    const tab = await listen(t, pair!.owner);
    tab.socket.emit('chatView', { cid: pair!.cid, foreground: true });
    await new Promise((r) => setTimeout(r, 150));
    push.sent = [];
    await send(t, pair!.bidder, pair!.cid, { type: 'text', text: 'you see this live' });
    await drain();
    expect(push.sent).toEqual([]);
    expect((await outboxOf(pair!.owner.id)).at(-1)).toMatchObject({ status: 'skipped' });

    // In the background the push goes out; once read, a pending one is dropped.
    tab.socket.emit('chatView', { cid: pair!.cid, foreground: false });
    await new Promise((r) => setTimeout(r, 150));
    await send(t, pair!.bidder, pair!.cid, { text: 'now in background' });
    await drain();
    expect(push.sent).toHaveLength(1);
    await send(t, pair!.bidder, pair!.cid, { text: 'read before sent' });
    await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${pair!.cid}/read`,
      headers: pair!.owner.headers,
    });
    await drain();
    expect(push.sent).toHaveLength(1);
    expect((await outboxOf(pair!.owner.id)).at(-1)).toMatchObject({ status: 'skipped' });
    tab.socket.close();
  });

  it('texts members who opted in, once per unread streak, and never after STOP', async () => {
    const [pair, stopped] = await acceptedPairs(t, clock, 2);
    await t.database.db.execute(
      sql`UPDATE users SET sms_notification = true WHERE id IN (${pair!.owner.id}, ${stopped!.owner.id})`,
    );
    await t.database.db.execute(
      sql`UPDATE users SET twilio_stop = true WHERE id = ${stopped!.owner.id}`,
    );
    await send(t, pair!.bidder, pair!.cid, { text: 'one' });
    await send(t, pair!.bidder, pair!.cid, { text: 'two' });
    await send(t, stopped!.bidder, stopped!.cid, { text: 'nope' });
    expect(await outboxOf(pair!.owner.id)).toMatchObject([{ channel: 'sms' }]);
    expect(await outboxOf(stopped!.owner.id)).toEqual([]);
    await drain();
    expect(t.sms.lastTo(pair!.owner.phone_number)?.body).toBe(
      `Bidboard: ${CHAT_MESSAGES.newMessageTitle(pair!.bidder.username)}`,
    );
    // The last text that member got is their sign-in code.
    expect(t.sms.lastTo(stopped!.owner.phone_number)?.body).not.toContain('New message');
  });
});

describe('alerts', () => {
  it('queues alerts in their own transaction, bid alerts only with the bid switch on', async () => {
    const on = await buildMember(t.database.db);
    const off = await buildMember(t.database.db, { bid_notification: false });
    for (const m of [on, off]) await subscribe(m.id);
    const alert = (userId: number, kind: 'outbid' | 'connection_accepted') =>
      insertAlert(t.database.db, {
        userId,
        kind,
        payload: { auctionCreatorUsername: 'ann' },
        message: `${kind}!`,
        text: { key: 'none' },
      });
    await alert(on.id, 'outbid');
    await alert(off.id, 'outbid');
    await alert(off.id, 'connection_accepted');
    expect(await outboxOf(on.id)).toHaveLength(1);
    expect(await outboxOf(off.id)).toHaveLength(1);
    push.sent = [];
    await drain();
    expect(push.sent.map((s) => s.payload)).toEqual(
      expect.arrayContaining([
        { title: 'Bidboard', body: 'outbid!', url: '/ann', tag: expect.stringMatching(/^alert-/) },
        {
          title: 'Bidboard',
          body: 'connection_accepted!',
          url: '/connections',
          tag: expect.any(String),
        },
      ]),
    );
    // A transaction that rolls back leaves no notification behind.
    await t.database.db
      .transaction(async (tx) => {
        await insertAlert(tx, {
          userId: on.id,
          kind: 'outbid',
          payload: {},
          message: 'x',
          text: { key: 'x' },
        });
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await outboxOf(on.id)).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries a refused push with a growing delay, then gives up', async () => {
    const member = await buildMember(t.database.db);
    await subscribe(member.id);
    await insertAlert(t.database.db, {
      userId: member.id,
      kind: 'connection_reward',
      payload: {},
      message: 'paid',
      text: { key: 'none' },
    });
    push.answer = { ok: false, gone: false, statusCode: 500 };
    try {
      await deliverDueNotifications(deps);
      const [row] = await outboxOf(member.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, due: false });
      for (let i = 2; i <= OUTBOX_MAX_ATTEMPTS; i++) {
        await t.database.db.execute(
          sql`UPDATE notification_outbox SET next_attempt_at = now() WHERE user_id = ${member.id}`,
        );
        await deliverDueNotifications(deps);
      }
      expect((await outboxOf(member.id))[0]).toMatchObject({
        status: 'failed',
        attempts: OUTBOX_MAX_ATTEMPTS,
      });
    } finally {
      push.answer = { ok: true };
    }
  });

  it('deletes subscriptions the push service says are gone', async () => {
    const member = await buildMember(t.database.db);
    await subscribe(member.id);
    await insertAlert(t.database.db, {
      userId: member.id,
      kind: 'connection_reward',
      payload: {},
      message: 'x',
      text: { key: 'none' },
    });
    push.answer = { ok: false, gone: true, statusCode: 410 };
    try {
      await drain();
    } finally {
      push.answer = { ok: true };
    }
    expect((await outboxOf(member.id))[0]).toMatchObject({ status: 'skipped' });
    const left = await rows(
      t.database.db,
      sql`SELECT id FROM push_subscriptions WHERE user_id = ${member.id}`,
    );
    expect(left).toEqual([]);
  });
});

describe.skipIf(!onPostgres)('several workers (PostgreSQL)', () => {
  it('send each notification exactly once', async () => {
    const members = await Promise.all(Array.from({ length: 40 }, () => buildMember(t.database.db)));
    for (const m of members) {
      await subscribe(m.id);
      await insertAlert(t.database.db, {
        userId: m.id,
        kind: 'connection_reward',
        payload: {},
        message: 'x',
        text: { key: 'none' },
      });
    }
    push.sent = [];
    const worker = async () => {
      while ((await deliverDueNotifications(deps)) > 0);
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const mine = push.sent.filter((s) => members.some((m) => s.endpoint.includes(`/${m.id}/`)));
    expect(mine).toHaveLength(40);
    expect(new Set(mine.map((s) => s.endpoint)).size).toBe(40);
  });
});
