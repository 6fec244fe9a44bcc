// One-time code rules of accounts §5 (Code).
import { OTP_LENGTH, PRODUCT_NAME } from '../constants';

export const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

export function isCompleteCode(code: string): boolean {
  return OTP_PATTERN.test(code);
}

/**
 * The lockout's remaining wait after 5 failures as m:ss, for the sign-in catalogue's
 * 'Too many attempts. Please wait {time} before trying again.'
 */
export function lockoutWait(secondsLeft: number): string {
  const s = Math.max(0, Math.ceil(secondsLeft));
  const m = Math.floor(s / 60);
  const ss = String(s % 60).padStart(2, '0');
  return `${m}:${ss}`;
}

/** The text that carries the code (its French in i18n/fr-CA.json). */
export const OTP_TEXTS = {
  signInCode: (code: string, minutes: number) =>
    `Your ${PRODUCT_NAME} code is ${code}. It expires in ${minutes} minutes.`,
} as const;
