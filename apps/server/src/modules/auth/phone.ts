// Server-side phone checks: the shared format rule, then libphonenumber's NANP
// validity for the US and Canada. Test numbers skip the carrier check.
import { isTestPhone, MESSAGES, toE164 } from '@bidboard/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { badRequest } from '../../lib/errors';

export function validatePhone(input: string): { valid: boolean; message: string; e164?: string } {
  const formatted = toE164(input);
  if (!formatted.ok) return { valid: false, message: formatted.message };
  if (isTestPhone(formatted.e164))
    return { valid: true, message: MESSAGES.validPhone, e164: formatted.e164 };
  const parsed = parsePhoneNumberFromString(formatted.e164);
  const country = parsed?.country;
  if (!parsed?.isValid() || (country !== 'US' && country !== 'CA')) {
    return { valid: false, message: MESSAGES.invalidCarrier };
  }
  const type = parsed.getType();
  // Premium and shared-cost lines cannot receive a sign-in text.
  if (type === 'PREMIUM_RATE' || type === 'SHARED_COST' || type === 'VOIP' || type === 'PAGER') {
    return { valid: false, message: MESSAGES.invalidCarrier };
  }
  return { valid: true, message: MESSAGES.validPhone, e164: formatted.e164 };
}

/** Normalises a phone number or throws the spec's 400. */
export function requirePhone(input: string): string {
  const result = validatePhone(input);
  if (!result.valid || !result.e164) {
    throw badRequest(
      result.message === MESSAGES.invalidPhone ? 'INVALID_PHONE' : 'INVALID_CARRIER',
      result.message,
    );
  }
  return result.e164;
}
