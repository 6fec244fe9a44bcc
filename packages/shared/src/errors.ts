// Error codes and the exact user-facing messages of the specification.
// The server attaches an HTTP status; the client branches on `code` and shows `message`.
import { z } from 'zod';

export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const MESSAGES = {
  invalidPhone: 'Please enter a valid US or Canadian phone number',
  invalidCarrier: 'Enter a US or Canadian number from a valid carrier.',
  invalidCode: 'Invalid Code',
  codeExpired: 'This code has expired. Please request a new one.',
  tooManyCodeAttempts: 'Too many attempts. Please request a new code.',
  tooManyCodeRequests: 'Too many code requests. Please wait a few minutes and try again.',
  tooManyRequests: 'Too many requests. Please wait a moment before trying again.',
  codeSent: 'Verification code sent',
  failedToSendCode: 'Failed to send verification code',
  accountNotFound: 'Account not found.',
  invalidReferral: 'Invalid referral code',
  referralCheckError: 'Error checking referral',
  noInvitesLeft: 'This referrer has no invites left.',
  referralValid: 'Referral code is valid',
  notAuthenticated: 'Not authenticated',
  noToken: 'No authentication token received',
  invalidUserData: 'Invalid user data received',
  logoutFailed: 'Logout failed',
  loggedOut: 'Logged out',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found',
  internal: 'Something went wrong. Please try again.',
  invalidRequest: 'Invalid request',
  bodyTooLarge: 'Request body is too large',
  invalidJson: 'Request body is not valid JSON',
  authFailed: 'Authentication failed',
  referralRewardAwarded: 'Referral bonus awarded',
  referralRewardAlreadyAwarded: 'Referral bonus already awarded',
  insufficientTokens: 'Insufficient tokens',
  stepIncomplete: 'Please complete this step before continuing.',
  noCodeSent: 'No code was sent to this number',
  adjustmentAmountInvalid: 'Amount must be a non-zero whole number',
  /** Twilio refuses numbers that replied STOP until they text START (accounts §8). */
  textStartTo: (from: string) => `Text START to ${from} to receive messages`,
  profileUpdated: 'Profile updated',
} as const;

export const ERROR_CODES = [
  'VALIDATION',
  'INVALID_PHONE',
  'INVALID_CARRIER',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'SMS_FAILED',
  'ACCOUNT_NOT_FOUND',
  'INVALID_REFERRAL',
  'NO_INVITES',
  'NOT_AUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_TOKENS',
  'BID_REJECTED',
  'AUCTION_CLOSED',
  'ALREADY_CLAIMED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
