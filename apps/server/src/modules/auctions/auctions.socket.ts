// Socket adapter for bidding and auction rooms (marketplace §7 Realtime). placeBid runs
// the same domain function as the REST route; failures go back as bidError.

import {
  AUCTION_MESSAGES,
  auctionRoom,
  auctionRoomPayload,
  type BidErrorPayload,
  type ErrorCode,
  MESSAGES,
  placeBidPayload,
} from '@bidboard/shared';
import { batchLoader } from '../../lib/batch-loader';
import type { ServiceContext } from '../../lib/context';
import { AppError, type ErrorText, textOf } from '../../lib/errors';
import { socketMetrics } from '../../lib/metrics';
import { watcherRoom } from '../../lib/realtime';
import { withSpan } from '../../lib/tracing';
import { hearCardChanges } from '../../plugins/card-changes';
import type { AppSocketServer } from '../../plugins/socket';
import { replyTo } from '../../plugins/socket-replies';
import { bidSuccessOf } from '../bids/bids.events';
import { placeBid } from '../bids/bids.service';
import { roomCardFor, roomCards } from './auctions.service';
import { RoomCardCache } from './room-card-cache';

/**
 * The longest a kept card answers joins: how old its owner's name and photos may be (they
 * announce no change), and how long a change lost with Redis goes unseen by new joiners.
 */
const ROOM_CARD_MAX_AGE_MS = 5_000;

/** A refused bid's answer: the spec's English, and its key for the member's language. */
function bidError(
  code: ErrorCode,
  message: string,
  auctionId: number | null,
  text?: ErrorText,
): BidErrorPayload {
  const ref = textOf(message, text);
  return { code, message, auctionId, ...(ref ? { text: ref } : {}) };
}

function roomAuctionId(raw: unknown): number | null {
  const parsed = auctionRoomPayload.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export function registerAuctionSocketHandlers(
  io: AppSocketServer,
  ctx: ServiceContext,
  log: { warn: (obj: object, msg: string) => void },
) {
  // Joins are answered from cards kept in memory while nothing has changed them
  // (room-card-cache.ts says why none is ever behind a change its socket misses). Cards not
  // kept are read for all the joins of one turn of the event loop together (a page of cards
  // coming into view, many phones reconnecting); waiting a few milliseconds for bigger
  // batches made each answer that much later (bench/sockets.bench.ts).
  const cards = new RoomCardCache({
    read: batchLoader({ load: (ids: number[]) => roomCards(ctx, ids), keyOf: (id) => id }),
    maxAgeMs: ROOM_CARD_MAX_AGE_MS,
    now: () => performance.now(),
  });
  hearCardChanges(io, (changed) => cards.forget(changed));

  io.on('connection', (socket) => {
    const { userId } = socket.data;

    socket.on('joinRoom', async (raw) => {
      const auctionId = roomAuctionId(raw);
      if (auctionId === null) return;
      // Joined before the card is read or taken from memory, so no bid falls between them;
      // with the member's watcher room of it (plugins/bid-updates.ts).
      const rooms = [auctionRoom(auctionId), watcherRoom(auctionId, userId)];
      await socket.join(rooms);
      try {
        const current = cards.current(auctionId);
        const kept =
          current ?? (await withSpan('socket joinRoom', {}, () => cards.read(auctionId)));
        const card = kept ? roomCardFor(kept, userId, ctx.clock()) : null;
        socketMetrics.roomJoin(Boolean(card), current ? 'kept' : 'read');
        if (!card) {
          for (const room of rooms) await socket.leave(room);
          return;
        }
        if (socket.connected) replyTo(socket).emit('roomJoined', { auctionData: card });
      } catch (error) {
        log.warn({ err: error }, 'joinRoom failed');
      }
    });
    socket.on('leaveRoom', async (raw) => {
      const auctionId = roomAuctionId(raw);
      if (auctionId === null) return;
      await socket.leave(auctionRoom(auctionId));
      await socket.leave(watcherRoom(auctionId, userId));
    });

    socket.on('placeBid', async (raw) => {
      const parsed = placeBidPayload.safeParse(raw);
      if (!parsed.success) {
        const id = Number((raw as { auctionId?: unknown } | null)?.auctionId);
        socket.emit(
          'bidError',
          bidError('VALIDATION', MESSAGES.invalidRequest, Number.isInteger(id) ? id : null),
        );
        return;
      }
      const { auctionId, bidderId, bidAmount, maximum, key } = parsed.data;
      const keyed = key === undefined ? {} : { key };
      if (bidderId !== userId) {
        socket.emit('bidError', {
          ...bidError('FORBIDDEN', AUCTION_MESSAGES.bidderMismatch, auctionId),
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
            ...bidError(error.code, error.message, auctionId, error.text),
            ...keyed,
          });
        } else {
          socket.emit('bidError', {
            ...bidError('INTERNAL', MESSAGES.internal, auctionId),
            ...keyed,
          });
        }
      }
    });
  });
}
