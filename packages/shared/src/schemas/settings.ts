// Business settings (product rules: daily claim, redemption, connection timers, ...):
// an operator changes them at run time from the admin console and every server reads
// the new value on its next use. The server's environment gives the starting defaults.
import { z } from 'zod';
import { MAX_BID } from '../rules/auction';
import { CAMPAIGN_MESSAGES } from '../rules/economy';
import { PAYEE_REPORTING_THRESHOLD_CENTS } from '../rules/payee';
import { intInRange } from './common';

const HOURS_IN_A_YEAR = 24 * 365;
/** Fractions of an hour are allowed so a test or a rehearsal can run the lifecycle quickly. */
const hours = z.number().positive().max(HOURS_IN_A_YEAR);
/** The longest the sign-in code lockout may count or lock: retention keeps its rows as long. */
export const CODE_FAILURES_MAX_WINDOW_HOURS = 7 * 24;

export const businessSettingsShape = {
  /** Tokens a member gets from the daily claim. */
  daily_claim_amount: intInRange(1, MAX_BID),
  /** Fewest redeemable tokens a redemption may take. */
  minimum_redeemable_threshold: intInRange(1, MAX_BID),
  /** Cash value multiplier of a redeemed token (the '5X' launch campaign sets 5). */
  token_redemption_multiplier: z.number().min(1).max(100),
  /**
   * The campaign (product rules, The token economy): what a multiplier above 1 may pay
   * beyond the base rate in all, in US cents; a pending or paid redemption holds its part.
   */
  redemption_campaign_budget_cents: intInRange(0, 1_000_000_000),
  /** What one member may get from the campaign in any 30 days, in US cents. */
  redemption_campaign_member_cap_cents: intInRange(0, 1_000_000_000),
  /** Fee in US cents taken from each payout. */
  payout_fee_cents: intInRange(0, 100_000),
  /** A pending connection reminds its owner after this long. */
  connection_reminder_hours: hours,
  /** A pending connection expires (and refunds the bidder) after this long. */
  connection_expiry_hours: hours,
  /** After a rejection the owner may change their mind for this long. */
  rejection_grace_hours: hours,
  /** An accepted connection without engagement expires (and refunds) after this long. */
  engagement_window_hours: hours,
  /** Card payment forms a member may open per window (TOKEN_CREATION_RATE_LIMIT_EXCEEDED). */
  payment_form_limit: intInRange(1, 1000),
  payment_form_window_minutes: intInRange(1, 24 * 60),
  /** Completed card purchases a member may make per window (PAYMENT_RATE_LIMIT_EXCEEDED). */
  payment_limit: intInRange(1, 1000),
  payment_window_minutes: intInRange(1, 24 * 60),
  /** Two purchase confirmations for different payments closer than this are refused. */
  rapid_submission_seconds: intInRange(0, 3600),
  /**
   * The settlement hold (product rules, The token economy): what a bid of purchased tokens
   * earns its owner stays pending this many days after the bidder's purchase, while the
   * card payment can still be refunded or charged back, then turns redeemable.
   */
  purchase_settlement_days: intInRange(0, 180),
  /** Most a member may spend by card in 24 hours, in US cents (HIGH_VALUE_RATE_LIMIT_EXCEEDED). */
  high_value_limit_cents: intInRange(100, 100_000_000),
  /**
   * A socket that has sent no activity (the 5-minute userActivity ping, a chat action)
   * for this long gets 'inactivityDisconnect' and is closed (marketplace §7 Realtime).
   */
  inactivity_disconnect_minutes: intInRange(6, 7 * 24 * 60),
  /**
   * Face match (issue 23): a verification video whose best frame is less similar than this
   * to the slot-1 photo is flagged for review (0..1; 0.5 is the face model's own line).
   */
  face_match_threshold: z.number().min(0).max(1),
  /**
   * Liveness (issue 41): the head in a verification video must turn at least this far
   * (the yaw range across the sampled frames, degrees); a still photo filmed turns ~1°.
   */
  face_turn_min_degrees: z.number().min(0).max(90),
  /**
   * Verification videos a member may submit in 24 hours (issue 41): each costs seconds of
   * model time, and a newer one replaces the older, so a few is all an honest retry needs.
   */
  verification_videos_per_day: intInRange(1, 100),
  /**
   * Sign-in codes across windows (issue 41): a number that enters this many wrong codes
   * within `code_failures_window_hours` is locked for `code_lockout_hours`, whatever new
   * codes it asks for (each code alone allows 5 guesses).
   */
  code_failures_per_number: intInRange(1, 1000),
  code_failures_window_hours: intInRange(1, CODE_FAILURES_MAX_WINDOW_HOURS),
  code_lockout_hours: intInRange(1, CODE_FAILURES_MAX_WINDOW_HOURS),
  /**
   * Uploads a member may send in an hour (issue 41), counted before the file is decoded:
   * each costs up to a second of decoding, so a member cannot keep a server busy.
   */
  photo_uploads_per_hour: intInRange(1, 10_000),
  chat_images_per_hour: intInRange(1, 10_000),
  /** A verification this similar to another member's is flagged as a likely duplicate. */
  face_duplicate_threshold: z.number().min(0).max(1),
  /** A photo or chat image whose nudity score reaches this is held (photo) or blurred (chat). */
  nudity_threshold: z.number().min(0).max(1),
  /** A redemption whose risk score is above this waits for an admin, even with PayPal payouts. */
  redemption_risk_threshold: intInRange(0, 1000),
  /**
   * Cash a member may ask for in 30 days, in US cents, before their redemption's review
   * raises 'over the 30-day cap' (not the campaign's cap on its extra value).
   */
  redemption_member_30_day_cap_cents: intInRange(100, 100_000_000),
  /**
   * A redemption that takes a member's payouts this year past this, in US cents, is held
   * until their payee profile is complete (issue 43); below the 1099-NEC's threshold.
   */
  payee_identity_threshold_cents: intInRange(0, PAYEE_REPORTING_THRESHOLD_CENTS.US - 1),
  /** 'Are you OK?' comes this long after an accepted date plan's time (issue 45). */
  date_check_in_delay_minutes: intInRange(1, 24 * 60),
  /** An unanswered check-in texts the trusted contact this long after it was asked. */
  date_check_in_escalation_minutes: intInRange(1, 24 * 60),
};

export const businessSettingsSchema = z
  .object(businessSettingsShape)
  .refine((s) => s.connection_reminder_hours < s.connection_expiry_hours, {
    message: 'The reminder must come before the expiry',
    path: ['connection_reminder_hours'],
  })
  .refine(
    (s) =>
      s.token_redemption_multiplier <= 1 ||
      (s.redemption_campaign_budget_cents > 0 && s.redemption_campaign_member_cap_cents > 0),
    { message: CAMPAIGN_MESSAGES.needsBudget, path: ['token_redemption_multiplier'] },
  );
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export type BusinessSettingKey = keyof BusinessSettings;

/** A change to some settings; the merged result is checked again as a whole. */
export const businessSettingsPatch = z.object(businessSettingsShape).partial().strict();
export type BusinessSettingsPatch = z.infer<typeof businessSettingsPatch>;

export const businessSettingsResponse = z.object({
  success: z.literal(true),
  settings: z.object(businessSettingsShape),
});
