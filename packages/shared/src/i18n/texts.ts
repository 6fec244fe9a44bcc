// Every member-facing text of the shared package, by key ('POSTAL_MESSAGES.required'). The
// English is the constants themselves (the spec's strings, the API's `message`); each
// other language has a catalogue with the same keys (fr-CA.json, ICU MessageFormat), where
// a message the English builds with a function names its arguments: `{minimum, plural, one
// {# jeton} other {# jetons}}` for AUCTION_MESSAGES.bidTooLow(minimum). An argument named
// `cents` (or `dollars`) arrives as money already written for the language ("10,00 $").
// The server renders alerts, pushes and texts from it; the web translates an error's key
// and the messages the shared rules return (describeText finds the key of an English one).
import { ERROR_CODE_MESSAGES, MESSAGES } from '../errors';
import { AGE_RANGE_LABELS, AGE_RANGE_MESSAGES } from '../rules/age-range';
import {
  ALERT_MESSAGES,
  ALERT_TEMPLATES,
  APPROVAL_ALERT_MESSAGES,
  CONNECTION_ALERT_MESSAGES,
  FRAUD_ALERT_MESSAGES,
  NO_NAME,
  OWNER_BID_ALERT_MESSAGES,
} from '../rules/alerts';
import { AUCTION_MESSAGES, MAXIMUM_BID_TEXT, RESERVE_TEXT } from '../rules/auction';
import { RESULT_MESSAGES, RESULT_TEMPLATES } from '../rules/auction-results';
import { BIO_MESSAGES } from '../rules/bio';
import { BIOMETRIC_CONSENT_MESSAGES } from '../rules/biometric-consent';
import { CHAT_MESSAGES } from '../rules/chat';
import { CONTENT_MESSAGES } from '../rules/content';
import { DATE_ALERT_MESSAGES, DATE_MESSAGES } from '../rules/dates';
import { DOB_MESSAGES } from '../rules/dob';
import { CAMPAIGN_MESSAGES, GRANT_MESSAGES } from '../rules/economy';
import { EMAIL_MESSAGES } from '../rules/email';
import { FAVORITE_CATEGORY_LABELS, FAVORITE_MESSAGES } from '../rules/favorite-thing';
import { GENDER_LABELS, GENDER_MESSAGES } from '../rules/gender';
import { MEDIA_MESSAGES } from '../rules/media';
import { NOTIFICATION_MESSAGES } from '../rules/notifications';
import { OTP_TEXTS } from '../rules/otp';
import { PAYEE_MESSAGES } from '../rules/payee';
import { POSTAL_MESSAGES } from '../rules/postal';
import { PROMPT_MESSAGES, PROMPT_TEXTS } from '../rules/prompts';
import { REDEMPTION_MESSAGES } from '../rules/redemption';
import { REPORT_REASON_LABELS, SAFETY_MESSAGES } from '../rules/safety';
import { SCAM_SIGNAL_LABELS } from '../rules/scam-guard';
import { SECOND_CHANCE_MESSAGES, SECOND_CHANCE_TEXT } from '../rules/second-chance';
import { TAXPAYER_ID_MESSAGES } from '../rules/taxpayer-id';
import { USERNAME_MESSAGES } from '../rules/username';
import { ADMIN_MESSAGES } from '../schemas/admin';
import { COMMON_MESSAGES } from '../schemas/common';
import { CONNECTION_MESSAGES } from '../schemas/connections';
import { PAYMENT_MESSAGES } from '../schemas/payments';
import { TOKEN_MESSAGES } from '../schemas/tokens';

/** Each group of texts under the name the code knows it by. */
export const SHARED_TEXTS = {
  ADMIN_MESSAGES,
  AGE_RANGE_LABELS,
  AGE_RANGE_MESSAGES,
  ALERT_MESSAGES,
  ALERT_TEMPLATES,
  APPROVAL_ALERT_MESSAGES,
  AUCTION_MESSAGES,
  BIO_MESSAGES,
  BIOMETRIC_CONSENT_MESSAGES,
  CAMPAIGN_MESSAGES,
  CHAT_MESSAGES,
  COMMON_MESSAGES,
  CONNECTION_ALERT_MESSAGES,
  CONNECTION_MESSAGES,
  FRAUD_ALERT_MESSAGES,
  CONTENT_MESSAGES,
  DATE_ALERT_MESSAGES,
  DATE_MESSAGES,
  DOB_MESSAGES,
  EMAIL_MESSAGES,
  ERROR_CODE_MESSAGES,
  FAVORITE_CATEGORY_LABELS,
  FAVORITE_MESSAGES,
  GENDER_LABELS,
  GENDER_MESSAGES,
  GRANT_MESSAGES,
  MAXIMUM_BID_TEXT,
  MEDIA_MESSAGES,
  MESSAGES,
  NO_NAME,
  NOTIFICATION_MESSAGES,
  OTP_TEXTS,
  OWNER_BID_ALERT_MESSAGES,
  PAYEE_MESSAGES,
  PAYMENT_MESSAGES,
  POSTAL_MESSAGES,
  PROMPT_MESSAGES,
  PROMPT_TEXTS,
  REDEMPTION_MESSAGES,
  REPORT_REASON_LABELS,
  RESERVE_TEXT,
  RESULT_MESSAGES,
  RESULT_TEMPLATES,
  SAFETY_MESSAGES,
  SCAM_SIGNAL_LABELS,
  SECOND_CHANCE_MESSAGES,
  SECOND_CHANCE_TEXT,
  TAXPAYER_ID_MESSAGES,
  TOKEN_MESSAGES,
  USERNAME_MESSAGES,
} as const;

/** An English text: a constant, or a function of the message's arguments. */
export type SharedText = string | ((...args: never[]) => string);

/** Every shared text by its key, nested groups joined with dots. */
export function sharedTextEntries(): Map<string, SharedText> {
  const entries = new Map<string, SharedText>();
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string' || typeof value === 'function') {
      entries.set(key, value as SharedText);
    } else if (value && typeof value === 'object') {
      for (const [name, inner] of Object.entries(value)) walk(inner, `${key}.${name}`);
    }
  };
  for (const [group, texts] of Object.entries(SHARED_TEXTS)) walk(texts, group);
  return entries;
}

let byEnglish: Map<string, string> | null = null;

/**
 * The key of a constant English text ('Invalid postal code' -> 'POSTAL_MESSAGES.invalid'),
 * or null for a text that is not one (a function's output, a name, a zod issue). Two keys
 * with the same words share one: the first in SHARED_TEXTS (the completeness test checks
 * their translations agree).
 */
export function keyOfEnglish(text: string): string | null {
  if (!byEnglish) {
    byEnglish = new Map();
    for (const [key, value] of sharedTextEntries()) {
      if (typeof value === 'string' && !byEnglish.has(value)) byEnglish.set(value, key);
    }
  }
  return byEnglish.get(text) ?? null;
}

/** What a text says, as a key and the arguments that fill it: the API's error detail. */
export interface TextRef {
  key: string;
  params?: Record<string, string | number | null>;
}
