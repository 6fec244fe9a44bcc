// Chat in real time on one server: new-message to every tab of both members, read
// receipts, the typing indicator, presence (onlineUsers, userOnline only for the first
// tab, userOffline only when the last one closes) and the inactivity disconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { acceptedPairs, send } from '../../../test/chat';
import { type Listener, listen } from '../../../test/connections';
import { testClock } from '../../../test/marketplace';

const clock = testClock('2025-06-02T15:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SWEEPER_ENABLED: 'false' }, { clock: clock.clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const settle = () => new Promise((r) => setTimeout(r, 150));
const names = (l: Listener) => l.events.map(([n]) => n);

describe('new-message, messagesRead and typing', () => {
  it("reaches every tab of the partner and the sender's other tabs, once each", async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const ownerTab1 = await listen(t, pair!.owner);
    const ownerTab2 = await listen(t, pair!.owner);
    const bidderTab = await listen(t, pair!.bidder);
    const sent = (await send(t, pair!.bidder, pair!.cid, { text: 'hi there' })).json();
    for (const tab of [ownerTab1, ownerTab2, bidderTab]) {
      const event = await tab.next('new-message');
      expect(event).toMatchObject({
        senderId: pair!.bidder.id,
        cid: pair!.cid,
        message: { id: sent.msgId, text: 'hi there', senderId: pair!.bidder.id },
        unread: { [pair!.owner.id]: 1, [pair!.bidder.id]: 0 },
      });
    }
    await settle();
    expect(names(ownerTab1).filter((n) => n === 'new-message')).toEqual([]);

    await t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${pair!.cid}/read`,
      headers: pair!.owner.headers,
    });
    expect(await bidderTab.next('messagesRead')).toEqual({
      cid: pair!.cid,
      userId: pair!.owner.id,
      lastReadId: sent.msgId,
    });
    // The reader's other tab clears its unread dot too.
    expect(await ownerTab2.next('messagesRead')).toMatchObject({ userId: pair!.owner.id });

    bidderTab.socket.emit('typing', { cid: pair!.cid, isTyping: true });
    expect(await ownerTab1.next('typing')).toEqual({
      cid: pair!.cid,
      userId: pair!.bidder.id,
      isTyping: true,
    });
    for (const l of [ownerTab1, ownerTab2, bidderTab]) l.socket.close();
  });

  it('relays no typing into a conversation the member is not in', async () => {
    const [pair, other] = await acceptedPairs(t, clock, 2);
    const owner = await listen(t, pair!.owner);
    const intruder = await listen(t, other!.bidder);
    intruder.socket.emit('typing', { cid: pair!.cid, isTyping: true });
    intruder.socket.emit('typing', { cid: 'nonsense', isTyping: true });
    await settle();
    expect(names(owner)).not.toContain('typing');
    owner.socket.close();
    intruder.socket.close();
  });
});

describe('presence', () => {
  it('onlineUsers on connect; userOnline for the first tab only; userOffline after the last tab', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const owner = await listen(t, pair!.owner);
    expect(await owner.next('onlineUsers')).toEqual([]);

    const bidderTab1 = await listen(t, pair!.bidder);
    expect(await owner.next('userOnline')).toBe(pair!.bidder.id);
    expect(await bidderTab1.next('onlineUsers')).toEqual([pair!.owner.id]);
    const bidderTab2 = await listen(t, pair!.bidder);
    await bidderTab2.next('onlineUsers');
    await settle();
    expect(names(owner)).not.toContain('userOnline');

    // connectUser asks again (the client's listeners are in place by then).
    owner.socket.emit('connectUser', pair!.owner.id);
    expect(await owner.next('onlineUsers')).toEqual([pair!.bidder.id]);

    bidderTab1.socket.close();
    await settle();
    expect(names(owner)).not.toContain('userOffline');
    bidderTab2.socket.close();
    expect(await owner.next('userOffline')).toBe(pair!.bidder.id);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/chat/conversations',
      headers: pair!.owner.headers,
    });
    expect(list.json().conversations).toEqual([]);
    owner.socket.close();
  });

  it('sends inactivityDisconnect and closes a socket idle past the setting', async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const idle = await listen(t, pair!.owner);
    const active = await listen(t, pair!.bidder);
    await idle.next('onlineUsers');
    const disconnected = new Promise((resolve) => idle.socket.on('disconnect', resolve));
    clock.set(new Date(clock.clock().getTime() + 20 * 60_000));
    active.socket.emit('userActivity');
    await settle();
    clock.set(new Date(clock.clock().getTime() + 11 * 60_000));
    expect(await t.app.presence.disconnectIdle()).toBe(1);
    await idle.next('inactivityDisconnect');
    await disconnected;
    expect(active.socket.connected).toBe(true);
    active.socket.close();
  });

  it("closes one member's idle sockets on demand through the development hook", async () => {
    const [pair] = await acceptedPairs(t, clock, 1);
    const target = await listen(t, pair!.owner);
    const other = await listen(t, pair!.bidder);
    await target.next('onlineUsers');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/presence/disconnect-idle',
      payload: { idleMs: 0, userId: pair!.owner.id },
    });
    expect(res.json()).toEqual({ closed: 1 });
    await target.next('inactivityDisconnect');
    expect(other.socket.connected).toBe(true);
    other.socket.close();
  });
});
