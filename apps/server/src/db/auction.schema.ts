// Marketplace tables: auction periods, auctions, bids, the connections a closed auction
// creates, and members' alerts (marketplace §3). Escrow is not a table: it is the
// current bid of an active auction plus the amount of every connection whose
// escrow_state is 'held'.
// Connection statuses and alert kinds are the shared contract's own lists.
import { ALERT_KINDS, CONNECTION_STATUSES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './schema';

export const PERIOD_STATUSES = ['open', 'closed'] as const;
export const AUCTION_STATUSES = ['active', 'closed', 'deleted'] as const;
/**
 * Where a connection's escrowed bid is: still held, refunded to the bidder, or paid to
 * the owner as the engagement reward. It leaves 'held' exactly once.
 */
export const ESCROW_STATES = ['held', 'refunded', 'paid'] as const;
/**
 * How a closed auction ended (product rules, Auctions beyond a plain high bid): a
 * connection for the leader, none because the lead stayed below the hidden reserve, or
 * none because nobody bid.
 */
export const AUCTION_OUTCOMES = ['connection', 'reserve_not_met', 'no_bids'] as const;
/** What decided it: an ordinary bid, an automatic raise of a maximum, or the hidden reserve. */
export const AUCTION_DECIDERS = ['bid', 'maximum', 'reserve'] as const;
export const auctionPeriods = pgTable(
  'auction_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    start_time: timestamp('start_time', { withTimezone: true }).notNull(),
    end_time: timestamp('end_time', { withTimezone: true }).notNull(),
    status: text('status', { enum: PERIOD_STATUSES }).notNull().default('open'),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auction_periods_end_time_key').on(t.end_time),
    // At most one open period, whichever server opens it.
    uniqueIndex('auction_periods_one_open').on(t.status).where(sql`status = 'open'`),
  ],
);

export const auctions = pgTable(
  'auctions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period_id: integer('period_id')
      .notNull()
      .references(() => auctionPeriods.id),
    starting_bid: integer('starting_bid').notNull().default(0),
    reserve_price: integer('reserve_price').notNull().default(0),
    description: text('description'),
    current_bid: integer('current_bid').notNull().default(0),
    /**
     * The leader's hidden maximum, all of it escrowed (a plain bid's is its amount); the
     * rest of the leader's escrow above the visible bid comes back when outbid or at close.
     */
    lead_max: integer('lead_max').notNull().default(0),
    lead_bidder_id: integer('lead_bidder_id').references(() => users.id),
    /** The lead bidder's escrow (the current bid) by origin; zero without a leader. */
    escrow_promotional: integer('escrow_promotional').notNull().default(0),
    escrow_purchased: integer('escrow_purchased').notNull().default(0),
    escrow_redeemable: integer('escrow_redeemable').notNull().default(0),
    status: text('status', { enum: AUCTION_STATUSES }).notNull().default('active'),
    /** Bids up to this id no longer count: their leader was removed and refunded. */
    bids_voided_through: bigint('bids_voided_through', { mode: 'number' }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    /** Written by the close, read by every bidder's result. */
    outcome: text('outcome', { enum: AUCTION_OUTCOMES }),
    final_price: integer('final_price'),
    decided_by: text('decided_by', { enum: AUCTION_DECIDERS }),
    /**
     * When the owner was last told someone bid on them (bid_notification): at most once an
     * hour per auction, claimed by a guarded UPDATE so two servers cannot both tell them.
     */
    owner_alerted_at: timestamp('owner_alerted_at', { withTimezone: true }),
    /**
     * The owner's location (users.location_lat/lon, their postal code's centroid), copied
     * onto the auction so a board limited to a distance picks its page from auctions alone
     * (auctions_location_gist) and reads the owners of only the cards it shows. Kept equal
     * to the owner's by the triggers in modules/auctions/auction-location.sql.
     */
    location_lat: doublePrecision('location_lat'),
    location_lon: doublePrecision('location_lon'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auctions_user_period_key').on(t.user_id, t.period_id),
    index('auctions_period_status_idx').on(t.period_id, t.status, t.id),
    index('auctions_lead_bidder_idx').on(t.lead_bidder_id),
    // 'Maximum distance' on the board: the live auctions in a box around the viewer.
    index('auctions_location_gist')
      .using('gist', sql`point(${t.location_lon}, ${t.location_lat})`)
      .where(sql`${t.status} = 'active' AND ${t.location_lat} IS NOT NULL`),
    check('auctions_current_bid_range', sql`${t.current_bid} BETWEEN 0 AND 99999`),
    check(
      'auctions_lead_max_covers_bid',
      sql`${t.lead_max} <= 99999 AND (${t.lead_bidder_id} IS NULL OR ${t.lead_max} >= ${t.current_bid})`,
    ),
    check('auctions_lead_not_owner', sql`${t.lead_bidder_id} IS DISTINCT FROM ${t.user_id}`),
    check(
      'auctions_escrow_origins',
      sql`${t.escrow_promotional} >= 0 AND ${t.escrow_purchased} >= 0 AND ${t.escrow_redeemable} >= 0
          AND ${t.escrow_promotional} + ${t.escrow_purchased} + ${t.escrow_redeemable}
            = CASE WHEN ${t.lead_bidder_id} IS NULL THEN 0 ELSE ${t.lead_max} END`,
    ),
  ],
);

export const bids = pgTable(
  'bids',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    auction_id: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** The hidden maximum the member set with this bid; null for a plain bid. */
    maximum: integer('maximum'),
    /** A raise made for the member by their maximum. */
    automatic: boolean('automatic').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bids_auction_idx').on(t.auction_id, t.id),
    index('bids_user_idx').on(t.user_id, t.id),
  ],
);

/**
 * A socket bid's request key and the answer it got (the place_bid row), kept in the
 * bid's own statement: a bid resent after a reconnect, to this or any other server, is
 * answered from here instead of being placed twice. Swept after a day (retention).
 */
export const bidRequests = pgTable(
  'bid_requests',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    request_key: uuid('request_key').notNull(),
    answer: jsonb('answer'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.request_key] }),
    index('bid_requests_created_idx').on(t.created_at),
  ],
);

export const connections = pgTable(
  'connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The winning bidder. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The auction owner, who accepts or rejects. */
    partner_id: integer('partner_id')
      .notNull()
      .references(() => users.id),
    auction_id: integer('auction_id')
      .notNull()
      .references(() => auctions.id),
    /** Tokens held in escrow for this connection. */
    amount: integer('amount').notNull(),
    /** The escrowed amount by origin: a refund returns exactly these parts. */
    escrow_promotional: integer('escrow_promotional').notNull().default(0),
    escrow_purchased: integer('escrow_purchased').notNull().default(0),
    escrow_redeemable: integer('escrow_redeemable').notNull().default(0),
    /**
     * Purchased tokens of the escrow (or of the owner's held reward) taken back by a refund
     * or chargeback of the bidder's card purchase: no longer in the parts above.
     */
    escrow_clawed: integer('escrow_clawed').notNull().default(0),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('pending'),
    status_changed_at: timestamp('status_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    rejected_by_user_id: integer('rejected_by_user_id').references(() => users.id),
    escrow_state: text('escrow_state', { enum: ESCROW_STATES }).notNull().default('held'),
    escrow_released_at: timestamp('escrow_released_at', { withTimezone: true }),
    /** When the owner was reminded of a pending connection (at most once). */
    reminder_sent_at: timestamp('reminder_sent_at', { withTimezone: true }),
    /** First chat message of the bidder, and of the owner, while accepted. */
    user_first_message_at: timestamp('user_first_message_at', { withTimezone: true }),
    partner_first_message_at: timestamp('partner_first_message_at', { withTimezone: true }),
    /** Both have written: the owner was paid the escrow. */
    engaged_at: timestamp('engaged_at', { withTimezone: true }),
    /**
     * The settlement hold (product rules, The token economy): the reward's purchased part,
     * not yet on the owner's balance while the bidder's card purchase can still be taken
     * back, and when it turns redeemable.
     */
    reward_pending: integer('reward_pending').notNull().default(0),
    reward_settles_at: timestamp('reward_settles_at', { withTimezone: true }),
    /** Made by the runner-up taking a second chance (at most one per auction). */
    second_chance: boolean('second_chance').notNull().default(false),
    /**
     * When the sweeper looked at this ended connection for a second chance (offered or
     * not): it looks once.
     */
    second_chance_checked_at: timestamp('second_chance_checked_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The close's connection and at most one second chance per auction.
    uniqueIndex('connections_auction_key').on(t.auction_id, t.second_chance),
    // What the sweeper still has to look at for a second chance: few rows.
    index('connections_second_chance_due_idx')
      .on(t.id)
      .where(
        sql`${t.second_chance_checked_at} IS NULL AND ${t.escrow_state} = 'refunded' AND NOT ${t.second_chance}`,
      ),
    index('connections_user_idx').on(t.user_id, t.id),
    index('connections_partner_idx').on(t.partner_id, t.id),
    index('connections_pair_idx').on(t.user_id, t.partner_id),
    index('connections_status_idx').on(t.status, t.status_changed_at),
    check('connections_amount_positive', sql`${t.amount} > 0`),
    check(
      'connections_escrow_origins',
      sql`${t.escrow_promotional} >= 0 AND ${t.escrow_purchased} >= 0 AND ${t.escrow_redeemable} >= 0
          AND ${t.escrow_clawed} >= 0
          AND ${t.escrow_promotional} + ${t.escrow_purchased} + ${t.escrow_redeemable}
            + ${t.escrow_clawed} = ${t.amount}`,
    ),
    // The escrow can only be where the status allows (product rules, Connection lifecycle):
    // pending holds it; an expiry refunds it; a rejection holds it through the grace
    // period, then refunds it; an accepted connection holds it until engagement pays the
    // owner; an unmatch refunds it before engagement and finds it paid after.
    check(
      'connections_escrow_matches_status',
      sql`CASE ${t.status}
            WHEN 'pending' THEN ${t.escrow_state} = 'held'
            WHEN 'expired' THEN ${t.escrow_state} = 'refunded'
            WHEN 'rejected' THEN ${t.escrow_state} IN ('held', 'refunded')
            WHEN 'accepted' THEN ${t.escrow_state} IN ('held', 'paid')
            WHEN 'unmatched' THEN ${t.escrow_state} IN ('refunded', 'paid')
            ELSE FALSE
          END`,
    ),
    check(
      'connections_paid_when_engaged',
      sql`(${t.escrow_state} = 'paid') = (${t.engaged_at} IS NOT NULL)`,
    ),
    check(
      'connections_reward_pending',
      sql`${t.reward_pending} >= 0 AND ${t.reward_pending} <= ${t.escrow_purchased}
          AND (${t.reward_pending} = 0 OR (${t.escrow_state} = 'paid' AND ${t.reward_settles_at} IS NOT NULL))`,
    ),
    // The sweeper's settlements still due: few rows.
    index('connections_reward_due_idx').on(t.reward_settles_at).where(sql`${t.reward_pending} > 0`),
    check(
      'connections_released_when_not_held',
      sql`(${t.escrow_state} = 'held') = (${t.escrow_released_at} IS NULL)`,
    ),
  ],
);

export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    message: text('message').notNull(),
    is_read: boolean('is_read').notNull().default(false),
    read_at: timestamp('read_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alerts_user_idx').on(t.user_id, t.id)],
);

/** 'withdrawn': a block came between the runner-up and the owner before it was taken. */
export const SECOND_CHANCE_STATUSES = ['offered', 'taken', 'withdrawn'] as const;

/**
 * Second chances (product rules, Auctions beyond a plain high bid): when an auction's
 * connection ended without engagement, its next distinct bidder is offered a connection
 * at their own highest bid, once per auction (the unique auction_id), for a limited time.
 */
export const secondChances = pgTable(
  'second_chances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    auction_id: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    /** The connection that ended without engagement. */
    ended_connection_id: integer('ended_connection_id')
      .notNull()
      .references(() => connections.id, { onDelete: 'cascade' }),
    /** The runner-up offered it. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The auction's owner. */
    owner_id: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The runner-up's own highest bid: the price if they take it. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: SECOND_CHANCE_STATUSES }).notNull().default('offered'),
    offered_at: timestamp('offered_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    taken_at: timestamp('taken_at', { withTimezone: true }),
    /** The pending connection taking it made. */
    connection_id: integer('connection_id').references(() => connections.id),
  },
  (t) => [
    uniqueIndex('second_chances_auction_key').on(t.auction_id),
    index('second_chances_user_idx').on(t.user_id, t.id),
    check('second_chances_amount_range', sql`${t.amount} BETWEEN 1 AND 99999`),
    check(
      'second_chances_taken',
      sql`(${t.status} = 'taken') = (${t.taken_at} IS NOT NULL AND ${t.connection_id} IS NOT NULL)`,
    ),
  ],
);
