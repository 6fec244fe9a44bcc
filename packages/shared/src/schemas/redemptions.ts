// Redemption requests (marketplace §3, §7 redeem-tokens) and the admin payout API the
// console builds on: list requests, mark them paid or failed.
import { z } from 'zod';
import { REDEEM_MAX, REDEMPTION_MESSAGES, validatePaypalEmail } from '../rules/redemption';
import type { RedemptionRiskFacts } from '../rules/redemption-risk';
import { idParam, pageQuery, safeText } from './common';

export const REDEMPTION_STATUSES = ['pending', 'paid', 'failed'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const PAYOUT_PROVIDERS = ['manual', 'paypal'] as const;

const tokenAmount = z
  .number({ error: REDEMPTION_MESSAGES.invalidAmount })
  .int(REDEMPTION_MESSAGES.invalidAmount)
  .min(1, REDEMPTION_MESSAGES.invalidAmount)
  .max(REDEEM_MAX, REDEMPTION_MESSAGES.invalidAmount);

const paypalEmail = z
  .string({ error: REDEMPTION_MESSAGES.invalidEmail })
  .max(254, REDEMPTION_MESSAGES.invalidEmail)
  .transform((value, ctx) => {
    const checked = validatePaypalEmail(value);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/**
 * §7 redeem-tokens {token_amount, paypal_email}; `expected_cents`, the value the screen showed,
 * refuses the request if the campaign's budget ran out since (the member gets no less than
 * they confirmed).
 */
export const redeemTokensBody = z.object({
  token_amount: tokenAmount,
  paypal_email: paypalEmail,
  expected_cents: z
    .number({ error: REDEMPTION_MESSAGES.invalidExpected })
    .int(REDEMPTION_MESSAGES.invalidExpected)
    .min(0, REDEMPTION_MESSAGES.invalidExpected)
    .max(100_000_000, REDEMPTION_MESSAGES.invalidExpected)
    .optional(),
});
export type RedeemTokensBody = z.infer<typeof redeemTokensBody>;

export const redemptionSchema = z.object({
  id: z.number().int(),
  token_amount: z.number().int(),
  amount_cents: z.number().int(),
  /** The part of amount_cents paid from the campaign budget. */
  campaign_cents: z.number().int(),
  fee_cents: z.number().int(),
  multiplier: z.number(),
  paypal_email: z.string(),
  status: z.enum(REDEMPTION_STATUSES),
  reason: z.string().nullable(),
  created_at: z.string(),
  /**
   * Issue 43: it takes the member's payouts this year past the identity threshold and
   * waits for their payee profile (never sent, never marked paid, until it is complete).
   */
  awaiting_payee_profile: z.boolean(),
});

export const redeemTokensResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  newBalance: z.number().int(),
  newRedeemableBalance: z.number().int(),
  redemption: redemptionSchema,
});
export type RedeemTokensResponse = z.infer<typeof redeemTokensResponse>;

/** GET /redemptions/quote?tokens=N: what N tokens are worth to this member right now. */
export const redemptionQuoteQuery = z.object({
  tokens: z.coerce
    .number({ error: REDEMPTION_MESSAGES.invalidAmount })
    .int(REDEMPTION_MESSAGES.invalidAmount)
    .min(1, REDEMPTION_MESSAGES.invalidAmount)
    .max(REDEEM_MAX, REDEMPTION_MESSAGES.invalidAmount),
});
export const redemptionQuoteResponse = z.object({
  success: z.literal(true),
  tokens: z.number().int(),
  base_cents: z.number().int(),
  campaign_cents: z.number().int(),
  amount_cents: z.number().int(),
  /** The limits it was valued with, so the screen values other amounts the same way. */
  multiplier: z.number(),
  fee_cents: z.number().int(),
  /**
   * What the campaign may still add for this member: the lower of their 30-day cap left and
   * the budget left. The campaign's own budget is never told to members.
   */
  campaign_left_cents: z.number().int(),
  /** The campaign's budget is spent (why nothing is left when the member's cap is not). */
  budget_spent: z.boolean(),
});
export type RedemptionQuote = z.infer<typeof redemptionQuoteResponse>;

export const payoutFeeResponse = z.object({ payout_fee_cents: z.number().int() });

const members = z.array(z.string());
const count = z.number().int().nonnegative();
/** The stored signals of a redemption's risk review (rules/redemption-risk.ts). */
export const redemptionRiskFactsSchema = z.object({
  reciprocal_bidding: z.object({ members }).optional(),
  shared_sign_in: z
    .object({
      members: z.array(z.object({ member: z.string(), ip: z.boolean(), device: z.boolean() })),
    })
    .optional(),
  referral_relation: z
    .object({
      members: z.array(
        z.object({
          member: z.string(),
          how: z.enum(['referred_them', 'referred_by', 'same_referrer']),
        }),
      ),
    })
    .optional(),
  thin_engagement: z
    .object({
      connections: z.array(
        z.object({
          member: z.string(),
          their_messages: count,
          your_messages: count,
          minutes: count,
        }),
      ),
    })
    .optional(),
  new_account: z
    .object({ members: z.array(z.object({ member: z.string(), days: count })) })
    .optional(),
  over_member_cap: z.object({ redeemed_cents: count, cap_cents: count }).optional(),
  fresh_pair: z.object({ members }).optional(),
  reversed_payment: z
    .object({
      payments: z.array(z.object({ member: z.string(), reason: z.enum(['refund', 'chargeback']) })),
    })
    .optional(),
  duplicate_face: z
    .object({ members: z.array(z.object({ member: z.string(), duplicate_of: z.string() })) })
    .optional(),
  shared_card: z.object({ members }).optional(),
}) satisfies z.ZodType<RedemptionRiskFacts>;

/**
 * The risk review as admins see it (never members): the score when it was requested, the
 * threshold then, the signals, and whether it waits for an admin (held and not approved).
 */
export const adminRedemptionRiskSchema = z.object({
  score: z.number().int(),
  threshold: z.number().int(),
  held: z.boolean(),
  awaiting_review: z.boolean(),
  approved_by: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  signals: redemptionRiskFactsSchema,
});
export type AdminRedemptionRisk = z.infer<typeof adminRedemptionRiskSchema>;

/** A redemption as the admin console lists it. */
export const adminRedemptionSchema = redemptionSchema.extend({
  user_id: z.number().int(),
  username: z.string().nullable(),
  provider: z.enum(PAYOUT_PROVIDERS),
  payout_status: z.string().nullable(),
  payout_batch_id: z.string().nullable(),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  updated_at: z.string(),
  /** Null for a redemption requested before reviews existed. */
  risk: adminRedemptionRiskSchema.nullable(),
  /** The member has a payee profile (legal name, address, taxpayer id, certification). */
  payee_profile_complete: z.boolean(),
});
export type AdminRedemption = z.infer<typeof adminRedemptionSchema>;

export const adminRedemptionsQuery = pageQuery({ limit: 50, maxLimit: 200 }).extend({
  status: z.enum(REDEMPTION_STATUSES).optional(),
});
export const adminRedemptionsResponse = z.object({
  success: z.literal(true),
  redemptions: z.array(adminRedemptionSchema),
});
export const redemptionParams = z.object({ id: idParam });
export const markRedemptionFailedBody = z.object({ reason: safeText({ max: 200, min: 1 }) });
export const adminRedemptionResponse = z.object({
  success: z.literal(true),
  redemption: adminRedemptionSchema,
});
