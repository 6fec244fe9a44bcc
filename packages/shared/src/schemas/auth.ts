// Sign-in and session calls of accounts §7.
import { z } from 'zod';
import { OTP_PATTERN } from '../rules/otp';
import { idSchema, safeText } from './common';
import { languageSchema, userSchema } from './user';

const phoneField = safeText({ min: 1, max: 32 });

/**
 * `language`: the one on the device's screen, so a number that is no member yet gets the
 * code's text in it (a member gets theirs).
 */
export const requestOtpBody = z.object({
  phone_number: phoneField,
  language: languageSchema.optional(),
});
export const requestOtpResponse = z.object({ success: z.boolean(), message: z.string() });

export const verifyOtpBody = z.object({
  phone_number: phoneField,
  otp: z.string().regex(OTP_PATTERN, 'Invalid Code'),
  referred_by: safeText({ max: 32 }).nullish(),
  /** The device's language: a new member starts in it; `language_chosen` when picked there. */
  language: languageSchema.optional(),
  language_chosen: z.boolean().optional(),
});
export const loginResponse = z.object({ token: z.string(), user: userSchema });

/**
 * The DEVICE_ID_HEADER (constants.ts) value. A malformed one is dropped, not refused: it
 * only feeds a signal, and sign-in must not fail over it.
 */
export const deviceIdHeader = z.uuid().optional().catch(undefined);
export type LoginResponse = z.infer<typeof loginResponse>;

export const registerBody = verifyOtpBody.extend({ referred_by: safeText({ min: 1, max: 32 }) });

export const checkPhoneBody = z.object({ phone_number: phoneField });
export const checkPhoneResponse = z.object({ exists: z.boolean() });

export const phoneValidateBody = z.object({ phone: phoneField });
export const phoneValidateResponse = z.object({ valid: z.boolean(), message: z.string() });

export const checkReferralBody = z.object({ username: safeText({ min: 1, max: 32 }) });
export const checkReferralResponse = z.object({
  success: z.boolean(),
  referrer_id: z.number().int(),
  message: z.string(),
});

export const meResponse = z.object({ user: userSchema });
export const logoutResponse = z.object({ success: z.boolean(), message: z.string() });

export const referralRewardBody = z.object({
  referrerId: idSchema.nullable(),
  referredId: idSchema,
  notifySignUpUser: z.boolean().optional(),
});
export const referralRewardResponse = z.object({
  success: z.boolean(),
  data: z.object({ tokenBalance: z.number().int(), bonusAwarded: z.boolean() }),
  message: z.string(),
});

export const otpOutboxQuery = z.object({ phone: phoneField });
export const otpOutboxResponse = z.object({
  phone: z.string(),
  code: z.string(),
  sentAt: z.string(),
});
/** The last text the console adapter "sent" to a number, whole (a shared date's link). */
export const smsOutboxResponse = z.object({
  phone: z.string(),
  body: z.string(),
  sentAt: z.string(),
});
/** DEV_CLOCK: where the server's clock moves to (forward only). */
export const devClockBody = z.object({ now: z.iso.datetime() });
export const devClockResponse = z.object({ now: z.string() });
