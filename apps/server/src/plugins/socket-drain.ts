// A closing server first stops taking socket events, then waits for the handlers still
// running: a bid placed just before a shutdown gets its bidSuccess or bidError before the
// socket closes, and a bid refused here gets bidError saying to try again (the client is
// about to reconnect to another server), so none is left without an answer.
import { MESSAGES } from '@bidboard/shared';
import { textOf } from '../lib/errors';
import type { AppSocketServer } from './socket';

export function drainSocketEvents(io: AppSocketServer) {
  let closing = false;
  const running = new Set<Promise<unknown>>();

  io.on('connection', (socket) => {
    // Every module adds its handlers after this one: each async handler's promise is kept
    // until it settles (Socket.IO itself drops it), so finish() can wait for it.
    const on = socket.on.bind(socket);
    socket.on = ((event: string, listener: (...args: unknown[]) => unknown) =>
      on(
        event as never,
        ((...args: unknown[]) => {
          const result = listener(...args);
          if (result instanceof Promise) {
            running.add(result);
            result.then(
              () => running.delete(result),
              () => running.delete(result),
            );
          }
          return result;
        }) as never,
      )) as typeof socket.on;

    socket.use(([event, payload], next) => {
      if (!closing) return next();
      const message = MESSAGES.serverRestarting;
      if (event === 'placeBid') {
        const bid = payload as { auctionId?: unknown; key?: unknown } | null;
        const id = Number(bid?.auctionId);
        const text = textOf(message);
        socket.emit('bidError', {
          code: 'UNAVAILABLE',
          message,
          ...(text ? { text } : {}),
          auctionId: Number.isInteger(id) ? id : null,
          ...(typeof bid?.key === 'string' ? { key: bid.key } : {}),
        });
      } else {
        socket.emit('socketError', { event: String(event), code: 'SERVER_RESTARTING', message });
      }
    });
  });

  return {
    /** After the drain delay: no new events, no new sessions. */
    get closing() {
      return closing;
    },
    /** Refuses new events and resolves once every handler still running has settled. */
    async finish() {
      closing = true;
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
