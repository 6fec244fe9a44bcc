// Which auctions' cards changed, heard by every server at the moment it delivers the
// change's broadcasts, so a room-card cache (modules/auctions/room-card-cache.ts) forgets a
// card before its change's bid updates reach this server's sockets. Two kinds of broadcast
// tell of a change: any to an auction's room (a bid update, a removal), and an announcement
// for what its room does not hear (a leader's raised maximum, a voided lead, a block, a
// period's close), sent to rooms no socket is ever in (`cards_{id}`, `cards_all`; joinRoom
// takes auction rooms only) before the change's own broadcasts. Through Redis both travel
// the adapter's stream, in order with the rest (a server-side emit would go by pub/sub).
import { auctionOfRoom } from '@bidboard/shared';
import type { AppSocketServer } from './socket';

/** Auction ids, or every auction (a period's close). */
export type ChangedCards = readonly number[] | 'all';

const CARDS_PREFIX = 'cards_';
const ALL_CARDS = `${CARDS_PREFIX}all`;

/** Tells every server, this one included, that these auctions' cards changed. */
export function announceCardChanges(io: AppSocketServer, changed: ChangedCards): void {
  if (changed !== 'all' && changed.length === 0) return;
  const rooms = changed === 'all' ? [ALL_CARDS] : changed.map((id) => `${CARDS_PREFIX}${id}`);
  // Volatile: no socket is in these rooms, so there is nothing to keep for recovery.
  (io.to(rooms).volatile.emit as (event: string) => boolean)('cardsChanged');
}

type Apply = (opts: { rooms: ReadonlySet<string> }, callback: unknown) => void;

/**
 * Calls `heard` as this server delivers each broadcast that tells of a change, its own or
 * another server's: every broadcast the adapter delivers here, from this server or through
 * Redis, passes through its `apply` (socket.io-adapter's in-memory delivery, which the
 * Redis adapter extends); no public hook sees the other servers' broadcasts.
 */
export function hearCardChanges(io: AppSocketServer, heard: (changed: ChangedCards) => void) {
  const adapter = io.of('/').adapter as unknown as { apply: Apply };
  const apply = adapter.apply.bind(adapter);
  adapter.apply = (opts, callback) => {
    const changed = announcedIn(opts.rooms);
    if (changed) heard(changed);
    apply(opts, callback);
  };
}

/** The cards a broadcast's rooms tell of a change to; null for every other broadcast. */
function announcedIn(rooms: ReadonlySet<string>): ChangedCards | null {
  const ids: number[] = [];
  for (const room of rooms) {
    if (room === ALL_CARDS) return 'all';
    const id = room.startsWith(CARDS_PREFIX)
      ? Number(room.slice(CARDS_PREFIX.length))
      : auctionOfRoom(room);
    if (id !== null) ids.push(id);
  }
  return ids.length > 0 ? ids : null;
}
