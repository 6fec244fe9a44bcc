// The database schema. Migrations in ./migrations are generated from this file
// (`npm run db:generate -w apps/server`) and committed; they are applied at start.
import { DEFAULT_LANGUAGE, LANGUAGES } from '@bidboard/shared/i18n/languages';
import { SUSPENSION_CATEGORIES } from '@bidboard/shared/rules/safety';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username'),
    email: text('email'),
    phone_number: text('phone_number').notNull(),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    onboarded: integer('onboarded').notNull().default(0),
    gender: text('gender', { enum: ['female', 'male', 'non-binary'] }),
    ethnicity: text('ethnicity'),
    seeking_gender: text('seeking_gender', { enum: ['female', 'male', 'non-binary', 'everyone'] }),
    referred_by: integer('referred_by'),
    invites_left: integer('invites_left').notNull().default(3),
    short_bio: text('short_bio'),
    postal_code: text('postal_code'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    /**
     * The centroid of the postal code (a US ZIP, a Canadian FSA), set whenever the code is
     * saved: the only location the product knows (product rules, Distance and verification).
     * Distances are computed from it in SQL; it is never sent to anyone.
     */
    location_lat: doublePrecision('location_lat'),
    location_lon: doublePrecision('location_lon'),
    /** 'Maximum distance' in the member's unit (km in Canada, else miles); null: Anywhere. */
    max_distance: integer('max_distance'),
    /** Others see 'Distance hidden', and the member only on boards set to 'Anywhere'. */
    distance_hidden: boolean('distance_hidden').notNull().default(false),
    /** 'Verified members only' in the dating preferences. */
    verified_only: boolean('verified_only').notNull().default(false),
    ideal_match_age_min: integer('ideal_match_age_min').notNull().default(25),
    ideal_match_age_max: integer('ideal_match_age_max').notNull().default(30),
    favorite_thing_1: text('favorite_thing_1'),
    favorite_thing_1_answer: text('favorite_thing_1_answer'),
    favorite_thing_2: text('favorite_thing_2'),
    favorite_thing_2_answer: text('favorite_thing_2_answer'),
    favorite_thing_3: text('favorite_thing_3'),
    favorite_thing_3_answer: text('favorite_thing_3_answer'),
    birth_date: date('birth_date', { mode: 'string' }),
    token_balance: integer('token_balance').notNull().default(0),
    redeemable_tokens: integer('redeemable_tokens').notNull().default(0),
    /**
     * The origins of token_balance besides the redeemable part (product rules, The token
     * economy): promotional (signup, referral, daily claim, grants) and purchased (bundles).
     */
    promotional_tokens: integer('promotional_tokens').notNull().default(0),
    purchased_tokens: integer('purchased_tokens').notNull().default(0),
    /** The hidden reserve of the member's auctions opened from now on (0: none). */
    reserve_price: integer('reserve_price').notNull().default(0),
    /** 'Offer my connection to the runner-up': second chances on the member's auctions. */
    offer_second_chance: boolean('offer_second_chance').notNull().default(true),
    available_for_bids: boolean('available_for_bids').notNull().default(true),
    open_to_dating: boolean('open_to_dating').notNull().default(false),
    bid_notification: boolean('bid_notification').notNull().default(true),
    sms_notification: boolean('sms_notification').notNull().default(false),
    sms_consent_at: timestamp('sms_consent_at', { withTimezone: true }),
    twilio_stop: boolean('twilio_stop').notNull().default(false),
    /**
     * The member's language (product rules, Languages): their screens, alerts, pushes and
     * texts. Starts as the device's at sign-up, French when the postal code is in Quebec.
     */
    language: text('language', { enum: LANGUAGES }).notNull().default(DEFAULT_LANGUAGE),
    /** Picked by the member (Settings, the sign-in page): a Quebec postal code leaves it. */
    language_chosen: boolean('language_chosen').notNull().default(false),
    is_approved: boolean('is_approved').notNull().default(false),
    /** Why an admin turned the member down (shown to them); null unless rejected. */
    approval_rejection_reason: text('approval_rejection_reason'),
    approval_rejected_at: timestamp('approval_rejected_at', { withTimezone: true }),
    last_active_at: timestamp('last_active_at', { withTimezone: true }),
    /** The latest sign-in (a new session): face data expires a set time after it (issue 42). */
    last_sign_in_at: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Suspended by an admin: signed out everywhere and unable to sign in until restored. */
    suspended_at: timestamp('suspended_at', { withTimezone: true }),
    suspension_reason: text('suspension_reason'),
    /** What the suspension is for: 'fraud_or_scam' notifies the account's contacts (issue 42). */
    suspension_category: text('suspension_category', { enum: SUSPENSION_CATEGORIES }),
    /**
     * Under a fraud hold (issue 42, an admin's or the scam guard's): nothing the account does
     * sends an alert, push or text to another member until the hold is lifted.
     */
    fraud_hold_at: timestamp('fraud_hold_at', { withTimezone: true }),
    /**
     * Privacy Center (issue 42): 'Limit the use of my sensitive information' (no face
     * comparison with other members, no device signals). Null until the member chooses: then
     * a member in Quebec has it on, everyone else off (privacy.repository's effective value).
     */
    limit_sensitive: boolean('limit_sensitive'),
    /** When the browser's Global Privacy Control (Sec-GPC: 1) was first seen for the member. */
    gpc_seen_at: timestamp('gpc_seen_at', { withTimezone: true }),
    /** Deleted by the member: personal fields erased, the row kept for the ledger. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Made admin by the operator (`create-admin`): stays admin at every sign-in, whether or
     * not ADMIN_PHONES lists the number (`remove-admin` takes it back).
     */
    admin_granted_at: timestamp('admin_granted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_phone_number_key').on(t.phone_number),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // The distance filter's bounding box ('point <@ box'), a core GiST operator class:
    // no extension, so PGlite and PostgreSQL index it alike.
    index('users_location_gist')
      .using('gist', sql`point(${t.location_lon}, ${t.location_lat})`)
      .where(sql`${t.location_lat} IS NOT NULL`),
    check('users_token_balance_nonnegative', sql`${t.token_balance} >= 0`),
    check(
      'users_redeemable_within_balance',
      sql`${t.redeemable_tokens} >= 0 AND ${t.redeemable_tokens} <= ${t.token_balance}`,
    ),
    check(
      'users_token_origins',
      sql`${t.promotional_tokens} >= 0 AND ${t.purchased_tokens} >= 0 AND ${t.token_balance} = ${t.promotional_tokens} + ${t.purchased_tokens} + ${t.redeemable_tokens}`,
    ),
    check('users_invites_left_nonnegative', sql`${t.invites_left} >= 0`),
    check('users_reserve_price_range', sql`${t.reserve_price} BETWEEN 0 AND 99999`),
    check('users_max_distance_choice', sql`${t.max_distance} IN (10, 25, 50, 100, 250)`),
    check('users_onboarded_range', sql`${t.onboarded} BETWEEN 0 AND 14`),
    check('users_language', sql`${t.language} IN ('en', 'fr-CA')`),
  ],
);

/** A member's row as queries return it, and the columns a write may set. */
export type UserRow = typeof users.$inferSelect;
export type UserChanges = Partial<typeof users.$inferInsert>;

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    user_agent: text('user_agent'),
    ip: text('ip'),
    /** The browser's own random id (X-Device-Id): the risk review's 'same device'. */
    device_id: text('device_id'),
  },
  (t) => [index('sessions_user_id_idx').on(t.user_id)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone_number: text('phone_number').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('otp_codes_phone_created_idx').on(t.phone_number, t.created_at),
    index('otp_codes_ip_created_idx').on(t.ip, t.created_at),
    index('otp_codes_expires_idx').on(t.expires_at),
  ],
);

/**
 * Each compared sign-in code that was wrong, per number (issue 41): the lockout across
 * windows counts them, whatever became of the codes themselves.
 */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone_number: text('phone_number').notNull(),
    failed_at: timestamp('failed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('otp_failures_phone_failed_idx').on(t.phone_number, t.failed_at)],
);

/** A number that guessed too many wrong codes may not sign in or get a code until then. */
export const otpLockouts = pgTable('otp_lockouts', {
  phone_number: text('phone_number').primaryKey(),
  locked_until: timestamp('locked_until', { withTimezone: true }).notNull(),
});

export const TRANSACTION_TYPES = [
  'signup',
  'free_claim',
  'bid',
  'outbid',
  'rebid',
  'other',
  'referral1',
  'referral2',
  'adjustment',
  'refund',
  'refund_deleted_user',
  'win',
  'redemption',
  'redemption_failed',
  'redemption_paid',
  'purchase',
  'purchase_reversal',
  /** Migration 0018: the non-redeemable part of a balance that came from purchases. */
  'origin_assignment',
] as const;

export const tokenTransactions = pgTable(
  'token_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    balance_after: integer('balance_after').notNull(),
    redeemable_after: integer('redeemable_after').notNull(),
    /** The parts of `amount` by origin; they always add up to it. */
    promotional_amount: integer('promotional_amount').notNull().default(0),
    purchased_amount: integer('purchased_amount').notNull().default(0),
    redeemable_amount: integer('redeemable_amount').notNull().default(0),
    transaction_type: text('transaction_type', { enum: TRANSACTION_TYPES }).notNull(),
    status: text('status').notNull().default('completed'),
    bid_target_id: integer('bid_target_id'),
    reference_id: text('reference_id'),
    idempotency_key: text('idempotency_key'),
    ...timestamps,
  },
  (t) => [
    index('token_transactions_user_idx').on(t.user_id, t.id),
    uniqueIndex('token_transactions_idempotency_key').on(t.idempotency_key),
    check(
      'token_transactions_origin_parts',
      sql`${t.amount} = ${t.promotional_amount} + ${t.purchased_amount} + ${t.redeemable_amount}`,
    ),
  ],
);

/** Web Push subscriptions, one per browser a member enabled notifications in. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    user_agent: text('user_agent'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.user_id),
  ],
);

/**
 * Business settings an operator changed at run time; a key without a row uses the
 * default from the environment (modules/settings).
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
