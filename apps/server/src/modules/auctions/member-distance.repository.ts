// SQL of the distance between two members (product rules, Distance and verification):
// great-circle distance between their postal codes' centroids, in kilometres, computed in
// the database so a board page filters and pages on it. Plain SQL on core types: the
// 'Maximum distance' box is `point <@ box` on the users_location_gist index, then the
// exact haversine distance decides; PGlite and PostgreSQL run the same statements.

import { KM_PER_MILE } from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';

const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_KM) / 180;

export interface Place {
  lat: number;
  lon: number;
}

/** SQL: kilometres from `place` to the member `alias` (NULL when they have no location). */
export function kmFrom(place: Place, alias: string): SQL {
  const u = sql.raw(alias);
  return sql`(2 * ${EARTH_RADIUS_KM}::float8 * asin(sqrt(
      power(sin(radians(${u}.location_lat - ${place.lat}::float8) / 2), 2)
      + cos(radians(${place.lat}::float8)) * cos(radians(${u}.location_lat))
        * power(sin(radians(${u}.location_lon - ${place.lon}::float8) / 2), 2))))`;
}

/** SQL: a member's 'Maximum distance' in km, from their unit (km in Canada, else miles). */
export function maxKmOf(alias: string): SQL {
  const u = sql.raw(alias);
  return sql`(CASE WHEN ${u}.country = 'CA' THEN ${u}.max_distance::float8
      ELSE ${u}.max_distance * ${KM_PER_MILE}::float8 END)`;
}

/**
 * SQL: the member `alias` is placed within `km` of `place`. The box around the place is
 * what the GiST index answers; the exact distance then trims its corners. Longitudes are
 * not wrapped at ±180°: every US and Canadian centroid lies west of it.
 */
export function withinKm(place: Place, km: number, alias: string): SQL {
  const u = sql.raw(alias);
  const dLat = km / KM_PER_DEGREE_LATITUDE;
  const cosLat = Math.max(Math.cos((place.lat * Math.PI) / 180), 0.01);
  const dLon = Math.min(km / (KM_PER_DEGREE_LATITUDE * cosLat), 180);
  return sql`(${u}.location_lat IS NOT NULL
    AND point(${u}.location_lon, ${u}.location_lat) <@ box(
      point(${place.lon - dLon}::float8, ${place.lat - dLat}::float8),
      point(${place.lon + dLon}::float8, ${place.lat + dLat}::float8))
    AND ${kmFrom(place, alias)} <= ${km}::float8)`;
}
