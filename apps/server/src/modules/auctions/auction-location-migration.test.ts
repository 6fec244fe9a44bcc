// Migration 0051 (issue 44): the auctions open before it get their owner's location, so a
// board limited to a distance finds them from the first page after the release.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client';

const before = mkdtempSync(path.join(tmpdir(), 'auction-location-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations as they were before 0051. */
function migrationsBeforeAuctionLocation(): string {
  cpSync(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < '0051');
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

it("gives every auction open before it its owner's location", { timeout: 300_000 }, async () => {
  const client = new PGlite();
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsBeforeAuctionLocation() });
  const { rows: periods } = await client.query<{ id: number }>(
    `INSERT INTO auction_periods (start_time, end_time, status)
     VALUES (now(), now() + interval '7 days', 'open') RETURNING id`,
  );
  const members = [
    ['+15550000001', 40.7484, -73.9967],
    ['+15550000002', null, null],
  ] as const;
  for (const [phone, lat, lon] of members) {
    await client.query(
      `WITH u AS (INSERT INTO users (phone_number, location_lat, location_lon)
                  VALUES ($1, $2, $3) RETURNING id)
       INSERT INTO auctions (user_id, period_id) SELECT id, $4 FROM u`,
      [phone, lat, lon, periods[0]!.id],
    );
  }

  await migrate(db, { migrationsFolder });

  const { rows } = await client.query(
    `SELECT u.phone_number, a.location_lat, a.location_lon
       FROM auctions a JOIN users u ON u.id = a.user_id ORDER BY u.phone_number`,
  );
  expect(rows).toEqual([
    { phone_number: '+15550000001', location_lat: 40.7484, location_lon: -73.9967 },
    { phone_number: '+15550000002', location_lat: null, location_lon: null },
  ]);
  await client.close();
});
