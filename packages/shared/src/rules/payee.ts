// Payee identity and payout reporting (issue 43; product rules, Payouts). Payouts count by
// calendar year (New York, like every business day here), in US cents. A redemption that
// would take the member's year past `payee_identity_threshold_cents` waits until their
// payee profile (legal name, address, country, taxpayer id, certification) is complete,
// well before the reporting thresholds below, so the year-end reports have every payee.
import type { PayeeCountry } from './taxpayer-id';

export const DEFAULT_PAYEE_IDENTITY_THRESHOLD_CENTS = 60_000;

/**
 * What makes a payee reportable for a year, in US cents: the 1099-NEC's $2,000 from 2026
 * (it was $600); Part XX (Canada's platform operator rules) has no minimum for services.
 */
export const PAYEE_REPORTING_THRESHOLD_CENTS: Record<PayeeCountry, number> = {
  US: 200_000,
  CA: 0,
};

/**
 * How long a deleted member's payee profile is kept after the calendar year of their last
 * payout, in years: what the tax law asks of the payer. The IRS asks for copies of
 * information returns 3 years from their due date (January 31st after the year), so 4 years
 * after the year covers it; the CRA asks for records 6 years after the year they relate
 * to. A payee profile with no payout is deleted with the account.
 */
export const PAYEE_RECORD_RETENTION_YEARS: Record<PayeeCountry, number> = { US: 4, CA: 6 };

export const PAYEE_NAME_MAX = 100;
export const PAYEE_ADDRESS_MAX = 100;
export const PAYEE_CITY_MAX = 60;

/** Where a payee may live: the states, DC and territories, and the provinces and territories. */
export const PAYEE_REGIONS: Record<PayeeCountry, readonly string[]> = {
  US: 'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'.split(
    ' ',
  ),
  CA: 'AB BC MB NB NL NS NT NU ON PE QC SK YT'.split(' '),
};

/**
 * Part XX (and the T4A slip) names an individual by last name and first name, each in its
 * own field: a Canadian payee with a SIN gives them apart, and their legal name is the two
 * together. A business (BN) and every US payee (the 1099-NEC's one name line) give one legal
 * name.
 */
export const needsSeparateNames = (country: PayeeCountry, taxpayerIdType: string): boolean =>
  country === 'CA' && taxpayerIdType === 'sin';

/** The legal name of a payee named apart: first name, then last name. */
export const joinedLegalName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The certification a payee confirms, worded like the W-9's (Part II) for the US and after
 * it for Canada. Its version is stored with the confirmation.
 */
export const PAYEE_CERTIFICATION_VERSION = 1;

export const PAYEE_MESSAGES = {
  legalNameRequired: 'Please enter your legal name as it appears on your tax return',
  firstNameRequired: 'Please enter your first name as it appears on your tax return',
  lastNameRequired: 'Please enter your last name as it appears on your tax return',
  addressRequired: 'Please enter your street address',
  cityRequired: 'Please enter your city',
  regionRequired: 'Please choose your state or province',
  postalMismatch: 'Please enter a postal code of the country you chose',
  countryRequired: 'Please choose the United States or Canada',
  certificationRequired: 'Please confirm the certification',
  certificationUS:
    'Under penalties of perjury, I certify that: 1. The number shown in this profile is my correct taxpayer identification number; 2. I am not subject to backup withholding because I am exempt from backup withholding, or I have not been notified by the Internal Revenue Service (IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or the IRS has notified me that I am no longer subject to backup withholding; and 3. I am a U.S. citizen or other U.S. person.',
  certificationCA:
    'I certify that the information in this profile is correct and complete, that the number shown is my own Social Insurance Number or my business’s Business Number, and that I understand it is reported to the Canada Revenue Agency with what I am paid.',
  saved: 'Your payee profile is saved.',
  notFound: 'You have not completed your payee profile yet.',
  awaitingProfile:
    'This redemption waits for the member’s payee profile: it cannot be paid before the profile is complete.',
  /** The hold where every payout is reported (Canada's Part XX). */
  identityHoldAny:
    'This payout is held: every payout to you is reported to the tax authorities, so we need your payee profile (legal name, address, taxpayer id) before we send it. Complete your payee profile and it goes out.',
  /** The hold, on the redemption screen. */
  identityHold: (cents: number) =>
    `This payout is held: with it, your payouts this year would pass $${(cents / 100).toFixed(2)}, so we need your payee profile (legal name, address, taxpayer id) before we send it. Complete your payee profile and it goes out.`,
} as const;

/**
 * The line past which a payee's payouts in a year need their payee profile: the setting, or
 * the country's reporting threshold when that is lower. Part XX reports a Canadian seller of
 * services at any amount, so in Canada every payout needs it (0: any amount is past it); the
 * setting is always below the 1099-NEC's. A member whose country is not known yet gets the
 * setting.
 */
export function payeeIdentityThresholdCents(
  country: string | null | undefined,
  settingCents: number,
): number {
  const reporting =
    country === 'US' || country === 'CA' ? PAYEE_REPORTING_THRESHOLD_CENTS[country] : Infinity;
  return Math.min(settingCents, reporting);
}

/**
 * The hold's reason in the member's words, chosen by where the payee is rather than by a
 * threshold of 0: an operator may set the threshold to 0 for everyone, and a US payee is
 * still not reported at every amount.
 */
export const identityHoldMessage = (country: PayeeCountry | null, thresholdCents: number) =>
  country === 'CA' ? PAYEE_MESSAGES.identityHoldAny : PAYEE_MESSAGES.identityHold(thresholdCents);

/**
 * A redemption is held for identity when the year's paid and pending payouts with it would
 * be past the threshold (at the threshold is not past) and the profile is not complete.
 */
export function needsPayeeIdentity(input: {
  yearToDateCents: number;
  amountCents: number;
  thresholdCents: number;
}): boolean {
  return input.yearToDateCents + input.amountCents > input.thresholdCents;
}
