// Scam notifications reach a member live (issue 42): a member with the app open, who
// exchanged messages with an account an admin then removes for fraud, gets the alert on
// their socket as the notice job commits it, without reloading; a member who never wrote
// to the account gets nothing. An account under a fraud hold reaches nobody live (product
// rules, Lawful to launch: it triggers no alert to others): its bids send their owner no
// bid alert and the member it outbids no outbid alert, while its own alerts still reach it.
import { conversationId, FRAUD_ALERT_MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
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

/** A bid over the member's socket, answered 'bidSuccess'. */
async function bid(bidder: { id: number; socket: Socket }, auctionId: number, bidAmount: number) {
  const placed = nextEvent(bidder.socket, 'bidSuccess');
  bidder.socket.emit('placeBid', { auctionId, bidderId: bidder.id, bidAmount });
  await placed;
}

/** Time for an alert written after the bid (the owner's) to arrive, were it sent. */
const settle = () => new Promise((r) => setTimeout(r, 500));

describe('an account under a fraud hold, on real sockets', () => {
  it('sends no live alert to anyone it bids on or outbids; its own alerts still reach it', async () => {
    const owner = await live.connected(0);
    const otherOwner = await live.connected(0);
    const held = await live.connected(500);
    const clean = await live.connected(500);
    const auctionId = await live.auctionOf(owner.id);
    const otherAuctionId = await live.auctionOf(otherOwner.id);
    const hold = await live.t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${held.id}/fraud-hold`,
      headers: admin,
      payload: { held: true },
    });
    expect(hold.statusCode).toBe(200);
    const ownerAlerts = alertsOn(owner.socket);
    const cleanAlerts = alertsOn(clean.socket);

    // The held account's bid: its owner hears nothing of it.
    await bid(held, auctionId, 120);
    await settle();
    expect(ownerAlerts).toEqual([]);

    // Outbid by a member not held, the held account is told, live, as anyone would be.
    const heldOutbid = nextEvent<{ kind: string }>(held.socket, 'new-alert');
    await bid(clean, auctionId, 130);
    expect(await heldOutbid).toMatchObject({ kind: 'outbid' });

    // The same member's bid elsewhere reaches that owner live: owners do hear of bids.
    const otherOwnerAlert = nextEvent<{ kind: string }>(otherOwner.socket, 'new-alert');
    await bid(clean, otherAuctionId, 120);
    expect(await otherOwnerAlert).toMatchObject({ kind: 'bid_received' });

    // Outbid by the held account, the member is told nothing, here or in their panel.
    await bid(held, otherAuctionId, 130);
    await settle();
    expect(cleanAlerts).toEqual([]);
    const panel = await live.t.app.inject({
      method: 'GET',
      url: '/api/alerts',
      headers: clean.headers,
    });
    expect(panel.json().alerts).toEqual([]);
  });
});
