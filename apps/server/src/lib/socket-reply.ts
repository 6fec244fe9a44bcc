// An answer meant for one socket, sent straight to it. With connection-state recovery on,
// socket.emit is a broadcast to the socket's own room: through the Redis adapter it is
// published to every server and waits for Redis before it leaves, and every server keeps
// it two minutes for replay. Answers the client asks for again after any reconnect need
// neither: a room join's card (the Bid Board joins its visible cards again on every
// connect) and the partners online on connect (sent again by every connection).
import type { ServerToClientEvents } from '@bidboard/shared';
import type { Socket } from 'socket.io';

/** socket.io's EVENT packet type. */
const EVENT = 2;

interface PacketWriter {
  packet(packet: { type: number; data: unknown[] }, opts: object): void;
}

export function replyTo<E extends keyof ServerToClientEvents>(
  socket: Socket,
  event: E,
  ...args: Parameters<ServerToClientEvents[E]>
): void {
  // Socket.emit's own path when recovery is off (socket.io 4's Socket#packet).
  (socket as unknown as PacketWriter).packet({ type: EVENT, data: [event, ...args] }, {});
}
