// Public settings the web app needs before anything else (prelaunch mode).
import { z } from 'zod';

export const appConfigResponse = z.object({
  launchAt: z.string(),
  prelaunch: z.boolean(),
  serverTime: z.string(),
});
export type AppConfig = z.infer<typeof appConfigResponse>;

export const minimumRedeemableThresholdResponse = z.object({
  minimum_redeemable_threshold: z.number().int(),
});
export const tokenRedemptionMultiplierResponse = z.object({
  token_redemption_multiplier: z.number(),
});
