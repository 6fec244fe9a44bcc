// SQL for second chances (product rules, Auctions beyond a plain high bid). The sweeper
// claims each ended connection with a guarded UPDATE (it looks once, whichever server
// gets there first) and the unique auction_id of second_chances makes the offer once
// per auction; taking an offer locks its row, so two clicks or two tabs take it once.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { standingsOf } from '../auctions/auction-results.repository';
import { neitherBlocked } from '../blocks/blocks.repository';

const iso = (d: Date) => d.toISOString();

/**
 * A connection that ended without engagement (the escrow went back to the bidder: an
 * expiry, the grace period over after a rejection, an unmatch before engagement) and was
 * not itself a second chance; the sweeper has not looked at it yet.
 */
export const endedWithoutEngagement = sql`second_chance_checked_at IS NULL
  AND escrow_state = 'refunded' AND NOT second_chance AND engaged_at IS NULL
  AND status IN ('rejected', 'expired', 'unmatched')`;

export interface EndedConnection {
  id: number;
  auction_id: number;
  user_id: number;
  partner_id: number;
}

/** Marks the connection looked at; null when another sweep did first. */
export async function claimEndedConnection(
  tx: Executor,
  id: number,
  now: Date,
): Promise<EndedConnection | null> {
  const [row] = await rows<EndedConnection>(
    tx,
    sql`UPDATE connections SET second_chance_checked_at = ${iso(now)}::timestamptz
         WHERE id = ${id} AND ${endedWithoutEngagement}
     RETURNING id, auction_id, user_id, partner_id`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

export interface OfferRow {
  id: number;
  auction_id: number;
  user_id: number;
  owner_id: number;
  amount: number;
  status: 'offered' | 'taken' | 'withdrawn';
  expires_at: Date;
  owner_username: string | null;
  user_username: string | null;
}

const offerColumns = sql`sc.id, sc.auction_id, sc.user_id, sc.owner_id, sc.amount, sc.status,
  sc.expires_at, owner.username AS owner_username, runner.username AS user_username`;

const toOffer = (r: OfferRow): OfferRow => ({
  ...r,
  id: Number(r.id),
  expires_at: new Date(r.expires_at),
});

/**
 * Offers the ended connection's auction to its next distinct bidder at their own highest
 * bid, until `expiresAt`. Nobody is offered it when the owner switched second chances off
 * or left, or when no other bidder can take it: a member who left, is suspended or
 * unapproved, a block between them, or a highest bid below the owner's hidden reserve.
 * Null when no offer was made (or the auction already had one).
 */
export async function insertOffer(
  tx: Executor,
  ended: EndedConnection,
  now: Date,
  expiresAt: Date,
): Promise<OfferRow | null> {
  const [row] = await rows<OfferRow>(
    tx,
    sql`WITH standings AS (${standingsOf(sql`a.id = ${ended.auction_id}`)}),
      runner AS (
        SELECT s.user_id, s.highest
          FROM standings s
          JOIN auctions a ON a.id = s.auction_id
          JOIN users owner ON owner.id = a.user_id
          JOIN users u ON u.id = s.user_id
         WHERE s.user_id <> ${ended.user_id} AND s.user_id <> a.user_id
           AND owner.offer_second_chance AND owner.deleted_at IS NULL
           AND owner.suspended_at IS NULL
           AND u.deleted_at IS NULL AND u.suspended_at IS NULL AND u.is_approved
           AND s.highest > 0 AND s.highest >= a.reserve_price
           AND ${neitherBlocked(sql`s.user_id`, sql`a.user_id`)}
         ORDER BY s.rank
         LIMIT 1),
      made AS (
        INSERT INTO second_chances (auction_id, ended_connection_id, user_id, owner_id, amount,
                                    offered_at, expires_at)
        SELECT ${ended.auction_id}, ${ended.id}, runner.user_id, ${ended.partner_id},
               runner.highest, ${iso(now)}::timestamptz, ${iso(expiresAt)}::timestamptz
          FROM runner
        ON CONFLICT (auction_id) DO NOTHING
     RETURNING *)
      SELECT ${offerColumns}
        FROM made sc
        JOIN users owner ON owner.id = sc.owner_id
        JOIN users runner ON runner.id = sc.user_id`,
  );
  return row ? toOffer(row) : null;
}

/**
 * The member's offer on the auction, row-locked until the transaction ends; `owner_active`
 * while the owner still has an account in good standing and still offers second chances
 * (a switch turned off after the offer was made withdraws it).
 */
export async function lockOffer(
  tx: Executor,
  auctionId: number,
  memberId: number,
): Promise<(OfferRow & { owner_active: boolean; blocked: boolean }) | null> {
  const [row] = await rows<OfferRow & { owner_active: boolean; blocked: boolean }>(
    tx,
    sql`SELECT ${offerColumns},
               (owner.deleted_at IS NULL AND owner.suspended_at IS NULL
                AND owner.offer_second_chance) AS owner_active,
               NOT ${neitherBlocked(sql`sc.user_id`, sql`sc.owner_id`)} AS blocked
          FROM second_chances sc
          JOIN users owner ON owner.id = sc.owner_id
          JOIN users runner ON runner.id = sc.user_id
         WHERE sc.auction_id = ${auctionId} AND sc.user_id = ${memberId}
           FOR UPDATE OF sc`,
  );
  return row ? { ...toOffer(row), owner_active: row.owner_active, blocked: row.blocked } : null;
}

/** The pending connection a taken offer makes, its escrow by origin; null if one exists. */
export async function insertSecondChanceConnection(
  tx: Executor,
  offer: OfferRow,
  parts: { promotional: number; purchased: number; redeemable: number },
  now: Date,
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO connections (user_id, partner_id, auction_id, amount, escrow_promotional,
                                 escrow_purchased, escrow_redeemable, status, second_chance,
                                 status_changed_at, created_at, updated_at)
        VALUES (${offer.user_id}, ${offer.owner_id}, ${offer.auction_id}, ${offer.amount},
                ${parts.promotional}, ${parts.purchased}, ${parts.redeemable}, 'pending', TRUE,
                ${iso(now)}::timestamptz, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz)
        ON CONFLICT (auction_id, second_chance) DO NOTHING
     RETURNING id`,
  );
  return row ? Number(row.id) : null;
}

export async function markOfferTaken(
  tx: Executor,
  offerId: number,
  connectionId: number,
  now: Date,
): Promise<boolean> {
  const changed = await rows(
    tx,
    sql`UPDATE second_chances
           SET status = 'taken', taken_at = ${iso(now)}::timestamptz,
               connection_id = ${connectionId}
         WHERE id = ${offerId} AND status = 'offered'
     RETURNING id`,
  );
  return changed.length > 0;
}
