// Phone number rules of accounts §5 (Phone): US/Canadian numbers, entered as 10 digits
// and sent as +1 followed by them.
import { PHONE_DIGITS, TEST_PHONE_SUFFIX } from '../constants';
import { MESSAGES } from '../errors';

/** Keeps digits only and caps at 10, as the phone box does while typing. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '').slice(0, PHONE_DIGITS);
}

/** (555) 555-5555 formatting applied as the member types. */
export function formatPhoneInput(input: string): string {
  const d = phoneDigits(input);
  if (d.length === 0) return '';
  if (d.length < 4) return `(${d}`;
  if (d.length < 7) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Submit is enabled once the formatted value has at least 12 characters. */
export function canSubmitPhone(formatted: string): boolean {
  return formatted.length >= 12;
}

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

/** The number must be 11 digits starting with 1 once the +1 is added. */
export function toE164(input: string): PhoneResult {
  let digits = input.replace(/\D/g, '');
  if (digits.length === PHONE_DIGITS) digits = `1${digits}`;
  if (digits.length !== PHONE_DIGITS + 1 || !digits.startsWith('1')) {
    return { ok: false, message: MESSAGES.invalidPhone };
  }
  return { ok: true, e164: `+${digits}` };
}

/** Numbers ending in 1234567890 skip sending and accept the configured test code. */
export function isTestPhone(e164: string): boolean {
  return e164.endsWith(TEST_PHONE_SUFFIX);
}

/** Pulls the number out of a "Text START to ... to receive messages" server message. */
export function startNumberIn(message: string): string | null {
  const match = /Text START to (\+?[\d\s().-]{7,}\d) to receive messages/i.exec(message);
  return match?.[1] ?? null;
}
