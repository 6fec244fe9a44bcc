// The lawful-to-launch API (issue 42): acknowledging the dating-safety notice of the
// member's state (rules/dating-safety-notices) and biometric consent (rules/biometric-consent).
import { z } from 'zod';
import { BIOMETRIC_DECISIONS } from '../rules/biometric-consent';
import { ACKNOWLEDGED_PLACEMENTS } from '../rules/dating-safety-notices';
import { safeText } from './common';

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
  /** Face descriptions kept for the member now (their videos' and photos'): 0 after withdrawal. */
  face_descriptions: z.number().int(),
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

/**
 * Privacy Center (issue 42): what a member may ask to have corrected, being stored but not
 * editable by them in Profile Settings.
 */
export const CORRECTABLE_FIELDS = [
  'phone_number',
  'verification',
  'token_history',
  'connections',
  'moderation',
  'other',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export const PRIVACY_REQUEST_KINDS = ['correction'] as const;
/** Each request is answered within this many days (PIPEDA, Law 25, CPRA all allow 30+). */
export const PRIVACY_REQUEST_DUE_DAYS = 30;
export const PRIVACY_REQUEST_TEXT_MAX = 1000;

export const privacyRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  field: z.enum(CORRECTABLE_FIELDS),
  details: z.string(),
  status: z.enum(['open', 'answered']),
  created_at: z.string(),
  due_at: z.string(),
  answered_at: z.string().nullable(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

export const privacyRequestBody = z.object({
  field: z.enum(CORRECTABLE_FIELDS),
  details: safeText({ min: 1, max: PRIVACY_REQUEST_TEXT_MAX, multiline: true }),
});

/** The member's privacy choices as the server applies them. */
export const privacySettingsResponse = z.object({
  /** No face comparison with other members, no risk signals from device ids. */
  limit_sensitive: z.boolean(),
  /** The browser's Global Privacy Control was seen (Sec-GPC: 1), and when first. */
  gpc_seen_at: z.string().nullable(),
  requests: z.array(privacyRequestSchema),
});
export type PrivacySettings = z.infer<typeof privacySettingsResponse>;

/**
 * GET /privacy-policy (public): the privacy officer's contact (PRIVACY_OFFICER_CONTACT)
 * that the privacy policy and the Privacy Center name (Law 25, PIPEDA).
 */
export const privacyPolicyResponse = z.object({ privacy_officer: z.string() });
export type PrivacyPolicy = z.infer<typeof privacyPolicyResponse>;
export const privacySettingsBody = z.object({ limit_sensitive: z.boolean() });

export const adminPrivacyRequestSchema = privacyRequestSchema.extend({
  user_id: z.number().int(),
  username: z.string().nullable(),
});
export const adminPrivacyRequestsResponse = z.object({
  requests: z.array(adminPrivacyRequestSchema),
});
export type AdminPrivacyRequest = z.infer<typeof adminPrivacyRequestSchema>;
