// The data half of migration 0040 (member location): existing members get their postal
// code's centroid. SQL cannot read the offline postal data, so this runs in the migration
// step itself, after the versioned migrations and inside their lock, on every migrate:
// it also places members a previous release saved without a location during a rolling
// deploy. Only the codes still unplaced are looked up, so once every member is placed it
// costs one query and never loads the postal table.
import { postalCentroid } from '../modules/profile/postal-lookup';
import type { RunSql } from './routines';

/** Places every member with a postal code but no location; returns how many it placed. */
export async function fillMemberLocations(run: RunSql): Promise<number> {
  const { rows } = (await run(
    `SELECT DISTINCT postal_code, country FROM users
      WHERE postal_code IS NOT NULL AND location_lat IS NULL`,
  )) as { rows: { postal_code: string; country: string | null }[] };
  const codes: string[] = [];
  const countries: (string | null)[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  for (const row of rows) {
    const centroid = postalCentroid(row.postal_code, row.country);
    if (!centroid) continue;
    codes.push(row.postal_code);
    countries.push(row.country);
    lats.push(centroid.lat);
    lons.push(centroid.lon);
  }
  if (codes.length === 0) return 0;
  const placed = (await run(
    `UPDATE users u SET location_lat = c.lat, location_lon = c.lon
       FROM unnest($1::text[], $2::text[], $3::float8[], $4::float8[]) AS c(code, country, lat, lon)
      WHERE u.postal_code = c.code AND u.country IS NOT DISTINCT FROM c.country
        AND u.location_lat IS NULL
      RETURNING u.id`,
    [codes, countries, lats, lons],
  )) as { rows: unknown[] };
  return placed.rows.length;
}
