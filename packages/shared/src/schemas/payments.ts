// Buying token bundles by card (marketplace §4 Payment flow, §7 Tokens, §8 Payments):
// the bundle list, the hosted form token, the purchase confirmation and the client's
// payment error log. The server prices every purchase; the client's figures are only
// compared with its own.
import { z } from 'zod';
import { idParam, idSchema, intInRange, pageQuery, safeText } from './common';

/** Quantity stepper bounds (§5 Token purchase: minimum 1). */
export const PURCHASE_QUANTITY_MIN = 1;
export const PURCHASE_QUANTITY_MAX = 100;
/** §4 Payment flow and §9: quantity debounce and the hosted form's time limit. */
export const PAYMENT_QUANTITY_DEBOUNCE_MS = 600;
export const PAYMENT_CANCEL_REGENERATE_MS = 600;
export const PAYMENT_FORM_TIMEOUT_MS = 5 * 60 * 1000;
/** Accept Hosted reports an approved transaction with response code 1. */
export const APPROVED_RESPONSE_CODE = '1';

const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;
const tokens = (n: number) => n.toLocaleString('en-US');

export const PAYMENT_MESSAGES = {
  tokenCreationRateLimit: (windowMinutes: number) =>
    `Too many payment form requests. Please wait ${minutes(windowMinutes)} before trying again.`,
  duplicateSameUser:
    'This payment was already processed for your account. Your tokens may have already been added.',
  duplicateConstraint: 'This payment has already been completed. Please check your balance.',
  securityViolation: 'There was a payment processing error. Please try a new payment.',
  rapidSubmission: 'Payments are being submitted too quickly. Please wait a moment and try again.',
  paymentRateLimit: (windowMinutes: number) =>
    `Too many payments in a short time. Please wait ${minutes(windowMinutes)} before trying again.`,
  highValueRateLimit:
    'This purchase would go over the daily card limit. Please contact support to continue.',
  paymentPending:
    'Your payment is being reviewed by the card processor. Your tokens will be added once it is approved.',
  paymentUnverified:
    'We could not confirm your payment with the card processor yet. Your tokens will be added as soon as it is confirmed.',
  providerError: 'The card processor could not be reached. Please try again in a moment.',
  purchaseCompleted: (count: number) => `${tokens(count)} tokens added to your balance.`,
  success: (message: string) => `Success! ${message}`,
  newBalance: (balance: number) => `New balance: ${tokens(balance)} tokens`,
  paymentFailed: (reason: string) => `Payment failed: ${reason}`,
  purchaseFailed: (message: string) => `Purchase failed: ${message}`,
  declined: 'This transaction has been declined.',
  formTimedOut: 'The payment form timed out. A new one has been loaded.',
  noItems: 'No items available for purchase',
  bundleNotFound: 'Bundle not found',
  formReady: 'Payment form ready',
  noBundles: 'No bundles available',
  formFailed: 'Failed to create payment form',
  fetchItemsFailed: 'Failed to fetch items',
  errorLogged: 'Payment error logged',
  signatureInvalid: 'Invalid signature',
  purchaseNotFound: 'Purchase not found',
  reviewNotFound: 'Review not found',
} as const;

export const PAYMENT_ERROR_TYPES = [
  'PAYMENT_DECLINED',
  'PAYMENT_ERROR',
  'SYSTEM_ERROR',
  'TOKEN_CREATION_FAILED',
  'PAYMENT_TIMEOUT',
] as const;
export type PaymentErrorType = (typeof PAYMENT_ERROR_TYPES)[number];

/** US cents -> dollars as the API shows them (4.99). */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}
/** Dollars as a client sends them -> whole cents; NaN-safe. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}
/** 499 -> "$4.99". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const money = z
  .number({ error: 'Amount must be a number' })
  .min(0, 'Amount must be a number')
  .max(1_000_000, 'Amount must be a number');

/** Token bundle item (§3). `cost` is in dollars; `cost_cents` is the exact figure. */
export const tokenBundleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  token_qty: z.number().int(),
  cost: z.number(),
  cost_cents: z.number().int(),
  description: z.string().nullable(),
  is_active: z.boolean(),
});
export type TokenBundle = z.infer<typeof tokenBundleSchema>;
export const itemsResponse = z.object({
  success: z.literal(true),
  items: z.array(tokenBundleSchema),
  count: z.number().int(),
});

const quantity = intInRange(PURCHASE_QUANTITY_MIN, PURCHASE_QUANTITY_MAX);
const itemName = safeText({ max: 100 });

/** What the member is about to buy, as the client last showed it (§7 create-transaction-token). */
export const createTransactionTokenBody = z.object({
  item_id: idSchema.optional(),
  item_name: itemName,
  quantity,
  amount: money,
  tokens: intInRange(1, 100_000_000),
});
export type CreateTransactionTokenBody = z.infer<typeof createTransactionTokenBody>;

export const createTransactionTokenResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  message: z.string(),
  /** Where the browser posts the token (the hosted payment page). */
  formUrl: z.string(),
  /** Whether the iframe gets a sandbox attribute (all but the production card processor). */
  formSandboxed: z.boolean(),
  invoiceNumber: z.string(),
  amount: z.number(),
  amount_cents: z.number().int(),
  tokens: z.number().int(),
  quantity: z.number().int(),
  item_id: z.number().int(),
  item_name: z.string(),
});
export type CreateTransactionTokenResponse = z.infer<typeof createTransactionTokenResponse>;

/** Gateway transaction ids are numeric strings (Authorize.Net) up to 30 characters. */
export const gatewayTransactionId = z
  .string({ error: 'Invalid transaction id' })
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'Invalid transaction id');

/** §7 purchase-tokens: sent after the hosted form answered with response code 1. */
export const purchaseTokensBody = z.object({
  transactionId: gatewayTransactionId,
  amount: money,
  tokens: intInRange(1, 100_000_000),
  quantity,
  authCode: safeText({ max: 32 }).optional(),
  fullResponse: z.unknown().optional(),
  item_id: idSchema,
  item_name: itemName,
});
export type PurchaseTokensBody = z.infer<typeof purchaseTokensBody>;

export const purchaseTokensResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  newBalance: z.number().int(),
  code: z.literal('PURCHASE_COMPLETED'),
  tokens: z.number().int(),
});
export type PurchaseTokensResponse = z.infer<typeof purchaseTokensResponse>;

const LOGGED_DETAIL_MAX = 8000;
const boundedJson = z
  .unknown()
  .refine((v) => v === undefined || JSON.stringify(v).length <= LOGGED_DETAIL_MAX, {
    message: `Must be at most ${LOGGED_DETAIL_MAX} characters`,
  });

/** §7 log-payment-error: every decline, timeout and failure the client saw. */
export const logPaymentErrorBody = z.object({
  errorType: z.enum(PAYMENT_ERROR_TYPES),
  paymentFlow: safeText({ max: 64 }).optional(),
  amount: money.optional(),
  tokens: intInRange(0, 100_000_000).optional(),
  quantity: intInRange(0, PURCHASE_QUANTITY_MAX).optional(),
  itemId: idSchema.optional(),
  itemName: itemName.optional(),
  applicationError: z
    .object({ code: safeText({ max: 64 }).optional(), message: safeText({ max: 500 }) })
    .optional(),
  authNetResponse: boundedJson.optional(),
  formToken: safeText({ max: 4096 }).optional(),
  sessionId: safeText({ max: 128 }).optional(),
});
export type LogPaymentErrorBody = z.infer<typeof logPaymentErrorBody>;
export const logPaymentErrorResponse = z.object({ success: z.literal(true), message: z.string() });

/** Admin console: what members' payment errors looked like. */
export const adminPaymentErrorSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  error_type: z.enum(PAYMENT_ERROR_TYPES),
  payment_flow: z.string().nullable(),
  message: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export const adminPaymentErrorsQuery = pageQuery({ limit: 50, maxLimit: 200 }).extend({
  userId: idParam.optional(),
});
export const adminPaymentErrorsResponse = z.object({
  success: z.literal(true),
  errors: z.array(adminPaymentErrorSchema),
});

export const PAYMENT_REVIEW_REASONS = ['refund', 'chargeback', 'void', 'high_value'] as const;
/** A member flagged for an operator: a reversal they had already spent, or a large spend. */
export const adminPaymentReviewSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string().nullable(),
  reason: z.enum(PAYMENT_REVIEW_REASONS),
  transaction_id: z.string().nullable(),
  amount_cents: z.number().int(),
  tokens_owed: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: z.number().int().nullable(),
});
export type AdminPaymentReview = z.infer<typeof adminPaymentReviewSchema>;
export const adminPaymentReviewsQuery = pageQuery({ limit: 50, maxLimit: 200 }).extend({
  open: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});
export const adminPaymentReviewsResponse = z.object({
  success: z.literal(true),
  reviews: z.array(adminPaymentReviewSchema),
});
export const paymentReviewParams = z.object({ id: idParam });
export const resolvePaymentReviewBody = z.object({ note: safeText({ max: 500, min: 1 }) });
export const adminPaymentReviewResponse = z.object({
  success: z.literal(true),
  review: adminPaymentReviewSchema,
});

/** A refund or chargeback the card processor reported outside its webhooks. */
export const reversePurchaseParams = z.object({ transactionId: gatewayTransactionId });
export const reversePurchaseBody = z.object({ reason: z.enum(['refund', 'chargeback', 'void']) });
export const reversePurchaseResponse = z.object({
  success: z.literal(true),
  transactionId: z.string(),
  tokensTaken: z.number().int(),
  tokensOwed: z.number().int(),
  reviewId: z.number().int().nullable(),
});

/** A bundle as the admin console edits it (prices in cents, inactive ones too). */
export const adminBundleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  token_qty: z.number().int(),
  cost_cents: z.number().int(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;
export const adminBundlesResponse = z.object({
  success: z.literal(true),
  bundles: z.array(adminBundleSchema),
});
export const adminBundleParams = z.object({ id: z.coerce.number().int().positive() });
/**
 * A change to a bundle: refused when it would sell a token below what it pays out at the
 * base rate (product rules, The token economy: the bundle floor).
 */
export const adminBundleUpdateBody = z
  .object({
    name: z.string().trim().min(1).max(40),
    token_qty: z.number().int().min(1).max(10_000_000),
    cost_cents: z.number().int().min(1).max(100_000_000),
    description: z.string().trim().max(200).nullable(),
    is_active: z.boolean(),
    sort_order: z.number().int().min(0).max(1000),
  })
  .partial();
export type AdminBundleUpdateBody = z.infer<typeof adminBundleUpdateBody>;
export const adminBundleResponse = z.object({
  success: z.literal(true),
  bundle: adminBundleSchema,
});
