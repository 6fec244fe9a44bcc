// Business constants from the specification's limits tables (accounts §9, marketplace §9).

export const PRODUCT_NAME = 'Bidboard';

export const OTP_LENGTH = 6;
export const PHONE_DIGITS = 10;
export const CODE_LOCKOUT_ATTEMPTS = 5;
export const CODE_LOCKOUT_SECONDS = 60;
/**
 * Wait before 'Resend code' is offered again. Only pacing for the member: the server's
 * per-phone and per-address send limits decide what is actually sent.
 */
export const RESEND_CODE_COOLDOWN_SECONDS = 30;
export const SIGN_IN_PROGRESS_PERCENT = 5;

/**
 * The web app's own random id, sent with every request and kept across sign-outs: the
 * redemption risk review's 'same device'. Here, not beside its schema in schemas/auth.ts,
 * so the web's API client reaches it without bringing zod into the first page load.
 */
export const DEVICE_ID_HEADER = 'x-device-id';

export const ONBOARDING_COMPLETE = 14;
export const MINIMUM_AGE = 18;

export const REFERRAL_BONUS = 250;
export const INVITES_PER_USER = 3;
export const DAILY_CLAIM_AMOUNT = 100;

export const ACTIVITY_PING_MS = 5 * 60 * 1000;
export const SOCKET_STATUS_POLL_MS = 5000;
/** Client reconnect settings, accounts §9. */
export const SOCKET_RECONNECT = {
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 30_000,
  timeout: 20_000,
  transports: ['websocket', 'polling'] as string[],
} as const;

export const TEST_PHONE_SUFFIX = '1234567890';

/** Launch instant, marketplace §9. */
export const DEFAULT_LAUNCH_AT = '2025-08-05T20:00:00Z';

export const LEGAL = {
  /** March 27, 2025 (marketplace §9): a day, worded for the member's language by the page. */
  effectiveDate: '2025-03-27',
  governingLaw: 'New Jersey',
  operator: 'Bidboard Labs LLC',
  minimumAge: MINIMUM_AGE,
} as const;
