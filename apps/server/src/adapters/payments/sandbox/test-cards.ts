// The sandbox processor's card rules, modelled on Authorize.Net's sandbox: its published
// test numbers approve, a few numbers (and ZIP 46282) decline, anything else that passes
// the Luhn check declines too, so only a deliberate test card ever mints tokens.
import { luhnValid } from '@bidboard/shared';

export const APPROVING_TEST_CARDS = [
  '4111111111111111',
  '4007000000027',
  '4012888818888',
  '5424000000000015',
  '2223000010309703',
  '370000000000002',
  '6011000000000012',
  '3088000000000017',
  '38000000000006',
] as const;
export const DECLINING_TEST_CARDS = ['4000000000000002', '4222222222222'] as const;
/** Authorize.Net's sandbox declines any card billed to this ZIP. */
export const DECLINING_ZIP = '46282';

export const SANDBOX_CARD_MESSAGES = {
  invalidNumber: 'Please enter a valid card number.',
  invalidExpiry: 'Please enter a valid expiration date (MM/YY).',
  expired: 'This card has expired.',
  invalidCode: 'Please enter the 3 or 4 digit card code.',
  declined: 'This transaction has been declined.',
} as const;

export function cardType(digits: string): string {
  if (/^3[47]/.test(digits)) return 'AmericanExpress';
  if (/^3(0|6|8)/.test(digits)) return 'DinersClub';
  if (/^35/.test(digits)) return 'JCB';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^6/.test(digits)) return 'Discover';
  return 'Visa';
}

export interface CardEntry {
  cardNumber: string;
  expirationDate: string;
  cardCode: string;
  zip?: string;
}

export type CardCheck =
  | { ok: false; message: string }
  | { ok: true; number: string; approved: boolean };

/** What the hosted form itself refuses before a transaction exists, then the outcome. */
export function checkCard(entry: CardEntry, now: Date): CardCheck {
  const number = entry.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) {
    return { ok: false, message: SANDBOX_CARD_MESSAGES.invalidNumber };
  }
  const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(entry.expirationDate.trim());
  if (!expiry) return { ok: false, message: SANDBOX_CARD_MESSAGES.invalidExpiry };
  const lastMonth = new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1));
  if (lastMonth.getTime() <= now.getTime()) {
    return { ok: false, message: SANDBOX_CARD_MESSAGES.expired };
  }
  if (!/^\d{3,4}$/.test(entry.cardCode.trim())) {
    return { ok: false, message: SANDBOX_CARD_MESSAGES.invalidCode };
  }
  const approved =
    (APPROVING_TEST_CARDS as readonly string[]).includes(number) &&
    entry.zip?.trim() !== DECLINING_ZIP;
  return { ok: true, number, approved };
}
