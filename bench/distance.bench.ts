// A page of the Bid Board with 'Match dating preferences' on, with and without a maximum
// distance (issue 44), PostgreSQL only: 100,000 dating members placed at US ZIP centroids
// drawn at random from the offline postal data, each with a live auction. Members sign up
// in no order of place, so neither their ids (the board's order) nor where their rows lie
// on disk follows their ZIP: an earlier seed wrote them in ZIP order, which put the members
// near the viewer on a few dozen pages and flattered every plan. The same signed-in viewer
// (Midtown Manhattan) asks POST /api/auctions through the app, 'Anywhere' and 25 miles in
// turn, walking the board page by page; the figure is the median page, the ceiling the
// median page without the distance filter, measured alternately in the same process. A
// second viewer lives in rural Montana, where few members are within 25 miles: there each
// page walks the board's next auctions in vain and looks the nearby ones up by place.
import { createRequire } from 'node:module';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { ensureOpenPeriod } from '../apps/server/src/modules/auctions/periods.service';
import {
  benchConfig,
  bulkMembers,
  type Figure,
  quantile,
  report,
  scratchDatabase,
  tokensFor,
} from './lib/harness';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const PAGE_SIZE = 5;

type Zip = { zip: string; latitude: number; longitude: number; country: string };

/** Every US ZIP with a centroid, in the postal data's (ZIP) order. */
function usCentroids(): Zip[] {
  const zipcodes = createRequire(import.meta.url)('zipcodes') as { codes: Record<string, Zip> };
  return Object.values(zipcodes.codes).filter(
    (z) => z.country === 'US' && Number.isFinite(z.latitude) && Number.isFinite(z.longitude),
  );
}

/** mulberry32: the same draw on every run, so runs compare. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seed(url: string): Promise<{ city: number; rural: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('error', () => {});
  const ids = await bulkMembers(client, MEMBERS, 0, 'dist');
  const zips = usCentroids();
  const random = seededRandom(44);
  const drawn = ids.map(() => zips[Math.floor(random() * zips.length)]!);
  // Keyed by member id, in id order: the rewritten rows land on disk in id order too.
  await client.query(
    `UPDATE users u SET postal_code = m.zip, country = 'US',
            location_lat = m.lat, location_lon = m.lon,
            gender = (ARRAY['female','male','non-binary'])[1 + u.id % 3],
            seeking_gender = (ARRAY['everyone','male','female','everyone'])[1 + (u.id / 3) % 4],
            birth_date = DATE '1975-01-01' + ((u.id * 7919) % 10000),
            ideal_match_age_min = 18, ideal_match_age_max = 60, open_to_dating = true,
            max_distance = CASE WHEN u.id % 10 = 0 THEN 100 END
       FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[]) AS m(id, zip, lat, lon)
      WHERE u.id = m.id`,
    [ids, drawn.map((z) => z.zip), drawn.map((z) => z.latitude), drawn.map((z) => z.longitude)],
  );
  // The viewer: Midtown Manhattan, dating everyone of any age.
  const viewer = ids[0]!;
  await client.query(
    `UPDATE users SET postal_code = '10001', location_lat = 40.7484, location_lon = -73.9967,
            gender = 'male', seeking_gender = 'everyone', max_distance = NULL WHERE id = $1`,
    [viewer],
  );
  // The rural viewer: Absarokee, Montana (12 ZIPs within 25 miles).
  const rural = ids[1]!;
  await client.query(
    `UPDATE users SET postal_code = '59001', location_lat = 45.5154, location_lon = -109.4692,
            gender = 'male', seeking_gender = 'everyone', max_distance = NULL WHERE id = $1`,
    [rural],
  );
  await client.end();
  const database = openDatabase({ url, poolSize: 2 });
  await ensureOpenPeriod(database.db, new Date());
  await database.db.execute(
    `INSERT INTO auctions (user_id, period_id)
     SELECT u.id, p.id FROM users u, auction_periods p WHERE p.status = 'open'
     ON CONFLICT DO NOTHING` as never,
  );
  await database.db.execute('ANALYZE' as never);
  await database.close();
  return { city: viewer, rural };
}

async function main() {
  const scratch = await scratchDatabase();
  try {
    const viewers = await seed(scratch.url);
    const config = benchConfig();
    const database = openDatabase({ url: scratch.url, poolSize: 10 });
    const app = await buildApp({ config, database });
    const tokens = await tokensFor(database, config, [viewers.city, viewers.rural]);
    const signedIn = tokens.map((token) => ({ authorization: `Bearer ${token}` }));
    const setMaximum = (headers: Record<string, string>, miles: number | null) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/update-profile',
        headers,
        payload: { max_distance: miles },
      });

    /** Walks PAGES pages (keyset paging, as the board scrolls); the time of each page. */
    async function walk(headers: Record<string, string>) {
      const times: number[] = [];
      let last: number | null = null;
      let cards = 0;
      for (let page = 0; page < PAGES; page++) {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/auctions',
          headers,
          payload: { limit: PAGE_SIZE, dating_filter: true, last_auction_id: last },
        });
        times.push(performance.now() - started);
        const auctions = res.json().auctions as { auctionId: number }[];
        cards += auctions.length;
        if (auctions.length < PAGE_SIZE) break;
        last = auctions.at(-1)!.auctionId;
      }
      return { times, cards };
    }

    /** Both settings in turn for one viewer: the pages' times and the cards walked. */
    async function measure(headers: Record<string, string>) {
      const anywhere: number[] = [];
      const within: number[] = [];
      let cards = { anywhere: 0, within: 0 };
      // Warm both plans and caches, then alternate so drift hits both alike.
      await setMaximum(headers, 25);
      await walk(headers);
      await setMaximum(headers, null);
      await walk(headers);
      for (let round = 0; round < ROUNDS; round++) {
        await setMaximum(headers, null);
        const a = await walk(headers);
        anywhere.push(...a.times);
        await setMaximum(headers, 25);
        const w = await walk(headers);
        within.push(...w.times);
        cards = { anywhere: a.cards, within: w.cards };
      }
      return { anywhere, within, cards };
    }
    const { anywhere, within, cards } = await measure(signedIn[0]!);
    const rural = await measure(signedIn[1]!);
    const figures: Figure[] = [
      {
        figure: `board page, match preferences + 25 miles (p50 of ${within.length})`,
        unit: 'ms',
        value: quantile(within, 0.5),
        ceiling: quantile(anywhere, 0.5),
        better: 'lower',
        target: 1.3,
        note: `${cards.within} vs ${cards.anywhere} cards over ${PAGES} pages`,
      },
      {
        figure: 'board page p95, 25 miles against Anywhere',
        unit: 'ms',
        value: quantile(within, 0.95),
        ceiling: quantile(anywhere, 0.95),
        better: 'lower',
      },
      {
        figure: `rural Montana board page, 25 miles (p50 of ${rural.within.length})`,
        unit: 'ms',
        value: quantile(rural.within, 0.5),
        ceiling: quantile(rural.anywhere, 0.5),
        better: 'lower',
        target: 1.3,
        note: `${rural.cards.within} vs ${rural.cards.anywhere} cards`,
      },
    ];
    report('distance', figures);
    console.log(
      `members ${MEMBERS}; cards walked: 25 miles ${cards.within}, Anywhere ${cards.anywhere}; rural Montana: 25 miles ${rural.cards.within}, Anywhere ${rural.cards.anywhere}`,
    );
    await app.close();
    await database.close();
  } catch (error) {
    console.error(error);
    throw error;
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept ${scratch.url}`);
    else await scratch.drop();
  }
}

await main();
