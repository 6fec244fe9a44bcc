// Replies to one socket (a room's card on joinRoom, a refusal, the end of its session) go
// from this server straight to that socket. Under connection-state recovery a plain
// socket.emit is a broadcast: with Redis it is appended to the shared stream, sent only once
// Redis answers, and read back by every other server (which has no such socket); without
// Redis it is kept in memory for the recovery window. The client asks for these replies
// again after every reconnect, so neither is worth it.
import { Adapter, type BroadcastOptions, SessionAwareAdapter } from 'socket.io-adapter';
import type { AppSocket } from './socket';

/** Emits to `socket` alone, from this server, kept for no recovery. */
export function replyTo(socket: AppSocket) {
  return socket.nsp.local.to(socket.id);
}

/**
 * The adapter of a server without Redis. Like the Redis adapter, it keeps no packet sent
 * with the local flag for recovery (the in-memory one it extends keeps every packet).
 */
export class LocalPacketsNotKeptAdapter extends SessionAwareAdapter {
  override broadcast(packet: Parameters<Adapter['broadcast']>[0], opts: BroadcastOptions): void {
    if (opts.flags?.local) Adapter.prototype.broadcast.call(this, packet, opts);
    else super.broadcast(packet, opts);
  }
}
