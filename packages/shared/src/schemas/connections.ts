// Connections: the API contract of marketplace §7 Connections and the §3 Connection
// entity, seen from the caller's side (is_user: the caller won the auction; is_partner:
// the caller owns it and decides).
import { z } from 'zod';
import { ZODIAC_SIGNS } from '../rules/dob';
import { idSchema, PG_INT_MAX } from './common';

export const CONNECTION_STATUSES = [
  'pending',
  'accepted',
  'rejected',
  'unmatched',
  'expired',
] as const;
export const connectionStatusSchema = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

/** What a member may ask a connection to become (PUT /connections/{id}/status). */
export const CONNECTION_ACTIONS = ['accepted', 'rejected', 'unmatched'] as const;
export type ConnectionAction = (typeof CONNECTION_ACTIONS)[number];

/** Connections page size and how many the chat checks (marketplace §9). */
export const CONNECTIONS_PAGE_SIZE = 10;
export const CONNECTIONS_FOR_CHAT = 100;

export const CONNECTION_MESSAGES = {
  idAndStatusRequired: 'Connection ID and status are required',
  invalidStatus: 'Status must be accepted, rejected or unmatched',
  notFound: 'Connection not found',
  onlyOwnerDecides: 'Only the profile owner can accept or reject this connection.',
  onlyRejecterReverses: 'Only the member who rejected this connection can change their mind.',
  notPending: 'This connection is no longer waiting for an answer.',
  graceOver: 'The time to change your mind has passed.',
  notAccepted: 'Only an accepted connection can be unmatched.',
  failedToLoad: 'Failed to load connections',
  failedToFetch: 'Failed to fetch connections',
  failedToUpdate: 'Failed to update connection status',
} as const;

export const listConnectionsBody = z.object({
  /** One status, or every connection when absent or 'all'. */
  status: z.union([connectionStatusSchema, z.literal('all')]).optional(),
  limit: z.number().int().min(1).max(CONNECTIONS_FOR_CHAT).default(CONNECTIONS_PAGE_SIZE),
  offset: z.number().int().min(0).max(PG_INT_MAX).default(0),
  /** Keyset paging: the last id of the previous page (newest first). */
  last_connection_id: idSchema.nullish(),
  /** The chat's list: accepted connections only. */
  forChat: z.boolean().default(false),
  /** ?connectionId= on the page: this connection leads the first page. */
  pin_connection_id: idSchema.nullish(),
  /** /connections/{user_id}: connections with this member lead the first page. */
  pin_partner_id: idSchema.nullish(),
});
export type ListConnectionsBody = z.input<typeof listConnectionsBody>;

const pictures = {
  profile_picture_1: z.string().nullable(),
  profile_picture_2: z.string().nullable(),
  profile_picture_3: z.string().nullable(),
};

export const connectionSchema = z.object({
  id: z.number().int(),
  /** The winning bidder. */
  user_id: z.number().int(),
  /** The auction owner, who accepts or rejects. */
  partner_id: z.number().int(),
  status: connectionStatusSchema,
  status_changed_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** While a rejection can still be reversed: the instant the grace period ends. */
  grace_period: z.string().nullable(),
  rejected_by_user_id: z.number().int().nullable(),
  /** When a pending connection expires, or an accepted one without engagement does. */
  expires_at: z.string().nullable(),
  /** Both members have written; the owner was paid. */
  engaged: z.boolean(),
  /** Where the escrowed bid went. */
  escrow_state: z.enum(['held', 'refunded', 'paid']),
  /**
   * How many of the bid's tokens the owner's reward makes redeemable for cash: the part
   * the bidder paid for (product rules, The token economy). Shown to the owner only.
   */
  reward_redeemable: z.number().int(),
  /**
   * Of those, how many wait out the settlement hold after the bidder's card purchase, and
   * the instant they become redeemable (product rules, The token economy). Owner only.
   */
  reward_pending: z.number().int(),
  reward_settles_at: z.string().nullable(),
  is_user: z.boolean(),
  is_partner: z.boolean(),
  /** The other member, from the caller's side. */
  partner: z.object({
    id: z.number().int(),
    username: z.string().nullable(),
    /** The age and the sign, never the date of birth (product rules, Age). */
    age: z.number().int().nullable(),
    zodiac_sign: z.enum(ZODIAC_SIGNS),
    bio: z.string().nullable(),
    open_to_dating: z.boolean(),
    favorite_thing_1_answer: z.string().nullable(),
    favorite_thing_2_answer: z.string().nullable(),
    favorite_thing_3_answer: z.string().nullable(),
    ...pictures,
    /** The member deleted their account: show the deleted-user placeholder (§7). */
    deleted: z.boolean(),
    /** Face match passed and verification approved, against the current slot-1 photo. */
    verified: z.boolean(),
  }),
  auction: z.object({
    id: z.number().int(),
    final_bid: z.number().int(),
    created_at: z.string(),
  }),
});
export type Connection = z.infer<typeof connectionSchema>;

export const connectionsResponse = z.object({
  success: z.literal(true),
  connections: z.array(connectionSchema),
  pagination: z.object({
    limit: z.number().int(),
    offset: z.number().int(),
    returned: z.number().int(),
    has_more: z.boolean(),
  }),
});
export type ConnectionsResponse = z.infer<typeof connectionsResponse>;

export const connectionIdParams = z.object({
  id: z.string().min(1, CONNECTION_MESSAGES.idAndStatusRequired).transform(Number).pipe(idSchema),
});

export const updateConnectionStatusBody = z.object(
  {
    status: z.enum(CONNECTION_ACTIONS, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? CONNECTION_MESSAGES.idAndStatusRequired
          : CONNECTION_MESSAGES.invalidStatus,
    }),
  },
  { error: CONNECTION_MESSAGES.idAndStatusRequired },
);
export const connectionResponse = z.object({
  success: z.literal(true),
  connection: connectionSchema,
});

export const sweepConnectionsResponse = z.object({
  success: z.literal(true),
  reminded: z.number().int(),
  expired: z.number().int(),
  refundedAfterGrace: z.number().int(),
  expiredWithoutEngagement: z.number().int(),
  secondChancesChecked: z.number().int(),
  rewardsSettled: z.number().int(),
});
