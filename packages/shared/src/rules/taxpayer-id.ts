// Taxpayer ids a payee profile may carry (issue 43; product rules, Payouts): US SSN, ITIN
// and EIN, Canadian SIN and BN. Each is checked for its format and for the rules the
// issuing agency publishes (SSA's never-issued SSN ranges, IRS ITIN middle digits and EIN
// campus prefixes, the SIN's Luhn check digit), so a typo is caught before the year-end
// report. The id itself is only ever shown masked: the last 4 digits in its usual layout.
import { luhnValid } from './luhn';
import { fail, pass, type RuleResult } from './result';

export const PAYEE_COUNTRIES = ['US', 'CA'] as const;
export type PayeeCountry = (typeof PAYEE_COUNTRIES)[number];

export const TAXPAYER_ID_TYPES = ['ssn', 'itin', 'ein', 'sin', 'bn'] as const;
export type TaxpayerIdType = (typeof TAXPAYER_ID_TYPES)[number];

/** The ids a payee of each country may give: individuals first, then businesses. */
export const TAXPAYER_ID_TYPES_BY_COUNTRY: Record<PayeeCountry, readonly TaxpayerIdType[]> = {
  US: ['ssn', 'itin', 'ein'],
  CA: ['sin', 'bn'],
};

/** How each id is written; X is a digit. */
const LAYOUTS: Record<TaxpayerIdType, string> = {
  ssn: 'XXX-XX-XXXX',
  itin: 'XXX-XX-XXXX',
  ein: 'XX-XXXXXXX',
  sin: 'XXX XXX XXX',
  bn: 'XXXXXXXXX',
};

export const TAXPAYER_ID_MESSAGES = {
  required: 'Please enter your taxpayer id',
  wrongCountry: 'Please choose an id issued in your country',
  nineDigits: 'The number must have 9 digits',
  ssnInvalid: 'This is not a Social Security number the SSA issues: please check it',
  itinInvalid: 'This is not an ITIN the IRS issues (9XX-5X-XXXX to 9XX-9X-XXXX): please check it',
  einInvalid: 'This is not an EIN the IRS issues (its first two digits): please check it',
  sinInvalid: 'This is not a valid Social Insurance Number: please check it',
} as const;

/** EIN prefixes the IRS has never assigned to a campus (IRS, "How EINs are assigned"). */
const EIN_UNASSIGNED_PREFIXES = new Set(
  '00 07 08 09 17 18 19 28 29 49 69 70 78 79 89 96 97'.split(' '),
);

/** ITIN middle digits (4th and 5th) the IRS issues. */
function isItinGroup(group: number): boolean {
  return (
    (group >= 50 && group <= 65) ||
    (group >= 70 && group <= 88) ||
    (group >= 90 && group <= 92) ||
    group >= 94
  );
}

function checkDigits(type: TaxpayerIdType, digits: string): string | null {
  const area = digits.slice(0, 3);
  switch (type) {
    case 'ssn':
      // SSA never issues area 000, 666 or 900-999, group 00 or serial 0000.
      if (area === '000' || area === '666' || area[0] === '9')
        return TAXPAYER_ID_MESSAGES.ssnInvalid;
      if (digits.slice(3, 5) === '00' || digits.slice(5) === '0000')
        return TAXPAYER_ID_MESSAGES.ssnInvalid;
      return null;
    case 'itin':
      return digits[0] === '9' && isItinGroup(Number(digits.slice(3, 5)))
        ? null
        : TAXPAYER_ID_MESSAGES.itinInvalid;
    case 'ein':
      return EIN_UNASSIGNED_PREFIXES.has(digits.slice(0, 2))
        ? TAXPAYER_ID_MESSAGES.einInvalid
        : null;
    case 'sin':
      // 0 is CRA's fictitious range and 8 is not used.
      return digits[0] !== '0' && digits[0] !== '8' && luhnValid(digits)
        ? null
        : TAXPAYER_ID_MESSAGES.sinInvalid;
    case 'bn':
      return null;
  }
}

/**
 * The id as stored (its 9 digits), or the first rule it breaks. Spaces and dashes are
 * ignored, so any usual writing passes; the country must be the one that issues the type.
 */
export function validateTaxpayerId(
  country: PayeeCountry,
  type: TaxpayerIdType,
  raw: string,
): RuleResult<string> {
  if (!TAXPAYER_ID_TYPES_BY_COUNTRY[country].includes(type))
    return fail(TAXPAYER_ID_MESSAGES.wrongCountry);
  const digits = raw.replace(/[\s-]/g, '');
  if (digits.length === 0) return fail(TAXPAYER_ID_MESSAGES.required);
  if (!/^\d{9}$/.test(digits)) return fail(TAXPAYER_ID_MESSAGES.nineDigits);
  const problem = checkDigits(type, digits);
  return problem ? fail(problem) : pass(digits);
}

/** The last 4 digits: all that is kept in the clear, and all that is ever shown. */
export function taxpayerIdLast4(digits: string): string {
  return digits.slice(-4);
}

/** The id as every screen, export and report shows it: '•••-••-6789'. */
export function maskTaxpayerId(type: TaxpayerIdType, last4: string): string {
  let left = last4.length;
  let out = '';
  const layout = LAYOUTS[type];
  for (let i = layout.length - 1; i >= 0; i--) {
    if (layout[i] !== 'X') out = layout[i] + out;
    else out = (left > 0 ? last4[--left] : '•') + out;
  }
  return out;
}

/** The full id in its usual layout, for an audited full-id report only. */
export function formatTaxpayerId(type: TaxpayerIdType, digits: string): string {
  let next = 0;
  return LAYOUTS[type].replace(/X/g, () => digits[next++] ?? '');
}
