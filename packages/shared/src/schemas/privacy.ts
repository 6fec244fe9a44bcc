// The lawful-to-launch API (issue 42): acknowledging the dating-safety notice of the
// member's state (rules/dating-safety-notices).
import { z } from 'zod';
import { ACKNOWLEDGED_PLACEMENTS } from '../rules/dating-safety-notices';

export const acknowledgedPlacementSchema = z.enum(ACKNOWLEDGED_PLACEMENTS);

export const safetyNoticeStateResponse = z.object({
  /** The member's jurisdiction when it calls for a notice ('US-NJ'), else null. */
  jurisdiction: z.string().nullable(),
  /** The placements of the notice's current version the member has acknowledged. */
  acknowledged: z.array(acknowledgedPlacementSchema),
});
export type SafetyNoticeState = z.infer<typeof safetyNoticeStateResponse>;

export const acknowledgeNoticeBody = z.object({ placement: acknowledgedPlacementSchema });
