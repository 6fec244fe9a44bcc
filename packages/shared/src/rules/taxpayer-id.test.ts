// Taxpayer ids: the usual writings pass as 9 digits, the ranges the SSA and IRS never issue
// and a SIN whose check digit is wrong are refused with their own message, and the masked
// form shows the last 4 digits and nothing else.
import { describe, expect, it } from 'vitest';
import {
  formatTaxpayerId,
  TAXPAYER_ID_MESSAGES as M,
  maskTaxpayerId,
  validateTaxpayerId,
} from './taxpayer-id';

describe('validateTaxpayerId', () => {
  it.each([
    ['US', 'ssn', '123-45-6789', '123456789'],
    ['US', 'ssn', '123 45 6789', '123456789'],
    ['US', 'itin', '912-70-1234', '912701234'],
    ['US', 'itin', '900-94-1234', '900941234'],
    ['US', 'ein', '12-3456789', '123456789'],
    ['CA', 'sin', '130 692 544', '130692544'],
    ['CA', 'bn', '123456782', '123456782'],
  ] as const)('%s %s %s passes as its digits', (country, type, raw, digits) => {
    expect(validateTaxpayerId(country, type, raw)).toEqual({ ok: true, value: digits });
  });

  it.each([
    ['US', 'ssn', '', M.required],
    ['US', 'ssn', '12-345-678', M.nineDigits],
    ['US', 'ssn', '123-45-67890', M.nineDigits],
    ['US', 'ssn', '12345678O', M.nineDigits],
    ['US', 'ssn', '000-12-3456', M.ssnInvalid],
    ['US', 'ssn', '666-12-3456', M.ssnInvalid],
    ['US', 'ssn', '912-70-1234', M.ssnInvalid],
    ['US', 'ssn', '123-00-4567', M.ssnInvalid],
    ['US', 'ssn', '123-45-0000', M.ssnInvalid],
    ['US', 'itin', '812-70-1234', M.itinInvalid],
    ['US', 'itin', '912-69-1234', M.itinInvalid],
    ['US', 'itin', '912-93-1234', M.itinInvalid],
    ['US', 'itin', '912-89-1234', M.itinInvalid],
    ['US', 'ein', '07-1234567', M.einInvalid],
    ['US', 'ein', '00-1234567', M.einInvalid],
    ['CA', 'sin', '130 692 545', M.sinInvalid],
    ['CA', 'sin', '046 454 286', M.sinInvalid],
    ['US', 'sin', '130 692 544', M.wrongCountry],
    ['CA', 'ssn', '123-45-6789', M.wrongCountry],
  ] as const)('%s %s %j is refused', (country, type, raw, message) => {
    expect(validateTaxpayerId(country, type, raw)).toEqual({ ok: false, message });
  });
});

describe('maskTaxpayerId', () => {
  it('shows the last 4 digits in the id’s layout', () => {
    expect(maskTaxpayerId('ssn', '6789')).toBe('•••-••-6789');
    expect(maskTaxpayerId('ein', '6789')).toBe('••-•••6789');
    expect(maskTaxpayerId('sin', '2544')).toBe('••• ••2 544');
    expect(maskTaxpayerId('bn', '6782')).toBe('•••••6782');
  });

  it('writes a full id in its layout for the audited report', () => {
    expect(formatTaxpayerId('ssn', '123456789')).toBe('123-45-6789');
    expect(formatTaxpayerId('sin', '130692544')).toBe('130 692 544');
  });
});
