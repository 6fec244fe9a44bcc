// Scam notifications reach a member live (issue 42): a member with the app open, who
// exchanged messages with an account an admin then removes for fraud, gets the alert on
// their socket as the notice job commits it, without reloading; a member who never wrote
// to the account gets nothing.
import { conversationId, FRAUD_ALERT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/app';
import { buildMember } from '../../../test/factories';
import { testClock } from '../../../test/marketplace';
import { liveTestApp, nextEvent } from '../../../test/sockets';
import { sendFraudRemovalNotices } from './fraud-notices.service';

const clock = testClock('2026-03-10T15:00:00Z');
const live = liveTestApp(clock.clock);
let admin: Record<string, string>;
beforeAll(async () => {
  const row = await buildMember(live.t.database.db, { onboarded: 14, is_approved: true });
  const { token } = await signIn(live.t, row.phone_number);
  // Sign-in sets the role from ADMIN_PHONES, so the role is given after it.
  await live.t.database.db.execute(sql`UPDATE users SET role = 'admin' WHERE id = ${row.id}`);
  admin = { authorization: `Bearer ${token}` };
});

/** A conversation between the two with one message from `from`, an hour ago. */
async function exchanged(from: number, to: number) {
  const [a, b] = from < to ? [from, to] : [to, from];
  const at = new Date(clock.clock().getTime() - 3_600_000).toISOString();
  await live.t.database.db.execute(
    sql`INSERT INTO conversations (cid, user_a, user_b, message_count, created_at, updated_at)
        VALUES (${conversationId(a, b)}, ${a}, ${b}, 1, ${at}::timestamptz, ${at}::timestamptz)`,
  );
  await live.t.database.db.execute(
    sql`INSERT INTO messages (cid, seq, sender_id, text, created_at)
        VALUES (${conversationId(a, b)}, 1, ${from}, 'hello', ${at}::timestamptz)`,
  );
}

/** Every 'new-alert' the socket receives from now on. */
function alertsOn(socket: { on(event: string, fn: (alert: unknown) => void): unknown }) {
  const received: unknown[] = [];
  socket.on('new-alert', (alert) => received.push(alert));
  return received;
}

describe('a scam notification', () => {
  it.each([
    ['suspends', 'suspend'],
    ['deletes', 'delete'],
  ])(
    'reaches a member with the app open when an admin %s the account for fraud',
    async (_, action) => {
      const member = await live.connected(0);
      const bystander = await live.connected(0);
      const scammer = await buildMember(live.t.database.db, { onboarded: 14 });
      await exchanged(scammer.id, member.id);
      const bystanderAlerts = alertsOn(bystander.socket);

      const removed = await live.t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${scammer.id}/${action}`,
        headers: admin,
        payload: { reason: 'Asked members for gift cards', category: 'fraud_or_scam' },
      });
      expect(removed.statusCode).toBe(200);

      const arrived = nextEvent(member.socket, 'new-alert');
      // The job as every server runs it, with the app's realtime publisher.
      expect(
        await sendFraudRemovalNotices({
          db: live.t.database.db,
          clock: clock.clock,
          realtime: live.t.app.realtime,
        }),
      ).toBe(1);
      const alert = await arrived;
      expect(alert).toMatchObject({
        kind: 'fraud_removal',
        message: FRAUD_ALERT_MESSAGES.removed,
        isRead: false,
      });
      // Never who: the alert names no account.
      expect(JSON.stringify(alert)).not.toContain(String(scammer.username));
      // The panel holds the same alert, so a reload shows what arrived live.
      const panel = await live.t.app.inject({
        method: 'GET',
        url: '/api/alerts',
        headers: member.headers,
      });
      expect(panel.json().alerts).toContainEqual(expect.objectContaining({ id: alert.id }));
      expect(bystanderAlerts).toEqual([]);
    },
  );
});
