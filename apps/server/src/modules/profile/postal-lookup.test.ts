import { POSTAL_MESSAGES } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { lookupPostalCode } from './postal-lookup';

describe('lookupPostalCode', () => {
  it.each([
    ['90210', { zip: '90210', country: 'US', state: 'CA', city: 'Beverly Hills' }],
    ['10001', { zip: '10001', country: 'US', state: 'NY', city: 'New York' }],
    [' 00501 ', { zip: '00501', country: 'US', state: 'NY', city: 'Holtsville' }],
    ['M5V 3L9', { zip: 'M5V 3L9', country: 'CA', state: 'ON', city: 'Downtown Toronto' }],
    ['k1a0b1', { zip: 'K1A 0B1', country: 'CA', state: 'ON', city: 'Ottawa' }],
    ['H2X 1Y4', { zip: 'H2X 1Y4', country: 'CA', state: 'QC', city: 'Plateau Mont-Royal' }],
    ['G6V 1A1', { zip: 'G6V 1A1', country: 'CA', state: 'QC', city: 'Lévis' }],
    ['T2P 1J9', { zip: 'T2P 1J9', country: 'CA', state: 'AB', city: 'Calgary' }],
    ['V6B 1A1', { zip: 'V6B 1A1', country: 'CA', state: 'BC', city: 'Vancouver' }],
    ['X1A 2P8', { zip: 'X1A 2P8', country: 'CA', state: 'NT', city: 'Yellowknife' }],
    ['X0A 0H0', { zip: 'X0A 0H0', country: 'CA', state: 'NU', city: 'Iqaluit' }],
    ['Y1A 1A1', { zip: 'Y1A 1A1', country: 'CA', state: 'YT', city: 'Whitehorse' }],
    ['A1C 5M2', { zip: 'A1C 5M2', country: 'CA', state: 'NL', city: "St. John's" }],
  ])('%j -> %o', (input, value) => {
    expect(lookupPostalCode(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', 'empty'],
    ['9021', 'too short'],
    ['ABCDE', 'malformed'],
    ['W1A 0B1', 'W is never a first letter'],
    ['00000', 'a ZIP that does not exist'],
    ['99999', 'a ZIP that does not exist'],
    ['X0Z 1A1', 'an FSA Canada Post does not use'],
    ['T0Z 1A1', 'an FSA Canada Post does not use'],
  ])('%j (%s) is an invalid postal code', (input) => {
    expect(lookupPostalCode(input)).toEqual({ ok: false, message: 'Invalid postal code' });
  });

  it('checks a Canadian code to its FSA only (the local part is not in the data)', () => {
    expect(lookupPostalCode('K1Z 9Z9')).toMatchObject({ ok: true, value: { state: 'ON' } });
  });

  it('fails with the spec message', () => {
    expect(POSTAL_MESSAGES.invalid).toBe('Invalid postal code');
  });
});
