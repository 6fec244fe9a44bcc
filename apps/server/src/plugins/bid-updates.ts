// A bid update to an auction room names its bidder, except to the members with a block with
// that bidder (product rules, Blocks cover everything: 'A member outbid you', and no name in
// a third member's room). Socket.IO rooms do not intersect, so each member's sockets in an
// auction room are also in that auction's watcher room of theirs (joined together in
// auctions.socket.ts): the room hears the update less those members, and their watcher
// rooms hear it without the name, on every server through the adapter.
import { type BidUpdate, userRoom } from '@bidboard/shared';
import { watcherRoom } from '../lib/realtime';
import type { AppSocketServer } from './socket';

export interface RoomBidUpdate {
  update: BidUpdate;
  /** Members with a block with the update's bidder, either way. */
  hiddenFrom: readonly number[];
}

export function sendBidUpdate(io: AppSocketServer, room: string, sent: RoomBidUpdate): void {
  const { update, hiddenFrom } = sent;
  if (hiddenFrom.length === 0) {
    io.to(room).emit('bidUpdate', update);
    return;
  }
  io.to(room).except(hiddenFrom.map(userRoom)).emit('bidUpdate', update);
  io.to(hiddenFrom.map((id) => watcherRoom(update.id, id))).emit('bidUpdate', {
    ...update,
    bidderUsername: null,
  });
}
