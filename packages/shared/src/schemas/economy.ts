// GET /admin/economy (product rules, The token economy: the operator's view): the same
// figures as `npm run admin -- economy`. Tokens are counts; money is US cents.
import { z } from 'zod';

const int = z.number().int();

export const adminEconomyResponse = z.object({
  success: z.literal(true),
  issued: z.object({ promotional: int, purchased: int, redeemable: int }),
  cashInCents: int,
  cashOutCents: int,
  campaignPaidCents: int,
  pendingRedemptionCents: int,
  pendingRedemptions: int,
  heldRedemptions: int,
  redeemableTokens: int,
  /** Owners' rewards held for the settlement hold: redeemable tokens once it ends. */
  heldRewardTokens: int,
  redeemableValueCents: int,
  owedNowCents: int,
  campaign: z.object({
    multiplier: z.number(),
    budgetCents: int,
    memberCapCents: int,
    budgetLeftCents: int,
  }),
});
export type AdminEconomy = z.infer<typeof adminEconomyResponse>;
