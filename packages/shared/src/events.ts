// Socket.IO event maps, both directions (accounts §7, marketplace §7 Realtime).
// Later capabilities extend these maps; every payload has a schema here.
import { z } from 'zod';
import { ERROR_CODES } from './errors';
import { alertSchema } from './schemas/alerts';
import { auctionCardSchema } from './schemas/auctions';
import { cidSchema, messageSchema } from './schemas/chat';
import { idParam, idSchema, safeText } from './schemas/common';
import { connectionStatusSchema } from './schemas/connections';
import type { DatePlanEvent } from './schemas/dates';

export const connectUserPayload = z.union([idSchema, safeText({ max: 32 })]);

/** The §3 Alert as GET /alerts returns it; the server always sends every field. */
export const alertPayload = alertSchema.partial({ user_id: true, readAt: true });

/** Bidding (marketplace §7 Realtime). Rooms are `auction_{id}`. */
export const placeBidPayload = z.object({
  auctionId: idParam,
  bidderId: idParam,
  bidAmount: z.number(),
  /** bidAmount is the member's hidden maximum, not a plain bid. */
  maximum: z.boolean().optional(),
  /**
   * The client's key for this bid (a UUID): sent again with the same key after a
   * reconnect when no answer came, it is answered with the first answer and never placed
   * twice, whichever server takes it (BidOutbox).
   */
  key: z.uuid().optional(),
});
/** joinRoom / leaveRoom take an auction id or the room name `auction_{id}`; parsed: the id. */
export const auctionRoomPayload = z.union([
  idSchema,
  z
    .string()
    .regex(/^(auction_)?[1-9]\d{0,9}$/)
    .transform((room) => Number(room.replace('auction_', '')))
    .pipe(idSchema),
]);
export const bidUpdatePayload = z.object({
  id: z.number().int(),
  bidAmount: z.number().int(),
  bidderId: z.number().int(),
  bidderUsername: z.string().nullable(),
  /** The hidden reserve's state after this bid; null when the owner set none. */
  reserveMet: z.boolean().nullable().optional(),
});
export type BidUpdate = z.infer<typeof bidUpdatePayload>;
export const bidSuccessPayload = z.object({
  bid: z.object({
    id: z.number().int(),
    auction_id: z.number().int(),
    user_id: z.number().int(),
    bid_amount: z.number().int(),
    lead_bidder_username: z.string().nullable(),
  }),
  tokenBalance: z.number().int(),
  /** The auction after the bid and any automatic answer to it (a maximum may still lead). */
  auction: z
    .object({
      current_bid: z.number().int(),
      lead_bidder_id: z.number().int(),
      lead_bidder_username: z.string().nullable(),
    })
    .optional(),
  /** The bidder's own hidden maximum while they lead; only they receive it. */
  yourMaximum: z.number().int().nullable().optional(),
  /** The bid's key, when the client gave one. */
  key: z.string().optional(),
});
/** A refused bid: the client branches on `code` (e.g. INSUFFICIENT_TOKENS) and shows `message`. */
export const bidErrorPayload = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  auctionId: z.number().int().nullable(),
  /** The refused bid's key, when the client gave one. */
  key: z.string().optional(),
  /**
   * What `message` (the spec's English) says, as a shared text's key and its arguments
   * ({minimum}), so the client says it in the member's language.
   */
  text: z
    .object({
      key: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).optional(),
    })
    .optional(),
});
export type BidErrorPayload = z.infer<typeof bidErrorPayload>;
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

/**
 * An event the server refused before handling it: the session behind the socket ended
 * (the socket is then disconnected) or the member's event budget is spent.
 */
export const SOCKET_ERROR_CODES = ['SESSION_ENDED', 'RATE_LIMITED', 'SERVER_RESTARTING'] as const;
export const socketErrorPayload = z.object({
  /** The refused event; null when the socket is cut without one. */
  event: z.string().nullable(),
  code: z.enum(SOCKET_ERROR_CODES),
  message: z.string(),
  /** The refused bid's key, when the event was a bid with one. */
  key: z.string().optional(),
});
export type SocketErrorPayload = z.infer<typeof socketErrorPayload>;

/**
 * Chat (marketplace §7 Realtime 'new-message'): sent to both members' rooms (every tab of
 * the recipient, and the sender's other tabs) after the message is stored. Clients keep
 * messages by id, so one seen twice (the POST answer and this event) is shown once.
 */
export const newMessagePayload = z.object({
  senderId: z.number().int(),
  cid: z.string(),
  message: messageSchema,
  /** Unread counts per member id after this message. */
  unread: z.record(z.string(), z.number().int()),
});
export type NewMessageEvent = z.infer<typeof newMessagePayload>;

/**
 * A message changed after it was sent (issue 23: its image was screened), as this member
 * sees it: sent to each member's own room with their own view.
 */
export const messageUpdatedPayload = z.object({ cid: z.string(), message: messageSchema });
export type MessageUpdatedEvent = z.infer<typeof messageUpdatedPayload>;

/** Read receipt: `userId` has read every message of `cid` up to `lastReadId`. */
export const messagesReadPayload = z.object({
  cid: z.string(),
  userId: z.number().int(),
  lastReadId: z.number().int(),
});
export type MessagesReadEvent = z.infer<typeof messagesReadPayload>;

/** Client -> server: the member started or stopped typing in `cid`. */
export const typingPayload = z.object({ cid: cidSchema, isTyping: z.boolean() });
/** Server -> the partner's tabs. */
export const typingEventPayload = z.object({
  cid: z.string(),
  userId: z.number().int(),
  isTyping: z.boolean(),
});
export type TypingEvent = z.infer<typeof typingEventPayload>;

/**
 * Client -> server, on every change: which conversation this tab shows (null: none) and
 * whether the page is in the foreground. A member reading a conversation in a foreground
 * tab gets no push for its messages.
 */
export const chatViewPayload = z.object({ cid: cidSchema.nullable(), foreground: z.boolean() });
export type ChatView = z.infer<typeof chatViewPayload>;

export interface ClientToServerEvents {
  connectUser: (userId: number | string) => void;
  userActivity: () => void;
  placeBid: (payload: z.input<typeof placeBidPayload>) => void;
  joinRoom: (room: z.input<typeof auctionRoomPayload>) => void;
  leaveRoom: (room: z.input<typeof auctionRoomPayload>) => void;
  typing: (payload: z.input<typeof typingPayload>) => void;
  chatView: (payload: z.input<typeof chatViewPayload>) => void;
}

/**
 * Every event a client may send, with the schema of its payload: the server parses each
 * payload with it, and the fuzz test walks this map, so a new event cannot be left out
 * (the `satisfies` fails to compile until it is listed).
 */
export const clientEventPayloads = {
  connectUser: connectUserPayload,
  userActivity: z.undefined(),
  placeBid: placeBidPayload,
  joinRoom: auctionRoomPayload,
  leaveRoom: auctionRoomPayload,
  typing: typingPayload,
  chatView: chatViewPayload,
} satisfies Record<keyof ClientToServerEvents, z.ZodType>;

export interface ServerToClientEvents {
  'new-alert': (alert: z.infer<typeof alertPayload>) => void;
  /** Sent just before the server closes a socket idle longer than the setting. */
  inactivityDisconnect: () => void;
  /** On connect: the member's chat partners who are online now. */
  onlineUsers: (userIds: number[]) => void;
  /** A chat partner's first tab connected (on any server). */
  userOnline: (userId: number) => void;
  /** A chat partner's last tab closed (or their server stopped answering). */
  userOffline: (userId: number) => void;
  'new-message': (payload: NewMessageEvent) => void;
  messagesRead: (payload: MessagesReadEvent) => void;
  messageUpdated: (payload: MessageUpdatedEvent) => void;
  /** A date plan of the conversation changed (issue 45): each member reads their own view. */
  datePlanChanged: (payload: DatePlanEvent) => void;
  typing: (payload: TypingEvent) => void;
  bidUpdate: (payload: BidUpdate) => void;
  bidSuccess: (payload: z.infer<typeof bidSuccessPayload>) => void;
  bidError: (payload: BidErrorPayload) => void;
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
  socketError: (payload: SocketErrorPayload) => void;
}
