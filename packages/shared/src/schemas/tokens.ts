// Daily claim and the token ledger as the API returns it (marketplace §7 Tokens).
import { z } from 'zod';
import { MESSAGES } from '../errors';
import { MAX_BID } from '../rules/auction';
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
});
export type TokenTransaction = z.infer<typeof transactionSchema>;
export const transactionsResponse = z.object({
  success: z.literal(true),
  transactions: z.array(transactionSchema),
});

/**
 * An admin adjustment (ledger type 'adjustment'): mints or burns tokens; `redeemable`
 * tokens are cash-redeemable too (an operator crediting earnings by hand).
 */
export const adminTokenAdjustmentBody = z.object({
  username: safeText({ max: 30, min: 1 }),
  amount: z
    .number({ error: MESSAGES.adjustmentAmountInvalid })
    .int(MESSAGES.adjustmentAmountInvalid)
    .min(-MAX_BID * 100, MESSAGES.adjustmentAmountInvalid)
    .max(MAX_BID * 100, MESSAGES.adjustmentAmountInvalid)
    .refine((n) => n !== 0, MESSAGES.adjustmentAmountInvalid),
  redeemable: z.boolean().default(false),
  /** Why: kept in the admin audit log. */
  reason: adminReason,
});
export type AdminTokenAdjustmentBody = z.infer<typeof adminTokenAdjustmentBody>;
export const adminTokenAdjustmentResponse = z.object({
  success: z.literal(true),
  userId: z.number().int(),
  username: z.string().nullable(),
  tokenBalance: z.number().int(),
  redeemableTokens: z.number().int(),
});
