// The Bid Board: cards of the open period, paging, the pinned profile, the two-way
// dating filter, search, a member's own auctions and the profile slide data.
import {
  AUCTION_MESSAGES,
  type AuctionCard,
  distanceUnitFor,
  type ListAuctionsBody,
  type MemberDistance,
  ONBOARDING_COMPLETE,
  roundDistance,
  zodiacSign,
} from '@bidboard/shared';
import type { ServiceContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { newYorkDate } from '../../lib/new-york-date';
import { presentFollowThrough } from '../dates/date-met.repository';
import { boardPictures } from '../media/card-photos';
import { profilePicturesFor } from '../media/profile-pictures';
import { memberIsVerified } from '../media/verification-videos.repository';
import { promptAnswersFor } from '../prompts/prompts.service';
import type { UserRow } from '../users/user.presenter';
import {
  type AuctionCardRow,
  memberAgeOn,
  type ProfileDataRow,
  searchCards,
  selectAuctionCard,
  selectBoardPage,
  selectMemberCards,
  selectPinnedCard,
  selectProfileData,
  selectRoomCards,
} from './auctions.repository';
import { hasLiveAuctionIn, insertOwnAuction } from './member-auction.repository';
import { isPeriodOver } from './period-time';
import { currentPeriod, ensureOpenPeriod } from './periods.service';

export type AuctionsContext = Pick<ServiceContext, 'db' | 'storage' | 'clock'>;

/** The viewer's own hidden maximum where they lead; nobody else ever sees it. */
const maximumFor = (
  c: Pick<AuctionCardRow, 'lead_bidder_id' | 'lead_max'>,
  viewerId: number | null,
) => (viewerId != null && c.lead_bidder_id === viewerId ? c.lead_max : null);

/** A card's auction is over once it is no longer active or its period's end has passed. */
const hasEnded = (status: AuctionCardRow['status'], endTime: Date, now: Date) =>
  status !== 'active' || isPeriodOver(endTime, now);

/**
 * Who reads the cards: a member (by id), a visitor who is not signed in, or the room-join
 * cache, which tells its viewers apart itself (roomCardFor).
 */
type CardReader = number | 'visitor' | 'room';

/** A visitor sees no bidder: no leader's id or name, no earlier leaders (issue 46). */
const bidderless = (): Pick<
  AuctionCard,
  'lead_bidder_id' | 'lead_bidder_username' | 'previous_lead_bidder_id'
> => ({ lead_bidder_id: null, lead_bidder_username: null, previous_lead_bidder_id: [] });

async function presentCards(
  ctx: AuctionsContext,
  cards: AuctionCardRow[],
  reader: CardReader,
): Promise<AuctionCard[]> {
  const pictures = await Promise.all(cards.map((c) => boardPictures(ctx.storage, c.photos)));
  const now = ctx.clock();
  const viewerId = typeof reader === 'number' ? reader : null;
  return cards.map((c, i) => {
    const endTime = new Date(c.end_time);
    const previous =
      typeof c.previous_lead_bidder_id === 'string'
        ? (JSON.parse(c.previous_lead_bidder_id) as number[])
        : (c.previous_lead_bidder_id ?? []);
    const card: AuctionCard = {
      auctionId: Number(c.id),
      id: Number(c.id),
      user_id: c.user_id,
      period_id: c.period_id,
      username: c.username,
      age: c.age === null ? null : Number(c.age),
      gender: c.gender,
      current_bid: c.current_bid,
      final_bid: c.current_bid,
      reserve: c.reserve,
      your_maximum: maximumFor(c, viewerId),
      starting_bid: c.starting_bid,
      lead_bidder_id: c.lead_bidder_id,
      lead_bidder_username: c.lead_bidder_username,
      previous_lead_bidder_id: previous.map(Number),
      end_time: endTime.toISOString(),
      status: c.status,
      ended: hasEnded(c.status, endTime, now),
      open_to_dating: c.open_to_dating,
      ...pictures[i]!,
    };
    return reader === 'visitor' ? { ...card, ...bidderless() } : card;
  });
}

const today = (ctx: AuctionsContext) => newYorkDate(ctx.clock());

export async function listAuctions(
  ctx: AuctionsContext,
  body: ListAuctionsBody,
  viewer: UserRow | null,
): Promise<AuctionCard[]> {
  const period = await currentPeriod(ctx.db);
  if (!period) return [];
  const day = today(ctx);
  const datingViewer =
    body.dating_filter && viewer?.open_to_dating
      ? {
          ...viewer,
          age: await memberAgeOn(ctx.db, day, viewer.id),
          verified: await memberIsVerified(ctx.db, viewer.id),
        }
      : null;
  const pin = body.pin_username?.trim();
  const page = await selectBoardPage(ctx.db, day, {
    periodId: period.id,
    viewerId: viewer?.id,
    datingViewer,
    excludeUsername: pin,
    afterAuctionId: body.last_auction_id,
    limit: body.limit,
    offset: body.last_auction_id ? 0 : body.offset,
  });
  // The pinned profile (a /{username} link) leads the first page only.
  const firstPage = !body.last_auction_id && body.offset === 0;
  const pinned =
    pin && firstPage ? await selectPinnedCard(ctx.db, day, period.id, pin, viewer?.id) : [];
  return presentCards(ctx, [...pinned, ...page], viewer?.id ?? 'visitor');
}

/**
 * Search by username in the open period; the text is trimmed, 3 characters or more.
 * Members blocked either way with the viewer are not found.
 */
export async function searchAuctions(
  ctx: AuctionsContext,
  searchString: string,
  viewerId?: number | null,
) {
  const text = searchString.trim();
  if (text.length < 3) throw badRequest('VALIDATION', AUCTION_MESSAGES.searchTooShort);
  const period = await currentPeriod(ctx.db);
  if (!period) return [];
  const cards = await searchCards(ctx.db, today(ctx), period.id, text, viewerId);
  return presentCards(ctx, cards, viewerId ?? 'visitor');
}

/** One auction; a member blocked either way with the viewer has none (404). */
export async function getAuction(
  ctx: AuctionsContext,
  auctionId: number,
  viewerId?: number | null,
): Promise<AuctionCard> {
  const card = await selectAuctionCard(ctx.db, today(ctx), auctionId, viewerId);
  if (!card) throw notFound(AUCTION_MESSAGES.auctionNotFound);
  return (await presentCards(ctx, [card], viewerId ?? 'visitor'))[0]!;
}

/**
 * An auction's card as room joins are answered with it: one read serves every viewer, who
 * differ only in their own maximum, whether the owner and they have a block between them,
 * and the moment it is shown at.
 */
export interface RoomCard {
  card: AuctionCard;
  row: Pick<AuctionCardRow, 'lead_bidder_id' | 'lead_max'>;
  /** Everyone with a block with the owner, either way. */
  blockedWith: ReadonlySet<number>;
  /** Everyone with a block with the leader, either way: they read no leader's name. */
  leadBlockedWith: ReadonlySet<number>;
}

/** The room cards of these auctions (deleted ones left out), by auction id, in one query. */
export async function roomCards(
  ctx: AuctionsContext,
  auctionIds: readonly number[],
): Promise<Map<number, RoomCard>> {
  if (auctionIds.length === 0) return new Map();
  const rows = await selectRoomCards(ctx.db, today(ctx), [...new Set(auctionIds)]);
  const cards = await presentCards(ctx, rows, 'room');
  return new Map(
    cards.map((card, i) => [
      card.id,
      {
        card,
        row: rows[i]!,
        blockedWith: new Set((rows[i]!.blocked_with ?? []).map(Number)),
        leadBlockedWith: new Set((rows[i]!.lead_blocked_with ?? []).map(Number)),
      },
    ]),
  );
}

/**
 * What a member joining the room is sent: none when a block is between them and the owner
 * (a block hides the two from each other on sockets as everywhere else).
 */
export function roomCardFor(kept: RoomCard, viewerId: number, now: Date): AuctionCard | null {
  if (kept.blockedWith.has(viewerId)) return null;
  const { card } = kept;
  return {
    ...card,
    ...(kept.leadBlockedWith.has(viewerId) ? { lead_bidder_username: null } : {}),
    your_maximum: maximumFor(kept.row, viewerId),
    ended: hasEnded(card.status, new Date(card.end_time), now),
  };
}

export async function userAuctions(ctx: AuctionsContext, userId: number) {
  const cards = await selectMemberCards(ctx.db, today(ctx), userId);
  return presentCards(ctx, cards, userId);
}

export async function hasLiveAuction(ctx: AuctionsContext, userId: number): Promise<boolean> {
  return hasLiveAuctionIn(ctx.db, userId);
}

/** The member's own auction in the open period, created if missing. */
export async function createOwnAuction(
  ctx: AuctionsContext,
  member: UserRow,
  input: { starting_bid?: number; reserve_price?: number; description?: string },
): Promise<AuctionCard> {
  if (!member.is_approved || member.onboarded !== ONBOARDING_COMPLETE) {
    throw badRequest('VALIDATION', AUCTION_MESSAGES.cannotCreateAuction);
  }
  // The profile's bid-board switch decides whether a member is auctioned at all.
  if (!member.available_for_bids) {
    throw new AppError('CONFLICT', 409, AUCTION_MESSAGES.notAvailableForBids);
  }
  const period = await ensureOpenPeriod(ctx.db, ctx.clock());
  const ownId = await insertOwnAuction(ctx.db, {
    userId: member.id,
    periodId: period.id,
    startingBid: input.starting_bid ?? 0,
    reservePrice: input.reserve_price ?? null,
    description: input.description ?? null,
  });
  return getAuction(ctx, ownId, member.id);
}

/** What the viewer is told of an owner's distance; rounding happens here, never later. */
function distanceFor(row: ProfileDataRow, viewer: UserRow | null): MemberDistance | null {
  if (!viewer || viewer.id === row.user_id) return null;
  if (row.distance_hidden) return { kind: 'hidden' };
  if (row.distance_km === null) return null;
  return roundDistance(Number(row.distance_km), distanceUnitFor(viewer.country));
}

export async function auctionProfileData(
  ctx: AuctionsContext,
  auctionIds: readonly number[],
  viewer: UserRow | null,
) {
  const found = await selectProfileData(ctx.db, today(ctx), [...new Set(auctionIds)], viewer);
  const members = found.map((r) => r.user_id);
  const [pictures, prompts] = await Promise.all([
    profilePicturesFor(ctx.db, ctx.storage, members, 'original'),
    promptAnswersFor(ctx.db, ctx.storage, members),
  ]);
  return found.map((r) => ({
    auctionId: Number(r.id),
    user_id: r.user_id,
    username: r.username,
    age: r.age === null ? null : Number(r.age),
    zodiac_sign: zodiacSign(r.birth_date),
    bio: r.short_bio,
    favorite_thing_1_answer: r.favorite_thing_1_answer,
    favorite_thing_2_answer: r.favorite_thing_2_answer,
    favorite_thing_3_answer: r.favorite_thing_3_answer,
    open_to_dating: r.open_to_dating,
    distance: distanceFor(r, viewer),
    verified: r.verified,
    followThrough: presentFollowThrough(r),
    prompts: prompts.get(r.user_id) ?? [],
    ...pictures.get(r.user_id)!,
  }));
}
