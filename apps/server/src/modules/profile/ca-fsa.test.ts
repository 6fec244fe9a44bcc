import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import { cleanFsaPlace, lookupFsa, provinceOfFsa } from './ca-fsa';

const canadian = Object.values(zipcodes.codes).filter((c) => c.country === 'Canada');

describe('provinceOfFsa', () => {
  it.each([
    ['A1C', 'NL'],
    ['B3H', 'NS'],
    ['C1A', 'PE'],
    ['E1C', 'NB'],
    ['G1R', 'QC'],
    ['H2X', 'QC'],
    ['J4K', 'QC'],
    ['K1A', 'ON'],
    ['L5B', 'ON'],
    ['M5V', 'ON'],
    ['N2L', 'ON'],
    ['P3A', 'ON'],
    ['R3C', 'MB'],
    ['S4P', 'SK'],
    ['T2P', 'AB'],
    ['V6B', 'BC'],
    ['X0A', 'NU'],
    ['X0B', 'NU'],
    ['X0C', 'NU'],
    ['X0E', 'NT'],
    ['X0G', 'NT'],
    ['X1A', 'NT'],
    ['Y1A', 'YT'],
    ['D1A', null],
    ['W1A', null],
    ['Z1A', null],
  ])('%s is in %s', (fsa, province) => {
    expect(provinceOfFsa(fsa)).toBe(province);
  });

  it("agrees with the package's own province names wherever those are provinces", () => {
    const names: Record<string, string> = {
      Alberta: 'AB',
      'British Columbia': 'BC',
      Manitoba: 'MB',
      'New Brunswick': 'NB',
      'Newfoundland and Labrador': 'NL',
      'Nova Scotia': 'NS',
      'Northwest Territory': 'NT',
      'Nunavut Territory': 'NU',
      Ontario: 'ON',
      'Prince Edward Island': 'PE',
      Quebec: 'QC',
      Saskatchewan: 'SK',
      Yukon: 'YT',
    };
    const named = canadian.filter((c) => names[c.state]);
    expect(named.length).toBeGreaterThan(1600);
    for (const c of named) expect([c.zip, provinceOfFsa(c.zip)]).toEqual([c.zip, names[c.state]]);
  });
});

describe('cleanFsaPlace', () => {
  it.each([
    ['T0A', 'Eastern Alberta (st. Paul)', 'St. Paul'],
    ['M5V', 'Downtown Toronto (cn Tower / King And Spadina)', 'Downtown Toronto'],
    ['L6S', 'Brampton North Central', 'Brampton'],
    ['S4N', 'Regina Northeast And East Central', 'Regina'],
    ['G6V', 'L\uFFFDvis North', 'Lévis'],
    ['G0P', 'Centre-du- Qu\uFFFDbec-est (saint-val\uFFFDre)', 'Saint-Valère'],
    ['H4A', 'Notre-dame-de-gr\uFFFDce Northeast', 'Notre-Dame-de-Grâce'],
    ['G4S', 'Sept-\uFFFDles Northwest', 'Sept-Îles'],
    ['J0N', "R\uFFFDgion D'oka (oka)", 'Oka'],
    ['G5R', 'Rivi\uFFFDre-du-loup', 'Rivière-du-Loup'],
    ['T9K', 'Fort Mcmurray', 'Fort McMurray'],
    ['V8W', 'Victoria Central British Columbia Provincial Government', 'Victoria'],
    ['K1A', 'Government Of Canada Ottawa And Gatineau Offices', 'Ottawa'],
    ['V7M', 'North Vancouver Central', 'North Vancouver'],
  ])('%s %j reads %j', (fsa, raw, place) => {
    expect(cleanFsaPlace(fsa, raw)).toBe(place);
  });

  it('leaves no broken accents, brackets or lower-case starts in any of the ~1,620 FSAs', () => {
    expect(canadian.length).toBeGreaterThan(1600);
    for (const c of canadian) {
      const place = lookupFsa(c.zip)?.city ?? '';
      expect(place, c.zip).toMatch(/^[\p{Lu}\d][^\uFFFD()]*$/u);
    }
  });
});
