// Public settings the web app needs before anything else (prelaunch mode).
import { z } from 'zod';

export const appConfigResponse = z.object({
  launchAt: z.string(),
  prelaunch: z.boolean(),
  serverTime: z.string(),
});
export type AppConfig = z.infer<typeof appConfigResponse>;
