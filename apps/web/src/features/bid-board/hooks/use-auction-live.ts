// One card's live auction state: joins room auction_{id} while the card's bid button is at
// least 80% visible (marketplace §7 Realtime) and applies the room's bid updates, the fresh
// auction on joining, this member's own bidSuccess / bidError for the auction, and its
// removal from the board (auctionDeleted).
import {
  type AuctionCard,
  auctionRoom,
  type BidErrorPayload,
  type BidUpdate,
  type SocketErrorPayload,
} from '@bidboard/shared';
import { type RefObject, useEffect, useState } from 'react';
import { sharedRef } from '@/lib/i18n/shared-text';
import type { AppSocket, RealtimeStatus } from '@/lib/socket';

export interface LiveAuction {
  currentBid: number;
  leadBidderId: number | null;
  leadBidderUsername: string | null;
  previousLeadBidderIds: number[];
  /** The hidden reserve's state; null when the owner set none. */
  reserve: AuctionCard['reserve'];
  /** The member's own hidden maximum while they lead; null otherwise. */
  yourMaximum: number | null;
}

export const VISIBLE_RATIO = 0.8;

export function fromCard(card: AuctionCard): LiveAuction {
  return {
    currentBid: card.current_bid,
    leadBidderId: card.lead_bidder_id,
    leadBidderUsername: card.lead_bidder_username,
    previousLeadBidderIds: card.previous_lead_bidder_id,
    reserve: card.reserve,
    yourMaximum: card.your_maximum,
  };
}

/** A new lead bidder: the one they replaced joins the previous lead bidders list. */
export function applyBid(
  live: LiveAuction,
  bid: {
    amount: number;
    bidderId: number;
    bidderUsername: string | null;
    /** Sent with room updates; absent means unchanged. */
    reserveMet?: boolean | null;
  },
): LiveAuction {
  const previous = live.leadBidderId;
  const previousLeadBidderIds =
    previous !== null && previous !== bid.bidderId && !live.previousLeadBidderIds.includes(previous)
      ? [...live.previousLeadBidderIds, previous]
      : live.previousLeadBidderIds;
  return {
    currentBid: bid.amount,
    leadBidderId: bid.bidderId,
    leadBidderUsername: bid.bidderUsername,
    previousLeadBidderIds,
    // Someone else leads now: the member's maximum was spent (or never was).
    yourMaximum: bid.bidderId === live.leadBidderId ? live.yourMaximum : null,
    reserve:
      bid.reserveMet === undefined || bid.reserveMet === null
        ? live.reserve
        : bid.reserveMet
          ? 'met'
          : 'not_met',
  };
}

/**
 * A room's bid update. Each server sends its latest state at most every 250 ms, so with
 * bids on two servers an older update can arrive after a newer one: a bid lower than the
 * one shown is that older state, never a change (a room only hears bids rise).
 */
export function applyRoomUpdate(live: LiveAuction, update: BidUpdate): LiveAuction {
  if (update.bidAmount < live.currentBid) return live;
  return applyBid(live, { amount: update.bidAmount, ...update });
}

/** The error's `code` (shared ERROR_CODES, SOCKET_ERROR_CODES, or the HTTP client's). */
export type BidOutcome =
  | { kind: 'success'; at: number }
  | { kind: 'error'; code: string | undefined; message: string; at: number };

export function useAuctionLive(options: {
  card: AuctionCard;
  socket: AppSocket | null;
  status: RealtimeStatus;
  watchRef: RefObject<HTMLElement | null>;
  /** Called with this member's own bid results for this auction. */
  onOutcome: (outcome: BidOutcome) => void;
}) {
  const { card, socket, status, watchRef, onOutcome } = options;
  const auctionId = card.auctionId;
  const [live, setLive] = useState<LiveAuction>(() => fromCard(card));
  const [visible, setVisible] = useState(false);
  const [removedMessage, setRemovedMessage] = useState<string | null>(null);

  useEffect(() => {
    const element = watchRef.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => setVisible(Boolean(entry && entry.intersectionRatio >= VISIBLE_RATIO)),
      { threshold: [0, VISIBLE_RATIO, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watchRef]);

  useEffect(() => {
    if (!socket || !visible || status !== 'connected') return;
    socket.emit('joinRoom', auctionRoom(auctionId));
    return () => {
      socket.emit('leaveRoom', auctionRoom(auctionId));
    };
  }, [socket, visible, status, auctionId]);

  useEffect(() => {
    if (!socket) return;
    const handleUpdate = (p: BidUpdate) => {
      if (p.id !== auctionId) return;
      setLive((l) => applyRoomUpdate(l, p));
    };
    const handleJoined = ({ auctionData }: { auctionData: AuctionCard }) => {
      if (auctionData.auctionId === auctionId) setLive(fromCard(auctionData));
    };
    const handleSuccess = (p: {
      bid: {
        auction_id: number;
        user_id: number;
        bid_amount: number;
        lead_bidder_username: string | null;
      };
      auction?: {
        current_bid: number;
        lead_bidder_id: number;
        lead_bidder_username: string | null;
      };
      yourMaximum?: number | null;
    }) => {
      if (p.bid.auction_id !== auctionId) return;
      setLive((l) => {
        const mine = applyBid(l, {
          amount: p.bid.bid_amount,
          bidderId: p.bid.user_id,
          bidderUsername: p.bid.lead_bidder_username,
        });
        // A sitting leader's maximum may have answered at once: the auction as it is now.
        const now = p.auction
          ? applyBid(mine, {
              amount: p.auction.current_bid,
              bidderId: p.auction.lead_bidder_id,
              bidderUsername: p.auction.lead_bidder_username,
            })
          : mine;
        return { ...now, yourMaximum: p.yourMaximum ?? null };
      });
      onOutcome({ kind: 'success', at: Date.now() });
    };
    const handleError = (p: BidErrorPayload) => {
      if (p.auctionId !== null && p.auctionId !== auctionId) return;
      // Said in the member's language from its key; the English stays the fallback.
      const message = p.text ? sharedRef(p.text, p.message) : p.message;
      onOutcome({ kind: 'error', code: p.code, message, at: Date.now() });
    };
    // A bid the server refused before reading it (the member's event budget is spent):
    // only the card waiting for its own bid shows it.
    const handleRefused = (p: SocketErrorPayload) => {
      if (p.event === 'placeBid') {
        onOutcome({ kind: 'error', code: p.code, message: p.message, at: Date.now() });
      }
    };
    const handleDeleted = (p: { auctionId: number; message: string }) => {
      if (p.auctionId === auctionId) setRemovedMessage(p.message);
    };
    socket.on('bidUpdate', handleUpdate);
    socket.on('auctionDeleted', handleDeleted);
    socket.on('roomJoined', handleJoined);
    socket.on('bidSuccess', handleSuccess);
    socket.on('bidError', handleError);
    socket.on('socketError', handleRefused);
    return () => {
      socket.off('bidUpdate', handleUpdate);
      socket.off('auctionDeleted', handleDeleted);
      socket.off('roomJoined', handleJoined);
      socket.off('bidSuccess', handleSuccess);
      socket.off('bidError', handleError);
      socket.off('socketError', handleRefused);
    };
  }, [socket, auctionId, onOutcome]);

  return { live, setLive, removedMessage };
}
