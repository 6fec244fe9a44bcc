// Socket adapter for bidding and auction rooms (marketplace §7 Realtime). placeBid runs
// the same domain function as the REST route; failures go back as bidError.

import {
  AUCTION_MESSAGES,
  auctionRoom,
  auctionRoomPayload,
  MESSAGES,
  placeBidPayload,
} from '@bidboard/shared';
import { batchLoader } from '../../lib/batch-loader';
import type { ServiceContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { socketMetrics } from '../../lib/metrics';
import { withSpan } from '../../lib/tracing';
import type { AppSocketServer } from '../../plugins/socket';
import { replyTo } from '../../plugins/socket-replies';
import { bidSuccessOf } from '../bids/bids.events';
import { placeBid } from '../bids/bids.service';
import { cardsForRoomJoins, type RoomJoin, roomJoinKey } from './auctions.service';

function roomAuctionId(raw: unknown): number | null {
  const parsed = auctionRoomPayload.safeParse(raw);
  if (!parsed.success) return null;
  return Number(String(parsed.data).replace('auction_', ''));
}

export function registerAuctionSocketHandlers(
  io: AppSocketServer,
  ctx: ServiceContext,
  log: { warn: (obj: object, msg: string) => void },
) {
  // Joins arriving in one turn of the event loop (a page of cards coming into view sends
  // its joins together, many phones reconnecting) are answered from one query for the
  // cards of all of them. Waiting a few milliseconds for bigger batches made every join's
  // answer that much later (bench/sockets.bench.ts: joins p50 8.7 -> 6.8 ms without it). A
  // block hides the two members from each other here too: no card, no room, no updates.
  const cardFor = batchLoader({
    load: (joins: RoomJoin[]) => cardsForRoomJoins(ctx, joins),
    keyOf: roomJoinKey,
  });
  io.on('connection', (socket) => {
    const { userId } = socket.data;

    socket.on('joinRoom', async (raw) => {
      const auctionId = roomAuctionId(raw);
      if (auctionId === null) return;
      // Joined before the card is read, so no bid falls between the read and the join.
      await socket.join(auctionRoom(auctionId));
      try {
        const card = await withSpan('socket joinRoom', {}, () =>
          cardFor({ auctionId, viewerId: userId }),
        );
        socketMetrics.roomJoin(Boolean(card));
        if (!card) {
          await socket.leave(auctionRoom(auctionId));
          return;
        }
        if (socket.connected) replyTo(socket).emit('roomJoined', { auctionData: card });
      } catch (error) {
        log.warn({ err: error }, 'joinRoom failed');
      }
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
          code: 'VALIDATION',
          message: MESSAGES.invalidRequest,
          auctionId: Number.isInteger(id) ? id : null,
        });
        return;
      }
      const { auctionId, bidderId, bidAmount, maximum, key } = parsed.data;
      const keyed = key === undefined ? {} : { key };
      if (bidderId !== userId) {
        socket.emit('bidError', {
          code: 'FORBIDDEN',
          message: AUCTION_MESSAGES.bidderMismatch,
          auctionId,
          ...keyed,
        });
        return;
      }
      try {
        const placed = await withSpan('socket placeBid', {}, () =>
          placeBid(ctx, {
            auctionId,
            bidderId: userId,
            amount: bidAmount,
            maximum,
            requestKey: key,
          }),
        );
        // A resent bid already placed: its first answer may never have reached this
        // member, so this socket hears it again (the room and the outbid member did).
        if (placed.replayed) socket.emit('bidSuccess', bidSuccessOf(placed));
      } catch (error) {
        if (!(error instanceof AppError)) log.warn({ err: error }, 'placeBid failed');
        if (error instanceof AppError) {
          socket.emit('bidError', {
            code: error.code,
            message: error.message,
            auctionId,
            ...keyed,
          });
        } else {
          socket.emit('bidError', {
            code: 'INTERNAL',
            message: MESSAGES.internal,
            auctionId,
            ...keyed,
          });
        }
      }
    });
  });
}
