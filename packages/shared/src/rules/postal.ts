// Postal code (accounts §5 'Postal code'): a US ZIP of 5 digits or a Canadian code A1A 1A1.
// Canada Post never uses D, F, I, O, Q or U, and never W or Z as the first letter, so
// those are rejected here too (a code that cannot exist would only fail the lookup later).
import { fail, pass, type RuleResult } from './result';

export const POSTAL_MAX_LENGTH = 7;
export const POSTAL_MIN_LENGTH = 5;

export const POSTAL_MESSAGES = {
  required: 'Postal code is required',
  tooShort: 'Postal code must be at least 5 characters',
  format: 'Please enter a valid US ZIP (5 digits) or Canadian postal code (A1A 1A1)',
  // After the format passes: the server lookup's failures (accounts §8 'Postal').
  invalid: 'Invalid postal code',
  noResponse: 'No response from server',
  lookupError: 'Error validating postal code',
} as const;

export type PostalCountry = 'US' | 'CA';
export type PostalCode = { code: string; country: PostalCountry };

const US_ZIP = /^\d{5}$/;
const CA_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/**
 * What the postal box shows as the member types: uppercased, letters and digits only,
 * a Canadian code split 'A1A 1A1', and never more than 7 characters.
 */
export function formatPostalInput(raw: string): string {
  const chars = raw.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (/^[A-Z]/.test(chars) && chars.length > 3) {
    return `${chars.slice(0, 3)} ${chars.slice(3, 6)}`;
  }
  return chars.slice(0, POSTAL_MAX_LENGTH);
}

/**
 * Blur and submit check. Passes with the canonical code ('12345' or 'A1A 1A1') and its
 * country; the server lookup then confirms that the code exists.
 */
export function validatePostalCode(raw: string): RuleResult<PostalCode> {
  const value = raw.trim().toUpperCase();
  if (value.length === 0) return fail(POSTAL_MESSAGES.required);
  if (value.length < POSTAL_MIN_LENGTH) return fail(POSTAL_MESSAGES.tooShort);
  if (US_ZIP.test(value)) return pass({ code: value, country: 'US' });
  const ca = CA_CODE.exec(value);
  if (ca) return pass({ code: `${ca[1]} ${ca[2]}`, country: 'CA' });
  return fail(POSTAL_MESSAGES.format);
}

/** Forward sortation area: the first three characters of a Canadian code. */
export function forwardSortationArea(code: string): string {
  return code.trim().toUpperCase().slice(0, 3);
}
