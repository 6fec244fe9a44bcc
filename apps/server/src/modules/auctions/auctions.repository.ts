// SQL for auction cards and profile data. Ages are whole years on the New York date.
import { distanceUnitFor, KM_PER_MILE } from '@bidboard/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, namedRows, rows } from '../../db/client';
import { likeContaining } from '../../lib/like';
import { blockedWith, visibleTo } from '../blocks/blocks.repository';
import { followThroughOf } from '../dates/date-met.repository';
import { approvedPhotosJson, type BoardPhotoRow } from '../media/profile-pictures.repository';
import { isVerifiedMember } from '../media/verification-videos.repository';
import { kmFrom, maxKmOf, type Place, withinKm } from './member-distance.repository';
import { byPlace, inIdOrder, NEAR_WALK } from './near-board.repository';

export interface AuctionCardRow {
  id: number;
  user_id: number;
  period_id: number;
  username: string | null;
  age: number | null;
  gender: 'female' | 'male' | 'non-binary' | null;
  current_bid: number;
  starting_bid: number;
  lead_bidder_id: number | null;
  lead_bidder_username: string | null;
  previous_lead_bidder_id: number[] | string | null;
  end_time: Date | string;
  status: 'active' | 'closed' | 'deleted';
  open_to_dating: boolean;
  reserve: 'met' | 'not_met' | null;
  /** The leader's hidden maximum: presented only to the leader. */
  lead_max: number;
  photos: BoardPhotoRow[] | string;
  /** Everyone with a block with the owner, either way (room joins only). */
  blocked_with: number[] | null;
  /** Everyone with a block with the leader, either way (room joins only). */
  lead_blocked_with: number[] | null;
}

/** The hidden reserve's state over `a`, never its amount (product rules). */
export const reserveState = sql`(CASE WHEN a.reserve_price = 0 THEN NULL
    WHEN a.lead_bidder_id IS NOT NULL AND a.lead_max >= a.reserve_price THEN 'met'
    ELSE 'not_met' END)`;

export const ageOn = (today: string, column: SQL) =>
  sql`EXTRACT(YEAR FROM age(${today}::date, ${column}))::int`;

interface CardPage {
  limit?: number;
  offset?: number;
  order?: 'asc' | 'desc';
  /**
   * With everyone who has a block with each card's owner, and with its leader (cards kept
   * for room joins, which tell each viewer apart).
   */
  blockedWith?: boolean;
  /** The member reading: a leader with a block with them goes unnamed (product rules). */
  viewerId?: number | null;
  /**
   * The auctions to choose from, in id order (`a.id`, `a.user_id`), when a filter on the
   * auction's own columns comes first (near-board.repository.ts): their owners are then
   * read one by one until the page is full, so a page reads about as many owners as it
   * shows. `where` then may name only `a.id` and `a.user_id` of `a`.
   */
  candidates?: SQL;
}

/**
 * The page's auction ids are chosen first, on `a` and `u` alone (`where` may name no other
 * table; see `near`), and the card columns (leader, earlier leaders, photos, blocks) are read for those
 * ids only: a board filtered on distance walks a thousand candidates near the viewer before
 * it knows its five, and reading their cards' columns too tripled the page's time.
 */
function auctionCardsQuery(today: string, where: SQL, page: CardPage): SQL {
  const order = page.order === 'desc' ? sql`DESC` : sql`ASC`;
  const withBlocks = page.blockedWith ? blockedWith(sql`a.user_id`) : sql`NULL::int[]`;
  const leadBlocks = page.blockedWith ? blockedWith(sql`a.lead_bidder_id`) : sql`NULL::int[]`;
  const leadName = page.viewerId
    ? sql`CASE WHEN ${visibleTo(page.viewerId, sql`a.lead_bidder_id`)} THEN lb.username END`
    : sql`lb.username`;
  const from = page.candidates ? sql`(${page.candidates}) a` : sql`auctions a`;
  return sql`SELECT a.id, a.user_id, a.period_id, a.current_bid, a.starting_bid, a.lead_bidder_id,
               a.lead_max,
               a.status, p.end_time, u.username, u.gender, u.open_to_dating,
               ${reserveState} AS reserve,
               ${ageOn(today, sql`u.birth_date`)} AS age,
               ${leadName} AS lead_bidder_username,
               (SELECT COALESCE(json_agg(DISTINCT b.user_id), '[]'::json)
                  FROM bids b
                 WHERE b.auction_id = a.id AND b.user_id IS DISTINCT FROM a.lead_bidder_id)
                 AS previous_lead_bidder_id,
               ${approvedPhotosJson(sql`a.user_id`)} AS photos,
               ${withBlocks} AS blocked_with,
               ${leadBlocks} AS lead_blocked_with
          FROM (SELECT a.id FROM ${from} JOIN users u ON u.id = a.user_id
                 WHERE ${where}
                 ORDER BY a.id ${order}
                 LIMIT ${page.limit ?? 100} OFFSET ${page.offset ?? 0}) page
          JOIN auctions a ON a.id = page.id
          JOIN users u ON u.id = a.user_id
          JOIN auction_periods p ON p.id = a.period_id
          LEFT JOIN users lb ON lb.id = a.lead_bidder_id
         ORDER BY a.id ${order}`;
}

const and = (filters: SQL[]) => sql.join(filters, sql` AND `);

/** Cards matching `where`, ordered by auction id. */
async function selectAuctionCards(
  db: Executor,
  today: string,
  where: SQL,
  page: CardPage = {},
): Promise<AuctionCardRow[]> {
  return rows<AuctionCardRow>(db, auctionCardsQuery(today, where, page));
}

/** A page of the open period's board as `viewerId` sees it (no blocked owners). */
export interface BoardPageQuery {
  periodId: number;
  viewerId: number | undefined;
  /** Only owners who match this viewer both ways (the dating filter). */
  datingViewer: Viewer | null;
  /** The pinned member, shown apart. */
  excludeUsername: string | undefined;
  /** Keyset paging: cards after this auction. */
  afterAuctionId: number | null | undefined;
  limit: number;
  offset: number;
  /** With a maximum distance: auctions walked in id order before looking up by place. */
  walk?: number;
}

export async function selectBoardPage(
  db: Executor,
  today: string,
  query: BoardPageQuery,
): Promise<AuctionCardRow[]> {
  const auction: SQL[] = [sql`a.period_id = ${query.periodId}`, sql`a.status = 'active'`];
  if (query.afterAuctionId) auction.push(sql`a.id > ${query.afterAuctionId}`);
  const owner: SQL[] = [visibleTo(query.viewerId, sql`a.user_id`)];
  const pinned = query.excludeUsername;
  if (pinned) owner.push(sql`lower(u.username) <> lower(${pinned})`);
  const match = query.datingViewer ? datingMatch(query.datingViewer, today) : null;
  if (match) owner.push(match.owner);
  const page = { limit: query.limit, offset: query.offset, viewerId: query.viewerId };
  if (!match?.near) return selectAuctionCards(db, today, and([...auction, ...owner]), page);
  const near = { auction: and(auction), near: match.near, walk: query.walk ?? NEAR_WALK };
  const cards = (candidates: SQL, limit: number) =>
    selectAuctionCards(db, today, and(owner), { ...page, limit, candidates });
  if (query.offset > 0) return cards(byPlace(near), query.limit);
  // Most boards fill their page within the next auctions in id order; a board whose
  // viewer lives far from most members looks the rest up by place.
  const walked = await cards(inIdOrder(near), query.limit);
  if (walked.length === query.limit) return walked;
  const placed = await cards(byPlace({ ...near, afterWalk: true }), query.limit - walked.length);
  return [...walked, ...placed];
}

/** The live card of the member named `username` in the period, if `viewerId` may see it. */
export async function selectPinnedCard(
  db: Executor,
  today: string,
  periodId: number,
  username: string,
  viewerId: number | undefined,
): Promise<AuctionCardRow[]> {
  return selectAuctionCards(
    db,
    today,
    sql`a.period_id = ${periodId} AND a.status = 'active' AND lower(u.username) = lower(${username})
        AND ${visibleTo(viewerId, sql`a.user_id`)}`,
    { limit: 1, viewerId },
  );
}

/** Live cards of the period whose owner's username contains `text`. */
export async function searchCards(
  db: Executor,
  today: string,
  periodId: number,
  text: string,
  viewerId: number | null | undefined,
): Promise<AuctionCardRow[]> {
  return selectAuctionCards(
    db,
    today,
    sql`a.period_id = ${periodId} AND a.status = 'active' AND u.username ILIKE ${likeContaining(text)}
        AND ${visibleTo(viewerId, sql`a.user_id`)}`,
    { limit: 50, viewerId },
  );
}

/** One auction's card unless deleted or its owner and `viewerId` have a block. */
export async function selectAuctionCard(
  db: Executor,
  today: string,
  auctionId: number,
  viewerId: number | null | undefined,
): Promise<AuctionCardRow | undefined> {
  const [card] = await selectAuctionCards(
    db,
    today,
    sql`a.id = ${auctionId} AND a.status <> 'deleted' AND ${visibleTo(viewerId, sql`a.user_id`)}`,
    { viewerId },
  );
  return card;
}

/** A member's own auctions (not deleted), newest first. */
export async function selectMemberCards(
  db: Executor,
  today: string,
  userId: number,
): Promise<AuctionCardRow[]> {
  return selectAuctionCards(db, today, sql`a.user_id = ${userId} AND a.status <> 'deleted'`, {
    limit: 50,
    order: 'desc',
  });
}

/** The member's age on `today`; null without a birth date. */
export async function memberAgeOn(
  db: Executor,
  today: string,
  userId: number,
): Promise<number | null> {
  const [me] = await rows<{ age: number | null }>(
    db,
    sql`SELECT ${ageOn(today, sql`birth_date`)} AS age FROM users WHERE id = ${userId}`,
  );
  return me?.age ?? null;
}

/**
 * The cards of these auctions (deleted ones left out), each with everyone who has a block
 * with its owner and with its leader: the read room joins are answered from (auctions.socket.ts keeps them), so
 * it is prepared once per connection.
 */
export async function selectRoomCards(
  db: Db,
  today: string,
  auctionIds: readonly number[],
): Promise<AuctionCardRow[]> {
  return namedRows<AuctionCardRow>(
    db,
    'auction_room_cards',
    auctionCardsQuery(
      today,
      sql`a.id = ANY(${`{${auctionIds.join(',')}}`}::int[]) AND a.status <> 'deleted'`,
      { limit: auctionIds.length, blockedWith: true },
    ),
  );
}

/** The live auctions these members own or lead: id and owner. */
export async function liveAuctionsOf(
  db: Executor,
  userIds: readonly number[],
): Promise<{ id: number; user_id: number }[]> {
  const ids = `{${userIds.join(',')}}`;
  const found = await rows<{ id: number; user_id: number }>(
    db,
    sql`SELECT id, user_id FROM auctions
         WHERE (user_id = ANY(${ids}::int[]) OR lead_bidder_id = ANY(${ids}::int[]))
           AND status = 'active'`,
  );
  return found.map((row) => ({ id: Number(row.id), user_id: Number(row.user_id) }));
}

export interface Viewer {
  id: number;
  gender: string | null;
  seeking_gender: string | null;
  age: number | null;
  ideal_match_age_min: number;
  ideal_match_age_max: number;
  country: string | null;
  location_lat: number | null;
  location_lon: number | null;
  max_distance: number | null;
  distance_hidden: boolean;
  verified_only: boolean;
  /** Whether the viewer is verified: owners who want verified members only ask it. */
  verified: boolean;
}

/** 60 on the upper handle means "60+": no upper limit (product rules, Onboarding). */
export const AGE_NO_LIMIT = 60;

const placeOf = (member: Pick<Viewer, 'location_lat' | 'location_lon'>): Place | null =>
  member.location_lat === null || member.location_lon === null
    ? null
    : { lat: member.location_lat, lon: member.location_lon };

/**
 * Half of a dating match asked of the auction alone (`near`: its copy of the owner's
 * location within the viewer's maximum), the rest of the owner (`u`).
 */
interface Match {
  near: SQL | null;
  owner: SQL;
}

/**
 * Distance both ways: within the viewer's maximum, and the viewer within the owner's where
 * the owner set one. A member whose distance is hidden (or unknown) is in no one's
 * distance-limited board, and sees no limited owner either: 'Anywhere' is the only setting
 * that shows them.
 */
function distanceMatch(viewer: Viewer): Match | null {
  const place = placeOf(viewer);
  const viewerKm =
    viewer.max_distance === null
      ? null
      : viewer.max_distance * (distanceUnitFor(viewer.country) === 'km' ? 1 : KM_PER_MILE);
  if (viewerKm !== null && !place) return null;
  const ownersMaximum =
    place && !viewer.distance_hidden
      ? sql`(u.max_distance IS NULL OR ${kmFrom(place, 'u')} <= ${maxKmOf('u')})`
      : sql`u.max_distance IS NULL`;
  if (viewerKm === null || !place) return { near: null, owner: ownersMaximum };
  return {
    near: withinKm(place, viewerKm, 'a'),
    owner: sql`NOT u.distance_hidden AND ${ownersMaximum}`,
  };
}

/** 'Verified members only' both ways. */
function verificationMatch(viewer: Viewer): SQL {
  const owner = viewer.verified_only ? isVerifiedMember(sql`u.id`) : sql`TRUE`;
  return viewer.verified ? owner : sql`(NOT u.verified_only AND ${owner})`;
}

/**
 * Both ways: each member's gender is in the other's seeking (or 'everyone'), each age is
 * within the other's range, each is within the other's maximum distance and verified if
 * the other wants only verified members. Owners must be open to dating themselves.
 */
function datingMatch(viewer: Viewer, today: string): Match {
  const distance = distanceMatch(viewer);
  if (!viewer.gender || !viewer.seeking_gender || viewer.age === null || !distance) {
    return { near: null, owner: sql`FALSE` };
  }
  const ownerAge = ageOn(today, sql`u.birth_date`);
  const owner = sql`(u.open_to_dating AND u.id <> ${viewer.id}
    AND ${distance.owner} AND ${verificationMatch(viewer)}
    AND u.gender IS NOT NULL AND u.birth_date IS NOT NULL
    AND (${viewer.seeking_gender} = 'everyone' OR u.gender = ${viewer.seeking_gender})
    AND (u.seeking_gender = 'everyone' OR u.seeking_gender = ${viewer.gender})
    AND ${ownerAge} >= ${viewer.ideal_match_age_min}
    AND (${viewer.ideal_match_age_max} >= ${AGE_NO_LIMIT} OR ${ownerAge} <= ${viewer.ideal_match_age_max})
    AND ${viewer.age} >= u.ideal_match_age_min
    AND (u.ideal_match_age_max >= ${AGE_NO_LIMIT} OR ${viewer.age} <= u.ideal_match_age_max))`;
  return { near: distance.near, owner };
}

export interface ProfileDataRow {
  id: number;
  user_id: number;
  username: string | null;
  birth_date: string | null;
  age: number | null;
  short_bio: string | null;
  favorite_thing_1_answer: string | null;
  favorite_thing_2_answer: string | null;
  favorite_thing_3_answer: string | null;
  open_to_dating: boolean;
  /** From the viewer's centroid to the owner's; null when hidden or either is unplaced. */
  distance_km: number | null;
  distance_hidden: boolean;
  verified: boolean;
  ft_dates: number | null;
  ft_no_shows: number | null;
}

export type ProfileViewer = Pick<Viewer, 'id' | 'location_lat' | 'location_lon'>;

export async function selectProfileData(
  db: Executor,
  today: string,
  auctionIds: readonly number[],
  viewer: ProfileViewer | null,
): Promise<ProfileDataRow[]> {
  const viewerId = viewer?.id;
  const place = viewer ? placeOf(viewer) : null;
  const km = place
    ? sql`CASE WHEN u.distance_hidden OR u.id = ${viewer!.id} THEN NULL ELSE ${kmFrom(place, 'u')} END`
    : sql`NULL::float8`;
  if (auctionIds.length === 0) return [];
  const ids = sql.join(
    auctionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return rows<ProfileDataRow>(
    db,
    sql`SELECT a.id, a.user_id, u.username, u.birth_date::text AS birth_date,
               ${ageOn(today, sql`u.birth_date`)} AS age, u.short_bio,
               u.favorite_thing_1_answer, u.favorite_thing_2_answer, u.favorite_thing_3_answer,
               u.open_to_dating, ${km} AS distance_km, u.distance_hidden,
               ${isVerifiedMember(sql`u.id`)} AS verified,
               ft.dates AS ft_dates, ft.no_shows AS ft_no_shows
          FROM auctions a JOIN users u ON u.id = a.user_id
          LEFT JOIN LATERAL ${followThroughOf(sql`u.id`)} ft ON TRUE
         WHERE a.id IN (${ids}) AND a.status <> 'deleted' AND ${visibleTo(viewerId, sql`a.user_id`)}`,
  );
}
