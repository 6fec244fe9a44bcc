// Offline postal lookup behind POST /postal/validate: a real US ZIP or a real Canadian
// forward sortation area gives the country, the 2-letter state or province and a city.
// Nothing is fetched at run time; the data ships in the `zipcodes` package, which also
// carries each code's centroid: the member's location (product rules, Distance and
// verification), never anything finer.
import {
  fail,
  forwardSortationArea,
  POSTAL_MESSAGES,
  type PostalLookup,
  pass,
  type RuleResult,
  validatePostalCode,
} from '@bidboard/shared';
import { lookupFsa } from './ca-fsa';
import { zipTable } from './zip-table';

/**
 * Passes with { zip, country, state, city } for a code that exists. A malformed code or
 * one that exists nowhere fails with the spec's 'Invalid postal code'. Canadian codes are
 * checked to the FSA (first three characters); the full code is echoed back canonical.
 */
export function lookupPostalCode(input: string): RuleResult<PostalLookup> {
  const parsed = validatePostalCode(input);
  if (!parsed.ok) return fail(POSTAL_MESSAGES.invalid);
  const { code, country } = parsed.value;
  if (country === 'US') {
    const entry = zipTable().lookup(code);
    if (entry?.country !== 'US') return fail(POSTAL_MESSAGES.invalid);
    return pass({ zip: code, country, state: entry.state, city: entry.city });
  }
  const place = lookupFsa(forwardSortationArea(code));
  if (!place) return fail(POSTAL_MESSAGES.invalid);
  return pass({ zip: code, country, state: place.province, city: place.city });
}

export interface Centroid {
  lat: number;
  lon: number;
}

/**
 * The centroid of a saved postal code: the ZIP's, or for a Canadian code its FSA's (the
 * whole code is never located more finely). Null for a code the data does not place.
 */
export function postalCentroid(code: string, country: string | null): Centroid | null {
  const key = country === 'CA' ? forwardSortationArea(code) : code.trim();
  const entry = zipTable().lookup(key);
  const lat = Number(entry?.latitude);
  const lon = Number(entry?.longitude);
  if (!entry || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { lat, lon };
}
