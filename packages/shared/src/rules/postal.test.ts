import { describe, expect, it } from 'vitest';
import {
  formatPostalInput,
  forwardSortationArea,
  POSTAL_MESSAGES,
  validatePostalCode,
} from './postal';

describe('postal messages', () => {
  it('are the exact texts of the spec', () => {
    expect(POSTAL_MESSAGES).toEqual({
      required: 'Postal code is required',
      tooShort: 'Postal code must be at least 5 characters',
      format: 'Please enter a valid US ZIP (5 digits) or Canadian postal code (A1A 1A1)',
      invalid: 'Invalid postal code',
      noResponse: 'No response from server',
      lookupError: 'Error validating postal code',
    });
  });
});

describe('formatPostalInput', () => {
  it.each([
    ['', ''],
    ['9021', '9021'],
    ['90210', '90210'],
    ['1234567890', '1234567'],
    ['12345-6789', '1234567'],
    ['k', 'K'],
    ['k1a', 'K1A'],
    ['k1a0', 'K1A 0'],
    ['k1a0b1', 'K1A 0B1'],
    ['K1A 0B1', 'K1A 0B1'],
    ['k1a-0b1xyz', 'K1A 0B1'],
    ['  m5v 3l9 ', 'M5V 3L9'],
  ])('%j shows as %j', (raw, shown) => {
    expect(formatPostalInput(raw)).toBe(shown);
    expect(formatPostalInput(raw).length).toBeLessThanOrEqual(7);
  });
});

describe('validatePostalCode', () => {
  it.each([
    ['', POSTAL_MESSAGES.required],
    ['   ', POSTAL_MESSAGES.required],
    ['9021', POSTAL_MESSAGES.tooShort],
    ['K1A', POSTAL_MESSAGES.tooShort],
    ['1234567', POSTAL_MESSAGES.format],
    ['9021A', POSTAL_MESSAGES.format],
    ['K1A 0B', POSTAL_MESSAGES.format],
    ['D1A 0B1', POSTAL_MESSAGES.format],
    ['F1A 0B1', POSTAL_MESSAGES.format],
    ['I1A 0B1', POSTAL_MESSAGES.format],
    ['O1A 0B1', POSTAL_MESSAGES.format],
    ['Q1A 0B1', POSTAL_MESSAGES.format],
    ['U1A 0B1', POSTAL_MESSAGES.format],
    ['W1A 0B1', POSTAL_MESSAGES.format],
    ['Z1A 0B1', POSTAL_MESSAGES.format],
    ['K1D 0B1', POSTAL_MESSAGES.format],
    ['K1A 0O1', POSTAL_MESSAGES.format],
    ['K1A 0U1', POSTAL_MESSAGES.format],
    ['KK1 0B1', POSTAL_MESSAGES.format],
  ])('%j fails with %s', (raw, message) => {
    expect(validatePostalCode(raw)).toEqual({ ok: false, message });
  });

  it.each([
    ['90210', { code: '90210', country: 'US' }],
    [' 00501 ', { code: '00501', country: 'US' }],
    ['K1A 0B1', { code: 'K1A 0B1', country: 'CA' }],
    ['k1a0b1', { code: 'K1A 0B1', country: 'CA' }],
    ['T2W 1Z9', { code: 'T2W 1Z9', country: 'CA' }],
    ['X0A 0H0', { code: 'X0A 0H0', country: 'CA' }],
  ])('%j passes as %o', (raw, value) => {
    expect(validatePostalCode(raw)).toEqual({ ok: true, value });
  });

  it('takes the FSA from a Canadian code', () => {
    expect(forwardSortationArea(' m5v 3l9')).toBe('M5V');
  });
});
