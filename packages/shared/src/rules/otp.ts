// One-time code rules of accounts §5 (Code).
import { OTP_LENGTH } from '../constants';

export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export function isCompleteCode(code: string): boolean {
  return OTP_PATTERN.test(code);
}

/** Lockout message after 5 failures: m:ss of the remaining wait. */
export function lockoutMessage(secondsLeft: number): string {
  const s = Math.max(0, Math.ceil(secondsLeft));
  const m = Math.floor(s / 60);
  const ss = String(s % 60).padStart(2, '0');
  return `Too many attempts. Please wait ${m}:${ss} before trying again.`;
}
