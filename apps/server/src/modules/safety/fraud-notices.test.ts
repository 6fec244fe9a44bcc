// Scam notifications and fraud holds (issue 42, product rules: Lawful to launch): an account
// an admin removes for fraud or scam is told, once, to every member who exchanged messages
// with it in the 30 days before, by an alert whose push and text follow their settings,
// even when two servers run the notice job at the same moment; and an account under a fraud
// hold causes no push, text or shown alert for anyone else. An account an admin deletes for
// fraud or scam is told the same way; a member told about the account already is not told
// again.
import { CONNECTION_ALERT_MESSAGES, conversationId, FRAUD_ALERT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import type { PushResult, PushSender, PushTarget } from '../../adapters/push/push.port';
import { rows } from '../../db/client';
import { users } from '../../db/schema';
import { insertAlert } from '../alerts/alerts.repository';
import { deliverDueNotifications, type OutboxDeps } from '../notifications/outbox.service';
import { sendFraudRemovalNotices } from './fraud-notices.service';

class RecordingPush implements PushSender {
  readonly publicKey = 'test';
  sent: Record<string, unknown>[] = [];
  async send(_target: PushTarget, payload: string): Promise<PushResult> {
    this.sent.push(JSON.parse(payload));
    return { ok: true };
  }
  async checkEndpoint() {
    return null;
  }
}

const clock = testClock('2026-03-10T15:00:00Z');
const push = new RecordingPush();
let t: TestApp;
let admin: Record<string, string>;
let outbox: OutboxDeps;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock, push, poolSize: 4 });
  const row = await buildMember(t.database.db, { onboarded: 14, is_approved: true });
  // Sign-in sets the role from ADMIN_PHONES, so the role is given after it.
  const { token } = await signIn(t, row.phone_number);
  await t.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${row.id}`);
  admin = { authorization: `Bearer ${token}` };
  outbox = { db: t.database.db, push, sms: t.sms, isViewing: async () => false };
});
afterAll(() => t.close());

const daysAgo = (days: number) => new Date(clock.clock().getTime() - days * 86_400_000);

/** A conversation between the two with one message from `from`, `days` ago. */
async function exchanged(from: number, to: number, days: number) {
  const [a, b] = from < to ? [from, to] : [to, from];
  const cid = conversationId(a, b);
  const at = daysAgo(days).toISOString();
  await t.database.db.execute(
    sql`INSERT INTO conversations (cid, user_a, user_b, message_count, created_at, updated_at)
        VALUES (${cid}, ${a}, ${b}, 1, ${at}::timestamptz, ${at}::timestamptz)`,
  );
  await t.database.db.execute(
    sql`INSERT INTO messages (cid, seq, sender_id, text, created_at)
        VALUES (${cid}, 1, ${from}, 'hello', ${at}::timestamptz)`,
  );
}

async function subscribe(userId: number) {
  await t.database.db.execute(
    sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
        VALUES (${userId}, ${`https://push.example/${userId}`}, 'key', 'auth')`,
  );
}

const fraudAlertsOf = async (userId: number) =>
  rows<{ message: string }>(
    t.database.db,
    sql`SELECT message FROM alerts WHERE user_id = ${userId} AND kind = 'fraud_removal'`,
  );

const outboxOf = async (userId: number) =>
  (
    await rows<{ channel: string }>(
      t.database.db,
      sql`SELECT channel FROM notification_outbox WHERE user_id = ${userId} ORDER BY channel`,
    )
  ).map((row) => row.channel);

const suspend = (userId: number, category?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/suspend`,
    headers: admin,
    payload: { reason: 'Asked members for gift cards', ...(category ? { category } : {}) },
  });

const runOnTwoServers = () =>
  Promise.all([
    sendFraudRemovalNotices({ db: t.database.db, clock: clock.clock }),
    sendFraudRemovalNotices({ db: t.database.db, clock: clock.clock }),
  ]);

describe('scam notifications', () => {
  it('tells exactly the members who exchanged messages with the account in 30 days, once', async () => {
    const scammer = await buildMember(t.database.db, { onboarded: 14 });
    const wrote = await buildMember(t.database.db, { sms_notification: true });
    const wasWritten = await buildMember(t.database.db);
    const longAgo = await buildMember(t.database.db);
    const stranger = await buildMember(t.database.db);
    const gone = await buildMember(t.database.db);
    await exchanged(wrote.id, scammer.id, 5);
    await exchanged(scammer.id, wasWritten.id, 29);
    await exchanged(longAgo.id, scammer.id, 31);
    await exchanged(gone.id, scammer.id, 2);
    await t.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${gone.id}`);
    await subscribe(wasWritten.id);

    const res = await suspend(scammer.id, 'fraud_or_scam');
    expect(res.statusCode).toBe(200);
    const handled = await runOnTwoServers();
    expect(handled.reduce((a, b) => a + b, 0)).toBe(1);

    for (const told of [wrote, wasWritten]) {
      expect(await fraudAlertsOf(told.id)).toEqual([{ message: FRAUD_ALERT_MESSAGES.removed }]);
    }
    for (const untold of [longAgo, stranger, gone]) {
      expect(await fraudAlertsOf(untold.id)).toEqual([]);
    }
    // Push and text as each member's settings say: a text for one, a push for the other.
    expect(await outboxOf(wrote.id)).toEqual(['sms']);
    expect(await outboxOf(wasWritten.id)).toEqual(['push']);
    push.sent = [];
    while ((await deliverDueNotifications(outbox)) > 0);
    expect(push.sent).toMatchObject([{ body: FRAUD_ALERT_MESSAGES.removed }]);
    expect(t.sms.lastTo(wrote.phone_number)?.body).toContain(FRAUD_ALERT_MESSAGES.removed);

    // Later runs, on any server, tell nobody again.
    expect(await runOnTwoServers()).toEqual([0, 0]);
    expect(await fraudAlertsOf(wrote.id)).toHaveLength(1);
  });

  it('a suspension for another reason tells nobody', async () => {
    const member = await buildMember(t.database.db, { onboarded: 14 });
    const contact = await buildMember(t.database.db);
    await exchanged(contact.id, member.id, 1);
    expect((await suspend(member.id)).statusCode).toBe(200);
    expect(await runOnTwoServers()).toEqual([0, 0]);
    expect(await fraudAlertsOf(contact.id)).toEqual([]);
  });
});

const deleteAccount = (userId: number, category?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/delete`,
    headers: admin,
    payload: { reason: 'Asked members for gift cards', ...(category ? { category } : {}) },
  });

describe('an account an admin deletes', () => {
  it('for fraud or scam tells the members who exchanged messages with it in 30 days, once', async () => {
    const scammer = await buildMember(t.database.db, { onboarded: 14 });
    const wrote = await buildMember(t.database.db);
    const wasWritten = await buildMember(t.database.db);
    const longAgo = await buildMember(t.database.db);
    await exchanged(wrote.id, scammer.id, 3);
    await exchanged(scammer.id, wasWritten.id, 12);
    await exchanged(longAgo.id, scammer.id, 40);

    const res = await deleteAccount(scammer.id, 'fraud_or_scam');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ id: scammer.id, deleted_at: clock.clock().toISOString() });
    const [gone] = await rows<{ deleted: boolean; username: string | null }>(
      t.database.db,
      sql`SELECT deleted_at IS NOT NULL AS deleted, username FROM users WHERE id = ${scammer.id}`,
    );
    expect(gone).toEqual({ deleted: true, username: null });
    const handled = await runOnTwoServers();
    expect(handled.reduce((a, b) => a + b, 0)).toBe(1);

    for (const told of [wrote, wasWritten]) {
      expect(await fraudAlertsOf(told.id)).toEqual([{ message: FRAUD_ALERT_MESSAGES.removed }]);
    }
    expect(await fraudAlertsOf(longAgo.id)).toEqual([]);
    expect(await runOnTwoServers()).toEqual([0, 0]);
    // The audit log keeps the deletion, its reason and category.
    const [audit] = await rows<{ after: { category: string; reason: string } }>(
      t.database.db,
      sql`SELECT after FROM admin_audit_log
           WHERE action = 'member.delete' AND target_id = ${String(scammer.id)}`,
    );
    expect(audit!.after).toMatchObject({
      category: 'fraud_or_scam',
      reason: 'Asked members for gift cards',
    });
  });

  it('for fraud after a fraud suspension tells only those not told already', async () => {
    const scammer = await buildMember(t.database.db, { onboarded: 14 });
    const early = await buildMember(t.database.db);
    await exchanged(early.id, scammer.id, 4);
    expect((await suspend(scammer.id, 'fraud_or_scam')).statusCode).toBe(200);
    await runOnTwoServers();
    expect(await fraudAlertsOf(early.id)).toHaveLength(1);
    // Restored, the account writes to someone new; then it is deleted for fraud.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${scammer.id}/restore`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(200);
    const late = await buildMember(t.database.db);
    await exchanged(scammer.id, late.id, 1);
    expect((await deleteAccount(scammer.id, 'fraud_or_scam')).statusCode).toBe(200);
    await runOnTwoServers();
    expect(await fraudAlertsOf(early.id)).toHaveLength(1);
    expect(await fraudAlertsOf(late.id)).toEqual([{ message: FRAUD_ALERT_MESSAGES.removed }]);
  });

  it('for another reason tells nobody, and a deleted account cannot be deleted again', async () => {
    const member = await buildMember(t.database.db, { onboarded: 14 });
    const contact = await buildMember(t.database.db);
    await exchanged(contact.id, member.id, 1);
    expect((await deleteAccount(member.id)).statusCode).toBe(200);
    expect(await runOnTwoServers()).toEqual([0, 0]);
    expect(await fraudAlertsOf(contact.id)).toEqual([]);
    expect((await deleteAccount(member.id, 'fraud_or_scam')).statusCode).toBe(404);
    expect(await runOnTwoServers()).toEqual([0, 0]);
  });

  it('is for admins only', async () => {
    const member = await buildMember(t.database.db, { onboarded: 14 });
    const asker = await buildMember(t.database.db, { onboarded: 14 });
    const { token } = await signIn(t, asker.phone_number);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${member.id}/delete`,
      headers: { authorization: `Bearer ${token}` },
      payload: { reason: 'no', category: 'fraud_or_scam' },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await rows<{ deleted: boolean }>(
      t.database.db,
      sql`SELECT deleted_at IS NOT NULL AS deleted FROM users WHERE id = ${member.id}`,
    );
    expect(row!.deleted).toBe(false);
  });
});

describe('an account under a fraud hold', () => {
  it('causes no push, text or shown alert for anyone else', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const { owner, bidder } = pair!;
    await subscribe(owner.id);
    await t.database.db.execute(
      sql`UPDATE users SET sms_notification = true WHERE id = ${owner.id}`,
    );
    // An alert about the account written before the hold.
    const alert = await insertAlert(t.database.db, {
      userId: owner.id,
      kind: 'connection_mutual',
      payload: { userId: bidder.id, partnerUserId: bidder.id },
      message: CONNECTION_ALERT_MESSAGES.mutual(null),
      text: { key: 'CONNECTION_ALERT_MESSAGES.mutual', params: { other: null } },
    });
    const held = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${bidder.id}/fraud-hold`,
      headers: admin,
      payload: { held: true },
    });
    expect([held.statusCode, held.json().user.fraud_hold_at]).toEqual([200, expect.any(String)]);
    const queuedBefore = (await outboxOf(owner.id)).length;

    // A message from the held account queues nothing for its partner.
    expect((await send(t, bidder, pair!.cid, { text: 'are you free tonight?' })).statusCode).toBe(
      200,
    );
    expect(await outboxOf(owner.id)).toHaveLength(queuedBefore);

    // The alert written before the hold is neither sent nor shown while it lasts.
    push.sent = [];
    while ((await deliverDueNotifications(outbox)) > 0);
    expect(push.sent).toEqual([]);
    const panel = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: owner.headers });
    expect(panel.json().alerts.map((a: { id: number }) => a.id)).not.toContain(alert!.id);

    // The held member's own alerts still reach them; lifting the hold shows the others again.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${bidder.id}/fraud-hold`,
      headers: admin,
      payload: { held: false },
    });
    const after = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: owner.headers });
    expect(after.json().alerts.map((a: { id: number }) => a.id)).toContain(alert!.id);
    expect((await send(t, bidder, pair!.cid, { text: 'sorry' })).statusCode).toBe(200);
    expect((await outboxOf(owner.id)).length).toBeGreaterThan(queuedBefore);
  });

  it('is placed by the scam guard’s report', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    for (let i = 0; i < 3; i++) {
      const res = await send(t, pair!.bidder, pair!.cid, {
        text: `please send a gift card ${i}`,
        confirmed: true,
      });
      expect(res.statusCode).toBe(200);
    }
    const [row] = await rows<{ held: boolean }>(
      t.database.db,
      sql`SELECT fraud_hold_at IS NOT NULL AS held FROM ${users} WHERE id = ${pair!.bidder.id}`,
    );
    expect(row!.held).toBe(true);
  });
});
