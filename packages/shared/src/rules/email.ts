// Payout / contact email on the profile (accounts §3 User.email). The spec gives no rule or
// text; this is a plain shape check with a human message.
import { fail, pass, type RuleResult } from './result';

export const EMAIL_MAX = 254;
export const EMAIL_MESSAGES = { invalid: 'Please enter a valid email address' } as const;

export function validateEmail(raw: string): RuleResult<string> {
  const email = raw.trim();
  if (email.length > EMAIL_MAX || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    return fail(EMAIL_MESSAGES.invalid);
  }
  return pass(email);
}
