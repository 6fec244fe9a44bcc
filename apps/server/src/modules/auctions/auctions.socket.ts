// Socket adapter for bidding and auction rooms (marketplace §7 Realtime). placeBid runs
// the same domain function as the REST route; failures go back as bidError.

import {
  AUCTION_MESSAGES,
  auctionRoom,
  auctionRoomPayload,
  type ClientToServerEvents,
  MESSAGES,
  placeBidPayload,
  type ServerToClientEvents,
} from '@bidboard/shared';
import type { Socket } from 'socket.io';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { AppSocketServer, InterServerEvents, SocketData } from '../../plugins/socket';
import { type BidEvents, placeBid } from '../bids/bids.service';
import { getAuctions } from './auctions.service';

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Auctions per card query when many joins arrive at once. */
const JOINS_PER_QUERY = 500;

/**
 * Room joins that arrive in the same turn of the event loop (a page of cards coming
 * into view, many phones reconnecting) are answered together: one query for the cards
 * of all of them instead of one per join.
 */
function roomJoinAnswerer(ctx: ServiceContext, log: { warn: (obj: object, msg: string) => void }) {
  let waiting: Map<number, Set<AppSocket>> | null = null;

  async function answer(batch: Map<number, Set<AppSocket>>) {
    const ids = [...batch.keys()];
    for (let i = 0; i < ids.length; i += JOINS_PER_QUERY) {
      const cards = await getAuctions(ctx, ids.slice(i, i + JOINS_PER_QUERY));
      for (const [auctionId, card] of cards) {
        for (const socket of batch.get(auctionId) ?? []) {
          if (socket.connected) socket.emit('roomJoined', { auctionData: card });
        }
      }
    }
  }

  return (socket: AppSocket, auctionId: number) => {
    if (!waiting) {
      const batch = new Map<number, Set<AppSocket>>();
      waiting = batch;
      setImmediate(() => {
        waiting = null;
        answer(batch).catch((error: unknown) => log.warn({ err: error }, 'joinRoom failed'));
      });
    }
    const sockets = waiting.get(auctionId) ?? new Set<AppSocket>();
    sockets.add(socket);
    waiting.set(auctionId, sockets);
  };
}

function roomAuctionId(raw: unknown): number | null {
  const parsed = auctionRoomPayload.safeParse(raw);
  if (!parsed.success) return null;
  return Number(String(parsed.data).replace('auction_', ''));
}

export function registerAuctionSocketHandlers(
  io: AppSocketServer,
  ctx: ServiceContext,
  bidEvents: BidEvents,
  log: { warn: (obj: object, msg: string) => void },
) {
  const answerJoin = roomJoinAnswerer(ctx, log);
  io.on('connection', (socket) => {
    const { userId } = socket.data;

    socket.on('joinRoom', async (raw) => {
      const auctionId = roomAuctionId(raw);
      if (auctionId === null) return;
      await socket.join(auctionRoom(auctionId));
      answerJoin(socket, auctionId);
    });
    socket.on('leaveRoom', async (raw) => {
      const auctionId = roomAuctionId(raw);
      if (auctionId !== null) await socket.leave(auctionRoom(auctionId));
    });

    socket.on('placeBid', async (raw) => {
      const parsed = placeBidPayload.safeParse(raw);
      if (!parsed.success) {
        const id = Number((raw as { auctionId?: unknown } | null)?.auctionId);
        socket.emit('bidError', {
          message: MESSAGES.invalidRequest,
          auctionId: Number.isInteger(id) ? id : null,
        });
        return;
      }
      const { auctionId, bidderId, bidAmount } = parsed.data;
      if (bidderId !== userId) {
        socket.emit('bidError', { message: AUCTION_MESSAGES.bidderMismatch, auctionId });
        return;
      }
      try {
        await placeBid(
          { db: ctx.db, clock: ctx.clock, events: bidEvents },
          { auctionId, bidderId: userId, amount: bidAmount },
        );
      } catch (error) {
        if (!(error instanceof AppError)) log.warn({ err: error }, 'placeBid failed');
        const message = error instanceof AppError ? error.message : MESSAGES.internal;
        socket.emit('bidError', { message, auctionId });
      }
    });
  });
}
