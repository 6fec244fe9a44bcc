// Auctions, periods and bids: the API contract of marketplace §7 Auctions.
import { z } from 'zod';
import { AUCTION_MESSAGES, AUCTIONS_PAGE_SIZE, MAX_BID, SEARCH_MIN_CHARS } from '../rules/auction';
import { FAR_AWAY_UNITS } from '../rules/distance';
import { ZODIAC_SIGNS } from '../rules/dob';
import { idParam, idSchema, intInRange, PG_INT_MAX, safeText } from './common';
import { followThroughSchema } from './dates';
import { promptAnswerSchema } from './prompts';
import { genderSchema } from './user';

export const periodSchema = z.object({ id: z.number().int(), end_time: z.string() });
export const currentPeriodResponse = z.object({ success: z.literal(true), period: periodSchema });
export const periodEndTimeParams = z.object({ periodId: idParam });
export const periodEndTimeResponse = z.object({ success: z.literal(true), end_time: z.string() });

export const memberDistanceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hidden') }),
  z.object({ kind: z.literal('far') }),
  z.object({
    kind: z.literal('near'),
    value: z.number().int().min(0).max(FAR_AWAY_UNITS),
    unit: z.enum(['mi', 'km']),
  }),
]);

export const auctionIdParams = z.object({ id: idParam });

const pictures = {
  profile_picture_1: z.string().nullable(),
  profile_picture_2: z.string().nullable(),
  profile_picture_3: z.string().nullable(),
};

/**
 * A card photo in every stored size, smallest first, for the browser to choose from
 * (`srcset`); `src` is the card size, or the original for photos stored before it existed.
 */
export const cardPhotoSchema = z.object({
  src: z.string(),
  sources: z.array(z.object({ url: z.string(), width: z.number().int().positive() })),
});
export type CardPhoto = z.infer<typeof cardPhotoSchema>;

/**
 * One Bid Board card. `final_bid` and `current_bid` are the same running amount;
 * profile_picture_1..3 carry the card-size URLs and `photos` the same photos (in slot
 * order, empty slots left out) with every size.
 */
export const auctionCardSchema = z.object({
  auctionId: z.number().int(),
  id: z.number().int(),
  user_id: z.number().int(),
  period_id: z.number().int(),
  username: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  current_bid: z.number().int(),
  final_bid: z.number().int(),
  starting_bid: z.number().int(),
  lead_bidder_id: z.number().int().nullable(),
  lead_bidder_username: z.string().nullable(),
  previous_lead_bidder_id: z.array(z.number().int()),
  end_time: z.string(),
  status: z.enum(['active', 'closed', 'deleted']),
  ended: z.boolean(),
  open_to_dating: z.boolean(),
  /** The hidden reserve's state, never its amount; null when the owner set none. */
  reserve: z.enum(['met', 'not_met']).nullable(),
  /** The viewer's own hidden maximum while they lead; null for everyone else. */
  your_maximum: z.number().int().nullable(),
  ...pictures,
  photos: z.array(cardPhotoSchema),
});
export type AuctionCard = z.infer<typeof auctionCardSchema>;

export const listAuctionsBody = z.object({
  limit: intInRange(1, 50).default(AUCTIONS_PAGE_SIZE),
  offset: intInRange(0, PG_INT_MAX).default(0),
  last_auction_id: idSchema.nullish(),
  pin_username: safeText({ max: 50 }).nullish(),
  dating_filter: z.boolean().default(false),
});
export type ListAuctionsBody = z.infer<typeof listAuctionsBody>;
export const auctionsResponse = z.object({ auctions: z.array(auctionCardSchema) });
export const auctionResponse = z.object({ success: z.literal(true), auction: auctionCardSchema });

export const searchAuctionsBody = z.object({
  searchString: safeText({
    min: SEARCH_MIN_CHARS,
    max: 50,
    minMessage: AUCTION_MESSAGES.searchTooShort,
  }),
});

export const createAuctionBody = z.object({
  starting_bid: z.number().int().min(0).max(MAX_BID).optional(),
  reserve_price: z.number().int().min(0).max(MAX_BID).optional(),
  description: safeText({ max: 500, multiline: true }).optional(),
  end_time: safeText({ max: 64 }).optional(),
  period_id: idSchema.optional(),
});

/** A plain bid, or with `maximum: true` a hidden maximum of `amount` (product rules). */
export const placeBidBody = z.object({ amount: z.number(), maximum: z.boolean().optional() });

export const bidSchema = z.object({
  id: z.number().int(),
  auction_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string().nullable(),
  amount: z.number().int(),
  bid_amount: z.number().int(),
  created_at: z.string(),
});
export type Bid = z.infer<typeof bidSchema>;
export const auctionBidsResponse = z.object({
  success: z.literal(true),
  /** A visitor reads no bidder: user_id and username null (issue 46). */
  bids: z.array(bidSchema.extend({ user_id: z.number().int().nullable() })),
});

export const userBidSchema = bidSchema.extend({
  isLeading: z.boolean(),
  auction: z.object({
    auctionId: z.number().int(),
    user_id: z.number().int(),
    username: z.string().nullable(),
    current_bid: z.number().int(),
    status: z.enum(['active', 'closed', 'deleted']),
    end_time: z.string(),
  }),
});
export const userBidsResponse = z.object({
  success: z.literal(true),
  bids: z.array(userBidSchema),
});
export const userAuctionsResponse = z.object({
  success: z.literal(true),
  auctions: z.array(auctionCardSchema),
});
export const hasLiveAuctionResponse = z.object({
  success: z.literal(true),
  hasLiveAuction: z.boolean(),
});

export const auctionProfileDataBody = z.object({
  auctionIds: z.array(idSchema).max(50),
});
export const auctionProfileSchema = z.object({
  auctionId: z.number().int(),
  user_id: z.number().int(),
  username: z.string().nullable(),
  /** Other members see the age and the sign, never the date of birth (product rules, Age). */
  age: z.number().int().nullable(),
  zodiac_sign: z.enum(ZODIAC_SIGNS),
  bio: z.string().nullable(),
  favorite_thing_1_answer: z.string().nullable(),
  favorite_thing_2_answer: z.string().nullable(),
  favorite_thing_3_answer: z.string().nullable(),
  open_to_dating: z.boolean(),
  /**
   * How far the member is from the viewer, rounded on the server (never finer than a whole
   * mile or km); null for visitors, the member themself, or a member without a location.
   */
  distance: memberDistanceSchema.nullable(),
  /** Face match passed and verification approved, against the current slot-1 photo. */
  verified: z.boolean(),
  /** Issue 45: 'Showed up to 9 of 10 dates'; null before a date counts. */
  followThrough: followThroughSchema,
  /** Issue 44: the member's prompt answers, the card's slides after the photos. */
  prompts: z.array(promptAnswerSchema),
  ...pictures,
});
export const auctionProfileDataResponse = z.object({
  success: z.literal(true),
  auctionProfileData: z.array(auctionProfileSchema),
});

export const closePeriodResponse = z.object({
  success: z.literal(true),
  closed: z.object({ periodId: z.number().int(), connections: z.number().int() }).nullable(),
  period: periodSchema,
});

export const removeAuctionResponse = z.object({
  success: z.literal(true),
  auctionId: z.number().int(),
  refundedBidderId: z.number().int().nullable(),
});

/** One closed auction the member bid on, as that member's result (GET /auctions/results). */
export const auctionResultSchema = z.object({
  auctionId: z.number().int(),
  ownerId: z.number().int(),
  ownerUsername: z.string().nullable(),
  closedAt: z.string(),
  won: z.boolean(),
  finalPrice: z.number().int().nullable(),
  highestBid: z.number().int(),
  rank: z.number().int(),
  bidderCount: z.number().int(),
  decidedBy: z.enum(['bid', 'maximum', 'reserve']).nullable(),
  refunded: z.number().int().nullable(),
  /**
   * The member's second chance on this auction (product rules, Auctions beyond a plain
   * high bid): standing until expiresAt, or taken; null when none is open to them.
   */
  secondChance: z
    .object({
      amount: z.number().int(),
      expiresAt: z.string(),
      status: z.enum(['offered', 'taken']),
    })
    .nullable(),
});
export type AuctionResult = z.infer<typeof auctionResultSchema>;
export const auctionResultsResponse = z.object({
  success: z.literal(true),
  results: z.array(auctionResultSchema),
});
/** POST /auctions/{id}/second-chance: the pending connection taking it made. */
export const takeSecondChanceResponse = z.object({
  success: z.literal(true),
  connectionId: z.number().int(),
  tokenBalance: z.number().int(),
});
