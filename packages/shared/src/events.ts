// Socket.IO event maps, both directions (accounts §7, marketplace §7 Realtime).
// Later capabilities extend these maps; every payload has a schema here.
import { z } from 'zod';
import { alertSchema } from './schemas/alerts';
import { auctionCardSchema } from './schemas/auctions';
import { connectionStatusSchema } from './schemas/connections';

export const connectUserPayload = z.union([z.number().int(), z.string()]);

/** The §3 Alert as GET /alerts returns it; the server always sends every field. */
export const alertPayload = alertSchema.partial({ user_id: true, readAt: true });

/** Bidding (marketplace §7 Realtime). Rooms are `auction_{id}`. */
export const placeBidPayload = z.object({
  auctionId: z.coerce.number().int().positive(),
  bidderId: z.coerce.number().int().positive(),
  bidAmount: z.number(),
});
/** joinRoom / leaveRoom take an auction id or the room name `auction_{id}`. */
export const auctionRoomPayload = z.union([
  z.number().int().positive(),
  z.string().regex(/^(auction_)?\d+$/),
]);
export const bidUpdatePayload = z.object({
  id: z.number().int(),
  bidAmount: z.number().int(),
  bidderId: z.number().int(),
  bidderUsername: z.string().nullable(),
});
export const bidSuccessPayload = z.object({
  bid: z.object({
    id: z.number().int(),
    auction_id: z.number().int(),
    user_id: z.number().int(),
    bid_amount: z.number().int(),
    lead_bidder_username: z.string().nullable(),
  }),
  tokenBalance: z.number().int(),
});
export const bidErrorPayload = z.object({
  message: z.string(),
  auctionId: z.number().int().nullable(),
});
export const leadBidderUpdatePayload = z.object({
  userId: z.number().int(),
  tokenBalance: z.number().int(),
});
export const auctionDeletedPayload = z.object({
  auctionId: z.number().int(),
  message: z.string(),
});
export const roomJoinedPayload = z.object({ auctionData: auctionCardSchema });
export const countdownSyncPayload = z.object({
  secondsRemaining: z.number().int(),
  timestamp: z.number().int(),
  periodId: z.number().int(),
  endTime: z.string(),
});
export const periodChangePayload = z.object({
  previousPeriodId: z.number().int().nullable(),
  periodId: z.number().int(),
  endTime: z.string(),
  timestamp: z.number().int(),
});

/**
 * A connection changed (marketplace §7 Realtime: connectionAccepted, connectionRejected,
 * connectionExpired, connectionReward, and connectionUnmatched). Both members' rooms get
 * it; the balances are the recipient's own, present only when theirs changed.
 */
export const connectionEventPayload = z.object({
  connectionId: z.number().int(),
  status: connectionStatusSchema,
  /** The winning bidder. */
  userId: z.number().int(),
  /** The auction owner. */
  partnerId: z.number().int(),
  statusChangedAt: z.string(),
  /** While a rejection can be reversed: when the grace period ends. */
  gracePeriod: z.string().nullable(),
  rejectedByUserId: z.number().int().nullable(),
  /** The escrowed bid. */
  amount: z.number().int(),
  tokenBalance: z.number().int().optional(),
  redeemableTokens: z.number().int().optional(),
});
export type ConnectionEvent = z.infer<typeof connectionEventPayload>;

/**
 * A member's balances after a change other than a bid: a purchase, a redemption and its
 * outcome, a reversed payment, an admin adjustment (marketplace §4 Token balance live changes).
 */
export const BALANCE_UPDATE_REASONS = [
  'purchase',
  'purchase_reversal',
  'redemption',
  'redemption_failed',
  'adjustment',
] as const;
export const balanceUpdatePayload = z.object({
  userId: z.number().int(),
  tokenBalance: z.number().int(),
  redeemableTokens: z.number().int(),
  reason: z.enum(BALANCE_UPDATE_REASONS),
});
export type BalanceUpdate = z.infer<typeof balanceUpdatePayload>;

export interface ClientToServerEvents {
  connectUser: (userId: number | string) => void;
  userActivity: () => void;
  placeBid: (payload: z.input<typeof placeBidPayload>) => void;
  joinRoom: (room: z.infer<typeof auctionRoomPayload>) => void;
  leaveRoom: (room: z.infer<typeof auctionRoomPayload>) => void;
}

export interface ServerToClientEvents {
  'new-alert': (alert: z.infer<typeof alertPayload>) => void;
  inactivityDisconnect: () => void;
  userOnline: (userId: number) => void;
  userOffline: (userId: number) => void;
  bidUpdate: (payload: z.infer<typeof bidUpdatePayload>) => void;
  bidSuccess: (payload: z.infer<typeof bidSuccessPayload>) => void;
  bidError: (payload: z.infer<typeof bidErrorPayload>) => void;
  leadBidderUpdate: (payload: z.infer<typeof leadBidderUpdatePayload>) => void;
  roomJoined: (payload: z.infer<typeof roomJoinedPayload>) => void;
  auctionDeleted: (payload: z.infer<typeof auctionDeletedPayload>) => void;
  countdownSync: (payload: z.infer<typeof countdownSyncPayload>) => void;
  periodChange: (payload: z.infer<typeof periodChangePayload>) => void;
  connectionAccepted: (payload: ConnectionEvent) => void;
  connectionRejected: (payload: ConnectionEvent) => void;
  connectionExpired: (payload: ConnectionEvent) => void;
  connectionReward: (payload: ConnectionEvent) => void;
  connectionUnmatched: (payload: ConnectionEvent) => void;
  balanceUpdate: (payload: BalanceUpdate) => void;
}
