import { describe, expect, it } from 'vitest';
import { BID_RESEND_WINDOW_MS, type BidSocket, bidOutbox } from './bid-outbox';

function fakeSocket() {
  const listeners = new Map<string, ((payload: { key?: string }) => void)[]>();
  const sent: { key?: string; bidAmount: number }[] = [];
  const socket = {
    connected: false,
    emit: (_event: string, payload: { key?: string; bidAmount: number }) => sent.push(payload),
    on: (event: string, listener: (payload: { key?: string }) => void) =>
      listeners.set(event, [...(listeners.get(event) ?? []), listener]),
  };
  const fire = (event: string, payload: { key?: string } = {}) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { socket: socket as BidSocket & { connected: boolean }, sent, fire };
}

describe('bid outbox', () => {
  it('leaves a bid emitted while disconnected to the library, and resends only within the window', () => {
    const { socket, sent, fire } = fakeSocket();
    let now = 0;
    let n = 0;
    const outbox = bidOutbox(socket, { newKey: () => `k${++n}`, now: () => now });
    outbox.send({ auctionId: 1, bidderId: 2, bidAmount: 100 });
    socket.connected = true;
    fire('connect');
    expect(sent.map((b) => b.key)).toEqual(['k1']);

    outbox.send({ auctionId: 1, bidderId: 2, bidAmount: 110 });
    fire('connect');
    expect(sent.map((b) => b.key)).toEqual(['k1', 'k2', 'k1', 'k2']);
    // A refusal before the handler (the event budget) carries the key too.
    fire('socketError', { key: 'k2' });
    now += BID_RESEND_WINDOW_MS + 1;
    fire('connect');
    expect(sent).toHaveLength(4);
    expect(outbox.pending).toBe(0);
  });
});
