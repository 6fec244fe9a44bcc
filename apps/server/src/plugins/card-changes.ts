// Which auctions' cards changed, heard by every server at the moment it delivers the
// change's broadcasts, so a room-card cache (modules/auctions/room-card-cache.ts) forgets a
// card before its change's bid updates reach this server's sockets. A change is announced
// as a broadcast to rooms no socket is ever in (`cards_{id}`, `cards_all`; joinRoom takes
// auction rooms only), published before the change's own: through the Redis stream it
// reaches every server in that order (a server-side emit would not: it goes by pub/sub).
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
 * Calls `heard` as this server delivers each announcement, its own or another server's.
 * Every broadcast the adapter delivers here, from this server or through Redis, passes
 * through its `apply` (socket.io-adapter's in-memory delivery, which the Redis adapter
 * extends); no public hook sees the other servers' broadcasts.
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

/** The cards an announcement's rooms name; null for every other broadcast. */
function announcedIn(rooms: ReadonlySet<string>): ChangedCards | null {
  const ids: number[] = [];
  for (const room of rooms) {
    if (room === ALL_CARDS) return 'all';
    if (room.startsWith(CARDS_PREFIX)) ids.push(Number(room.slice(CARDS_PREFIX.length)));
  }
  return ids.length > 0 ? ids : null;
}
