// Error codes and the exact user-facing messages of the specification.
// The server attaches an HTTP status; the client branches on `code` and shows `message`.
export const MESSAGES = {
  invalidPhone: 'Please enter a valid US or Canadian phone number',
  validPhone: 'Valid phone number',
  invalidCarrier: 'Enter a US or Canadian number from a valid carrier.',
  invalidCode: 'Invalid Code',
  codeExpired: 'This code has expired. Please request a new one.',
  tooManyCodeAttempts: 'Too many attempts. Please request a new code.',
  /**
   * A number locked after too many wrong codes across windows (issue 41), in the words of
   * the sign-in lockout (accounts §8), the wait in hours.
   */
  codeLockedHours: (hours: number) =>
    `Too many attempts. Please wait ${hours} hour${hours === 1 ? '' : 's'} before trying again.`,
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
  /** The daily claim's own wording for the same failure (marketplace §8). */
  userNotAuthenticated: 'User not authenticated',
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
  /** A socket whose session was logged out, expired or revoked (socketError). */
  sessionEnded: 'Your session has ended. Please sign in again.',
  /** An event refused while this server drains for a restart (the client reconnects elsewhere). */
  serverRestarting: 'The server is restarting. Please try again in a moment.',
  referralRewardAwarded: 'Referral bonus awarded',
  referralRewardAlreadyAwarded: 'Referral bonus already awarded',
  insufficientTokens: 'Insufficient tokens',
  stepIncomplete: 'Please complete this step before continuing.',
  noCodeSent: 'No code was sent to this number',
  noTextSent: 'No text was sent to this number',
  /** DEV_CLOCK's route: rows written at a later time would lie in the future. */
  clockOnlyForward: 'The clock only moves forward',
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
  'ACCOUNT_SUSPENDED',
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
  'TOKEN_CREATION_RATE_LIMIT_EXCEEDED',
  'DUPLICATE_TRANSACTION_SAME_USER',
  'DUPLICATE_TRANSACTION_CONSTRAINT',
  'SECURITY_VIOLATION',
  'RAPID_SUBMISSION_DETECTED',
  'PAYMENT_RATE_LIMIT_EXCEEDED',
  'HIGH_VALUE_RATE_LIMIT_EXCEEDED',
  'PAYMENT_PENDING',
  'PAYMENT_UNVERIFIED',
  'PAYMENT_PROVIDER_ERROR',
  'WEBHOOK_SIGNATURE_INVALID',
  /** The server cannot do it just now: a check it runs itself (the photo face check) or a restart. */
  'UNAVAILABLE',
  /** The scam guard holds a message until the sender answers its question (issue 23). */
  'SCAM_GUARD_CONFIRM',
  /** A bundle price or payout fee that would sell tokens below their base value. */
  'BUNDLE_BELOW_FLOOR',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What each code means in a sentence, for a screen that must say an error in the member's
 * language when the error's own message has no key (a validation issue's words).
 */
export const ERROR_CODE_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION: 'Please check what you entered and try again.',
  INVALID_PHONE: MESSAGES.invalidPhone,
  INVALID_CARRIER: MESSAGES.invalidCarrier,
  INVALID_CODE: MESSAGES.invalidCode,
  CODE_EXPIRED: MESSAGES.codeExpired,
  TOO_MANY_ATTEMPTS: MESSAGES.tooManyCodeAttempts,
  RATE_LIMITED: MESSAGES.tooManyRequests,
  SMS_FAILED: MESSAGES.failedToSendCode,
  ACCOUNT_NOT_FOUND: MESSAGES.accountNotFound,
  ACCOUNT_SUSPENDED: 'Your account has been suspended.',
  INVALID_REFERRAL: MESSAGES.invalidReferral,
  NO_INVITES: MESSAGES.noInvitesLeft,
  NOT_AUTHENTICATED: MESSAGES.notAuthenticated,
  FORBIDDEN: MESSAGES.forbidden,
  NOT_FOUND: MESSAGES.notFound,
  CONFLICT: 'This changed in the meantime. Please try again.',
  INSUFFICIENT_TOKENS: MESSAGES.insufficientTokens,
  BID_REJECTED: 'Your bid was not accepted.',
  AUCTION_CLOSED: 'Bidding has closed.',
  ALREADY_CLAIMED: 'Already claimed.',
  TOKEN_CREATION_RATE_LIMIT_EXCEEDED: 'Too many payment form requests. Please wait and try again.',
  DUPLICATE_TRANSACTION_SAME_USER: 'This payment was already processed for your account.',
  DUPLICATE_TRANSACTION_CONSTRAINT: 'This payment has already been completed.',
  SECURITY_VIOLATION: 'There was a payment processing error. Please try a new payment.',
  RAPID_SUBMISSION_DETECTED: 'Payments are being submitted too quickly.',
  PAYMENT_RATE_LIMIT_EXCEEDED: 'Too many payments in a short time. Please wait and try again.',
  HIGH_VALUE_RATE_LIMIT_EXCEEDED: 'This purchase would go over the daily card limit.',
  PAYMENT_PENDING: 'Your payment is being reviewed by the card processor.',
  PAYMENT_UNVERIFIED: 'We could not confirm your payment yet.',
  PAYMENT_PROVIDER_ERROR: 'The card processor could not be reached. Please try again in a moment.',
  WEBHOOK_SIGNATURE_INVALID: 'Invalid signature',
  UNAVAILABLE: 'This is not available right now. Please try again in a moment.',
  SCAM_GUARD_CONFIRM: 'Please confirm before sending this message.',
  BUNDLE_BELOW_FLOOR: "This price is below the tokens' base value.",
  INTERNAL: MESSAGES.internal,
};
