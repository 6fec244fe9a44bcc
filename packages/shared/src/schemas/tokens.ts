// Daily claim and the token ledger as the API returns it (marketplace §7 Tokens).
import { z } from 'zod';
import { MESSAGES } from '../errors';
import { MAX_BID } from '../rules/auction';
import { GRANT_MESSAGES, grantCashProblem } from '../rules/economy';
import { adminReason } from './admin';
import { pageQuery, safeText } from './common';

export const TRANSACTIONS_PAGE_SIZE = 50;

export const TOKEN_MESSAGES = {
  claimed: 'Daily tokens claimed!',
  alreadyClaimed: 'Daily token claim already completed.',
  available: 'Daily tokens available to claim.',
  claimFailed: 'Failed to claim tokens',
} as const;

export const claimTokensResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  tokenBalance: z.number().int(),
});
export const checkTokensResponse = z.object({ claimed: z.boolean(), message: z.string() });

export const transactionsQuery = pageQuery({ limit: TRANSACTIONS_PAGE_SIZE, maxLimit: 100 });

export const transactionSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  bid_target_id: z.number().int().nullable(),
  amount: z.number().int(),
  balance_after: z.number().int(),
  transaction_type: z.string(),
  status: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  bidTarget: z.object({ username: z.string().nullable() }).nullable(),
  bid: z
    .object({
      auction: z.object({
        id: z.number().int().nullable(),
        creator: z.object({ username: z.string().nullable() }).nullable(),
      }),
    })
    .nullable(),
  redeemableTransaction: z
    .object({ status: z.string(), reason: z.string().nullable(), reward_amount: z.number() })
    .nullable(),
  /**
   * A connection reward's part still held for the settlement hold after the bidder's card
   * purchase, and when it becomes redeemable (product rules, The token economy).
   */
  rewardPending: z.object({ tokens: z.number().int(), settles_at: z.string() }).nullable(),
  /** The row's parts by origin (they add up to amount). */
  origins: z.object({
    promotional: z.number().int(),
    purchased: z.number().int(),
    redeemable: z.number().int(),
  }),
});
export type TokenTransaction = z.infer<typeof transactionSchema>;
export const transactionsResponse = z.object({
  success: z.literal(true),
  transactions: z.array(transactionSchema),
});

/**
 * A member's balance by origin and what they earned from winning bidders (the owner's
 * rewards), with the part of it that became redeemable (product rules, The token economy).
 */
export const tokenOriginsResponse = z.object({
  success: z.literal(true),
  promotional: z.number().int(),
  purchased: z.number().int(),
  redeemable: z.number().int(),
  earned: z.number().int(),
  earnedRedeemable: z.number().int(),
});
export type TokenOriginsResponse = z.infer<typeof tokenOriginsResponse>;

/**
 * An admin adjustment (ledger type 'adjustment'): mints or burns tokens. A grant is
 * promotional unless it is `redeemable` (an operator crediting earnings by hand) or
 * `paid` (tokens the member paid for outside a bundle); either names the cash received for
 * it, so no tokens that can become cash exist without cash. A debit takes from the part
 * named, or spends in the bidding order.
 */
export const adminTokenAdjustmentBody = z
  .object({
    username: safeText({ max: 30, min: 1 }),
    amount: z
      .number({ error: MESSAGES.adjustmentAmountInvalid })
      .int(MESSAGES.adjustmentAmountInvalid)
      .min(-MAX_BID * 100, MESSAGES.adjustmentAmountInvalid)
      .max(MAX_BID * 100, MESSAGES.adjustmentAmountInvalid)
      .refine((n) => n !== 0, MESSAGES.adjustmentAmountInvalid),
    redeemable: z.boolean().default(false),
    paid: z.boolean().default(false),
    /** The cash received for a paid or redeemable grant, in US cents. */
    cash_cents: z
      .number({ error: GRANT_MESSAGES.cashInvalid })
      .int(GRANT_MESSAGES.cashInvalid)
      .min(0, GRANT_MESSAGES.cashInvalid)
      .max(100_000_000, GRANT_MESSAGES.cashInvalid)
      .optional(),
    /** Where that cash is recorded (a transfer, an invoice, a receipt). */
    cash_reference: safeText({ max: 120 }).optional(),
    /** Why: kept in the admin audit log. */
    reason: adminReason,
  })
  .superRefine((body, ctx) => {
    const problem = grantCashProblem({
      amount: body.amount,
      paid: body.paid,
      redeemable: body.redeemable,
      cashCents: body.cash_cents,
      cashReference: body.cash_reference,
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['cash_cents'] });
  });
export type AdminTokenAdjustmentBody = z.infer<typeof adminTokenAdjustmentBody>;
export const adminTokenAdjustmentResponse = z.object({
  success: z.literal(true),
  userId: z.number().int(),
  username: z.string().nullable(),
  tokenBalance: z.number().int(),
  redeemableTokens: z.number().int(),
});
