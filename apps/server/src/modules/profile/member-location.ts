// The location columns a saved postal code sets: its centroid, or none when the postal
// data has no coordinates for it (such a member is never placed within a distance).
import type { UserChanges } from '../../db/schema';
import { postalCentroid } from './postal-lookup';

export function locationColumns(
  code: string,
  country: string,
): Pick<UserChanges, 'location_lat' | 'location_lon'> {
  const centroid = postalCentroid(code, country);
  return { location_lat: centroid?.lat ?? null, location_lon: centroid?.lon ?? null };
}
