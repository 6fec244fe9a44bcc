// `app.realtime`: the one publisher of committed changes (lib/realtime.ts). It turns event
// data into Socket.IO emits (through the Redis adapter to every server), room changes,
// alert-range fan-out and session endings. Services reach it only through
// transactionThenPublish / publishAfterCommit, so nothing leaves before COMMIT. It also
// delivers to this server's members the alert ranges other servers announce.
import { auctionRoom } from '@bidboard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../db/client';
import type { Realtime, RealtimeEvent } from '../lib/realtime';
import { fanOutAlertRange, listenForAlertRanges } from '../modules/alerts/alerts.events';
import { type RoomBidUpdate, sendBidUpdate } from './bid-updates';
import { announceCardChanges } from './card-changes';
import type { CardUpdates } from './card-updates';
import type { SessionsEndedChannel } from './sessions-ended';
import type { AppSocketServer } from './socket';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export function socketRealtime(deps: {
  io: AppSocketServer;
  db: Executor;
  sessionsEnded: SessionsEndedChannel;
  /** Where the auction rooms' card updates go, coalesced; without it each is sent at once. */
  cardUpdates?: CardUpdates<RoomBidUpdate>;
  /** A publish that failed after its change committed (Redis away, the fan-out query). */
  onError: (err: unknown, event: RealtimeEvent) => void;
}): Realtime {
  const { io } = deps;
  const publishOne = async (event: RealtimeEvent) => {
    switch (event.kind) {
      case 'bidUpdate': {
        const room = auctionRoom(event.update.id);
        const sent = { update: event.update, hiddenFrom: event.hiddenFrom };
        if (!deps.cardUpdates) {
          sendBidUpdate(io, room, sent);
          return;
        }
        // The room's own broadcast is what makes the servers' room-card caches forget the
        // card: a held one would leave a join within the interval answered from before the
        // change, so they are told now.
        if (deps.cardUpdates.push(room, sent)) announceCardChanges(io, [event.update.id]);
        return;
      }
      case 'emit': {
        const target = event.to === 'everyone' ? io : io.to([...event.to]);
        // The event's name and arguments were typed together where it was built (emitTo).
        (target.emit as (name: string, ...args: unknown[]) => boolean)(event.event, ...event.args);
        return;
      }
      case 'cardsChanged':
        announceCardChanges(io, event.auctionIds);
        return;
      case 'leaveRooms':
        io.in(event.room).socketsLeave([...event.leave]);
        return;
      case 'alertRange':
        await fanOutAlertRange(io, deps.db, event.range);
        return;
      case 'sessionsEnded':
        await deps.sessionsEnded.announce({ userId: event.userId });
        return;
    }
  };
  return {
    // The change has committed: a member whose bid or payment went through must not be
    // told it failed because telling the others did. Each event goes on its own; a lost
    // one is logged, and the members' screens catch up on their next read or reconnect.
    async publish(events) {
      for (const event of events) {
        try {
          await publishOne(event);
        } catch (err) {
          deps.onError(err, event);
        }
      }
    },
  };
}

export default fp(
  async function realtimePlugin(app: FastifyInstance, opts: { db: Executor }) {
    listenForAlertRanges(app.io, opts.db, (err) =>
      app.log.error({ err }, 'alert range not delivered'),
    );
    app.decorate(
      'realtime',
      socketRealtime({
        io: app.io,
        db: opts.db,
        sessionsEnded: app.sessionsEnded,
        cardUpdates: app.cardUpdates,
        onError: (err, event) => app.log.error({ err, event: event.kind }, 'event not published'),
      }),
    );
  },
  { name: 'realtime', dependencies: ['socket', 'sessions-ended'] },
);
