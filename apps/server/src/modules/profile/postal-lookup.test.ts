import { POSTAL_MESSAGES } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { lookupPostalCode, postalCentroid } from './postal-lookup';

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

describe('postalCentroid: the only location a member has', () => {
  it("is a US ZIP's centroid", () => {
    expect(postalCentroid('10001', 'US')).toEqual({ lat: 40.7484, lon: -73.9967 });
    expect(postalCentroid('90210', 'US')).toEqual({
      lat: expect.closeTo(34.09, 1),
      lon: expect.closeTo(-118.41, 1),
    });
  });

  it("is a Canadian code's FSA centroid: every code of the FSA is at the same point", () => {
    const fsa = postalCentroid('M5V', 'CA');
    expect(fsa).toEqual({ lat: 43.6525, lon: -79.3686 });
    expect(postalCentroid('M5V 3L9', 'CA')).toEqual(fsa);
    expect(postalCentroid('M5V 2T6', 'CA')).toEqual(fsa);
  });

  it('is null for a code the data does not place', () => {
    expect(postalCentroid('00000', 'US')).toBeNull();
    expect(postalCentroid('Z9Z 9Z9', 'CA')).toBeNull();
  });
});
