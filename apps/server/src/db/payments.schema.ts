// Card purchases and cash redemptions (marketplace §3, §4 Payment flow, §7 Tokens).
// Every table that decides money carries the unique constraint that makes its step
// happen once: one purchase per gateway transaction, one credit per purchase (the
// ledger's idempotency key), one payout decision per redemption (status guard).
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
} from 'drizzle-orm/pg-core';
import { tokenTransactions, users } from './schema';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Token bundle items (§3): what `GET /items` lists. Prices in US cents. */
export const tokenBundles = pgTable(
  'token_bundles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    token_qty: integer('token_qty').notNull(),
    cost_cents: integer('cost_cents').notNull(),
    description: text('description'),
    is_active: boolean('is_active').notNull().default(true),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt,
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('token_bundles_token_qty_positive', sql`${t.token_qty} > 0`),
    check('token_bundles_cost_positive', sql`${t.cost_cents} > 0`),
  ],
);

/**
 * A hosted payment form the server issued: the price it computed, fixed before the
 * member sees a card field. The invoice number travels through the gateway and ties
 * the gateway's transaction back to this row.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    bundle_id: integer('bundle_id')
      .notNull()
      .references(() => tokenBundles.id),
    item_name: text('item_name').notNull(),
    quantity: integer('quantity').notNull(),
    tokens: integer('tokens').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    provider: text('provider').notNull(),
    invoice_number: text('invoice_number').notNull(),
    form_token: text('form_token'),
    status: text('status', { enum: ['open', 'completed'] })
      .notNull()
      .default('open'),
    created_at: createdAt,
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_intents_invoice_key').on(t.invoice_number),
    index('payment_intents_user_created_idx').on(t.user_id, t.created_at),
  ],
);

/** A credited card purchase: at most one per gateway transaction. */
export const tokenPurchases = pgTable(
  'token_purchases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    intent_id: integer('intent_id')
      .notNull()
      .references(() => paymentIntents.id),
    provider: text('provider').notNull(),
    transaction_id: text('transaction_id').notNull(),
    tokens: integer('tokens').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    auth_code: text('auth_code'),
    /**
     * The card that paid, as the processor reports it ('visa:1111', brand and last four):
     * the redemption risk review's 'one card on both sides'. Null when it reported none.
     */
    card_fingerprint: text('card_fingerprint'),
    /** Which path credited it first: the member's browser or the gateway's webhook. */
    source: text('source', { enum: ['client', 'webhook'] }).notNull(),
    status: text('status', { enum: ['completed', 'refund', 'chargeback', 'void'] })
      .notNull()
      .default('completed'),
    tokens_reversed: integer('tokens_reversed').notNull().default(0),
    created_at: createdAt,
    reversed_at: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('token_purchases_transaction_key').on(t.provider, t.transaction_id),
    uniqueIndex('token_purchases_intent_key').on(t.intent_id),
    index('token_purchases_user_created_idx').on(t.user_id, t.created_at),
    index('token_purchases_card_idx').on(t.card_fingerprint),
  ],
);

/**
 * Purchase confirmations a member sent, per gateway transaction. The lease lets one
 * request at a time ask the gateway about a transaction; `submitted_at` spots rapid
 * confirmations of different payments.
 */
export const paymentSubmissions = pgTable(
  'payment_submissions',
  {
    provider: text('provider').notNull(),
    transaction_id: text('transaction_id').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    submitted_at: timestamp('submitted_at', { withTimezone: true }).notNull(),
    lease_until: timestamp('lease_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.transaction_id] }),
    index('payment_submissions_user_idx').on(t.user_id, t.submitted_at),
  ],
);

/** Declines, timeouts and failures the web client reported (§7 log-payment-error). */
export const paymentErrors = pgTable(
  'payment_errors',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    error_type: text('error_type').notNull(),
    payment_flow: text('payment_flow'),
    message: text('message'),
    details: jsonb('details').notNull(),
    created_at: createdAt,
  },
  (t) => [index('payment_errors_created_idx').on(t.created_at)],
);

/** Members an operator should look at: a reversed purchase they had spent, a large spend. */
export const paymentReviews = pgTable(
  'payment_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    purchase_id: integer('purchase_id').references(() => tokenPurchases.id),
    reason: text('reason', { enum: ['refund', 'chargeback', 'void', 'high_value'] }).notNull(),
    amount_cents: integer('amount_cents').notNull(),
    tokens_owed: integer('tokens_owed').notNull().default(0),
    note: text('note'),
    created_at: createdAt,
    resolved_at: timestamp('resolved_at', { withTimezone: true }),
    resolved_by: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('payment_reviews_purchase_reason_key').on(t.purchase_id, t.reason),
    index('payment_reviews_open_idx').on(t.resolved_at, t.created_at),
  ],
);

/** A cash-out to PayPal (§3 Redemption request); tokens are held here while pending. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    token_amount: integer('token_amount').notNull(),
    multiplier: doublePrecision('multiplier').notNull(),
    fee_cents: integer('fee_cents').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    /** The part of amount_cents paid from the campaign budget (the rest is the base rate). */
    campaign_cents: integer('campaign_cents').notNull().default(0),
    paypal_email: text('paypal_email').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    provider: text('provider', { enum: ['manual', 'paypal'] }).notNull(),
    payout_status: text('payout_status'),
    payout_batch_id: text('payout_batch_id'),
    payout_item_id: text('payout_item_id'),
    submitted_at: timestamp('submitted_at', { withTimezone: true }),
    /**
     * It took the member's payouts this year past payee_identity_threshold_cents (issue 43):
     * held, never sent or marked paid, while the member has no payee profile.
     */
    identity_required: boolean('identity_required').notNull().default(false),
    /**
     * The payee's country when the redemption was made (issue 43): the payee profile's, or
     * else the member's postal code's. The year-end reports read it for a member without a
     * profile, whose own country goes when the account is deleted: the payout stays in the
     * books and in the report of its country.
     */
    payee_country: text('payee_country', { enum: ['US', 'CA'] }),
    decided_by: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    created_at: createdAt,
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('redemptions_token_amount_positive', sql`${t.token_amount} > 0`),
    check('redemptions_amount_positive', sql`${t.amount_cents} > 0`),
    check(
      'redemptions_campaign_within_amount',
      sql`${t.campaign_cents} >= 0 AND ${t.campaign_cents} <= ${t.amount_cents}`,
    ),
    index('redemptions_status_created_idx').on(t.status, t.created_at),
    index('redemptions_user_idx').on(t.user_id, t.id),
  ],
);

/**
 * The risk review of a redemption (product rules, The token economy): computed in the
 * request's transaction and never changed, except that an admin approves a held one. The
 * signals live here, not on `redemptions`, so nothing that shows a member their own
 * redemptions can carry them. A held one without approved_at is never sent to PayPal.
 */
export const redemptionReviews = pgTable(
  'redemption_reviews',
  {
    redemption_id: integer('redemption_id')
      .primaryKey()
      .references(() => redemptions.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    threshold: integer('threshold').notNull(),
    held: boolean('held').notNull(),
    /** Each raised signal with its facts (RedemptionRiskFacts in packages/shared). */
    signals: jsonb('signals').notNull(),
    approved_by: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    created_at: createdAt,
  },
  (t) => [
    check('redemption_reviews_approved_only_held', sql`${t.held} OR ${t.approved_at} IS NULL`),
    index('redemption_reviews_awaiting_idx')
      .on(t.redemption_id)
      .where(sql`${t.held} AND ${t.approved_at} IS NULL`),
  ],
);

/**
 * Cash an operator received for tokens outside a bundle (an admin grant marked paid or
 * redeemable): the only way such tokens exist, so every token that can become cash came
 * with cash at least worth its base rate (one cent a token).
 */
export const adminCashGrants = pgTable(
  'admin_cash_grants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    transaction_id: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => tokenTransactions.id),
    tokens: integer('tokens').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    /** Where the cash is recorded: a bank transfer, an invoice, a receipt number. */
    cash_reference: text('cash_reference').notNull(),
    admin_id: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt,
  },
  (t) => [
    check('admin_cash_grants_tokens_positive', sql`${t.tokens} > 0`),
    check('admin_cash_grants_floor', sql`${t.amount_cents} >= ${t.tokens}`),
    uniqueIndex('admin_cash_grants_transaction_key').on(t.transaction_id),
  ],
);

/**
 * The local card processor (PAYMENTS_PROVIDER=sandbox): the hosted forms it issued and
 * the transactions it ran, kept in the database so any server can answer for them.
 */
export const sandboxGatewayForms = pgTable('sandbox_gateway_forms', {
  token: text('token').primaryKey(),
  invoice_number: text('invoice_number').notNull(),
  description: text('description').notNull(),
  amount_cents: integer('amount_cents').notNull(),
  customer_id: text('customer_id'),
  communicator_url: text('communicator_url'),
  created_at: createdAt,
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const sandboxGatewayTransactions = pgTable(
  'sandbox_gateway_transactions',
  {
    trans_id: text('trans_id').primaryKey(),
    type: text('type', { enum: ['authCaptureTransaction', 'refundTransaction'] }).notNull(),
    ref_trans_id: text('ref_trans_id'),
    form_token: text('form_token'),
    invoice_number: text('invoice_number').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    response_code: text('response_code').notNull(),
    auth_code: text('auth_code'),
    card_last4: text('card_last4').notNull(),
    card_type: text('card_type').notNull(),
    created_at: createdAt,
  },
  (t) => [
    index('sandbox_gateway_transactions_form_idx').on(t.form_token),
    uniqueIndex('sandbox_gateway_transactions_refund_key')
      .on(t.ref_trans_id)
      .where(sql`${t.type} = 'refundTransaction'`),
  ],
);

export type PaymentIntentRow = typeof paymentIntents.$inferSelect;
export type TokenPurchaseRow = typeof tokenPurchases.$inferSelect;
export type RedemptionRow = typeof redemptions.$inferSelect;
