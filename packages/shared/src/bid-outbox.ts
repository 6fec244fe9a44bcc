// The client's half of a bid's key (issue 18): each socket bid gets a key, and a bid still
// unanswered when the connection drops (a server draining for a deploy closes its
// transports, and Socket.IO does not resend what a dead transport swallowed) is sent again
// with the same key once the socket is connected again, wherever the balancer put it. The
// server answers a key it has seen with its first answer (place_bid_once), so a resent
// bid is never placed twice. A bid emitted while disconnected is not resent: the client
// library sends it on connecting. Types only from events: this file stays free of zod.
import type { ClientToServerEvents } from './events';

type PlaceBid = Parameters<ClientToServerEvents['placeBid']>[0];

/** How long an unanswered bid is worth sending again: the card gives up waiting then. */
export const BID_RESEND_WINDOW_MS = 10_000;

/** The part of a Socket.IO client socket the outbox uses. */
export interface BidSocket {
  readonly connected: boolean;
  emit(event: 'placeBid', payload: PlaceBid): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(
    event: 'bidSuccess' | 'bidError' | 'socketError',
    listener: (p: { key?: string }) => void,
  ): unknown;
}

export interface BidOutbox {
  /** Emits the bid with a new key and returns the key (its answer carries it). */
  send(bid: Omit<PlaceBid, 'key'>): string;
  /** Bids sent and not answered yet. */
  readonly pending: number;
}

export function bidOutbox(
  socket: BidSocket,
  options: { newKey: () => string; now?: () => number; windowMs?: number },
): BidOutbox {
  const now = options.now ?? Date.now;
  const windowMs = options.windowMs ?? BID_RESEND_WINDOW_MS;
  // Which connection each unanswered bid was last written to.
  const pending = new Map<string, { payload: PlaceBid; sentAt: number; connection: number }>();
  let connection = 0;

  socket.on('connect', () => {
    connection++;
    for (const [key, bid] of pending) {
      if (now() - bid.sentAt > windowMs) {
        pending.delete(key);
      } else if (bid.connection < connection) {
        bid.connection = connection;
        socket.emit('placeBid', bid.payload);
      }
    }
  });
  const settle = (answer: { key?: string }) => {
    if (answer.key !== undefined) pending.delete(answer.key);
  };
  socket.on('bidSuccess', settle);
  socket.on('bidError', settle);
  socket.on('socketError', settle);

  return {
    send(bid) {
      const key = options.newKey();
      const payload = { ...bid, key };
      // Emitted while disconnected, the library writes it on the next connection itself.
      pending.set(key, {
        payload,
        sentAt: now(),
        connection: socket.connected ? connection : connection + 1,
      });
      socket.emit('placeBid', payload);
      return key;
    },
    get pending() {
      return pending.size;
    },
  };
}
