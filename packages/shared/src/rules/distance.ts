// Distance between members (product rules, Distance and verification): each member is at
// their postal code's centroid, nothing finer, and a distance shown is whole miles (km for
// members in Canada), 'Less than 1' below one and 'Far away' past 500. Rounding happens on
// the server, so no response carries more than the whole number a member sees.

/** The choices of 'Maximum distance', in the member's unit; null is 'Anywhere'. */
export const MAX_DISTANCE_CHOICES = [10, 25, 50, 100, 250] as const;
export type MaxDistance = (typeof MAX_DISTANCE_CHOICES)[number];

export const DISTANCE_MESSAGES = {
  invalidMaximum: 'Choose a maximum distance from the list',
} as const;

export type DistanceUnit = 'mi' | 'km';

export const KM_PER_MILE = 1.609344;
/** Past this many units a distance reads 'Far away'. */
export const FAR_AWAY_UNITS = 500;

/** Members in Canada see kilometres; everyone else miles. */
export function distanceUnitFor(country: string | null | undefined): DistanceUnit {
  return country === 'CA' ? 'km' : 'mi';
}

/**
 * What a member is told of another's distance: hidden by its owner, far away, or a whole
 * number of units (0 reads 'Less than 1 mile away').
 */
export type MemberDistance =
  | { kind: 'hidden' }
  | { kind: 'far' }
  | { kind: 'near'; value: number; unit: DistanceUnit };

/** Rounds a distance in kilometres to what `unit` readers see. */
export function roundDistance(km: number, unit: DistanceUnit): MemberDistance {
  const units = unit === 'km' ? km : km / KM_PER_MILE;
  if (units > FAR_AWAY_UNITS) return { kind: 'far' };
  return { kind: 'near', value: units < 1 ? 0 : Math.round(units), unit };
}

export function isMaxDistance(value: number): value is MaxDistance {
  return (MAX_DISTANCE_CHOICES as readonly number[]).includes(value);
}
