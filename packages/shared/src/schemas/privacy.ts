// The lawful-to-launch API (issue 42): acknowledging the dating-safety notice of the
// member's state (rules/dating-safety-notices) and biometric consent (rules/biometric-consent).
import { z } from 'zod';
import { BIOMETRIC_DECISIONS } from '../rules/biometric-consent';
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

/** The member's biometric consent and what the consent screen states (issue 42). */
export const biometricConsentState = z.object({
  /** The member's last decision, or null when they have not been asked yet. */
  decision: z.enum(BIOMETRIC_DECISIONS).nullable(),
  /** The text version that decision was given on. */
  version: z.string().nullable(),
  decided_at: z.string().nullable(),
  /** The version of the text the screen shows now. */
  current_version: z.string(),
  /** Face data is deleted at the latest this many days after the last sign-in. */
  retention_days: z.number().int(),
  /** A verification video is deleted this many days after its review is decided. */
  video_retention_days: z.number().int(),
});
export type BiometricConsentState = z.infer<typeof biometricConsentState>;

/** Agreeing or declining on the consent screen, naming the version read. */
export const biometricConsentBody = z.object({
  decision: z.enum(['agreed', 'declined']),
  version: z.string().min(1).max(40),
});

/** The numbers the public biometric retention policy states (GET /biometric-policy). */
export const biometricPolicyResponse = z.object({
  version: z.string(),
  retention_days: z.number().int(),
  video_retention_days: z.number().int(),
});
export type BiometricPolicy = z.infer<typeof biometricPolicyResponse>;
