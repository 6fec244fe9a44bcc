// Marketplace factories and invariant checks shared by the auction, bid and token tests.
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../src/db/client';
import type { users } from '../src/db/schema';
import { applyBalanceChange } from '../src/modules/tokens/ledger';
import { buildMember } from './factories';

/** An approved, onboarded member holding `tokens` minted through the ledger. */
export async function buildBidder(
  db: Db,
  tokens: number,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  const member = await buildMember(db, { is_approved: true, onboarded: 14, ...overrides });
  if (tokens > 0) {
    await db.transaction((tx) =>
      applyBalanceChange(tx, { userId: member.id, amount: tokens, type: 'adjustment' }),
    );
  }
  return { ...member, token_balance: tokens };
}

export function testClock(iso: string) {
  let now = new Date(iso);
  return {
    clock: () => now,
    set: (next: string | Date) => {
      now = new Date(next);
    },
  };
}

export async function balanceOf(db: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ token_balance: number }>(
    db,
    sql`SELECT token_balance FROM users WHERE id = ${userId}`,
  );
  return row!.token_balance;
}

/** The ledger invariants of product rules 'Token balances'; returns what is wrong. */
export async function ledgerProblems(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const mismatched = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
         WHERE u.token_balance <> COALESCE((SELECT SUM(amount) FROM token_transactions t WHERE t.user_id = u.id), 0)
            OR u.token_balance < 0 OR u.redeemable_tokens < 0`,
  );
  if (mismatched.length) problems.push(`balance != ledger for ${mismatched.length} members`);
  // Tokens come into being by mint types (purchases and their reversals included) and
  // leave only through paid redemptions (burned). Everything else is a transfer between
  // balances, auction escrow, pending connections and pending redemptions.
  const [totals] = await rows<{
    minted: number;
    held: number;
    escrow: number;
    redeeming: number;
    burned: number;
  }>(
    db,
    sql`SELECT
          (SELECT COALESCE(SUM(amount), 0)::bigint FROM token_transactions
            WHERE transaction_type IN ('signup','free_claim','referral1','referral2','adjustment','other',
                                       'purchase','purchase_reversal')) AS minted,
          (SELECT COALESCE(SUM(token_balance), 0)::bigint FROM users) AS held,
          (SELECT COALESCE(SUM(lead_max), 0)::bigint FROM auctions
            WHERE status = 'active' AND lead_bidder_id IS NOT NULL)
          + (SELECT COALESCE(SUM(amount - escrow_clawed), 0)::bigint FROM connections
              WHERE escrow_state = 'held')
          + (SELECT COALESCE(SUM(reward_pending), 0)::bigint FROM connections) AS escrow,
          (SELECT COALESCE(SUM(token_amount), 0)::bigint FROM redemptions WHERE status = 'pending') AS redeeming,
          (SELECT COALESCE(SUM(token_amount), 0)::bigint FROM redemptions WHERE status = 'paid') AS burned`,
  );
  const minted = Number(totals!.minted) - Number(totals!.burned);
  const accounted = Number(totals!.held) + Number(totals!.escrow) + Number(totals!.redeeming);
  if (minted !== accounted) {
    problems.push(
      `minted - burned ${minted} != balances + escrow + pending redemptions ${accounted}`,
    );
  }
  problems.push(...(await paymentProblems(db)));
  problems.push(...(await originProblems(db)));
  // A connection's escrow leaves 'held' through exactly one ledger row: a refund of the
  // amount to the bidder, or the owner's win of the amount (added to both balances) less
  // the part the settlement hold keeps pending, which a second win row pays when it ends.
  // What a purchase reversal clawed back went to the bidder in refund rows of their own
  // (one per reversed purchase) before the release, and is not released again.
  const escrowRows = await rows<{ id: number; escrow_state: string }>(
    db,
    sql`WITH clawed AS (
          SELECT substr(reference_id, 12)::int AS id, SUM(amount)::int AS tokens,
                 bool_and(transaction_type = 'refund' AND purchased_amount = amount) AS purchased
            FROM token_transactions
           WHERE idempotency_key LIKE 'connection:%:clawback:%'
           GROUP BY 1)
        SELECT c.id, c.escrow_state FROM connections c
          LEFT JOIN token_transactions t ON t.idempotency_key = 'connection:' || c.id || ':escrow'
          LEFT JOIN token_transactions s ON s.idempotency_key = 'connection:' || c.id || ':settled'
          LEFT JOIN clawed k ON k.id = c.id
         WHERE COALESCE(k.tokens, 0) <> c.escrow_clawed OR k.purchased IS FALSE
            OR CASE c.escrow_state
                 WHEN 'held' THEN t.id IS NOT NULL OR s.id IS NOT NULL
                 WHEN 'refunded' THEN t.id IS NULL OR s.id IS NOT NULL
                   OR t.transaction_type NOT IN ('refund', 'refund_deleted_user')
                   OR t.user_id <> c.user_id OR t.amount <> c.amount - c.escrow_clawed
                 ELSE t.id IS NULL OR t.transaction_type <> 'win' OR t.user_id <> c.partner_id
                   OR t.amount + COALESCE(s.amount, 0) + c.reward_pending <> c.amount - c.escrow_clawed
                   OR (s.id IS NOT NULL AND (s.transaction_type <> 'win' OR s.user_id <> c.partner_id))
               END
            OR (SELECT COUNT(*) FROM token_transactions x
                 WHERE x.reference_id = 'connection:' || c.id
                   AND COALESCE(x.idempotency_key, '') NOT LIKE 'connection:%:clawback:%')
               > 1 + (s.id IS NOT NULL)::int`,
  );
  if (escrowRows.length) {
    problems.push(
      `connection escrow != ledger for ${escrowRows.map((r) => `${r.id} (${r.escrow_state})`).join(', ')}`,
    );
  }
  const [redeemable] = await rows<{ n: number }>(
    db,
    sql`SELECT COUNT(*)::int AS n FROM users WHERE redeemable_tokens > token_balance`,
  );
  if (redeemable!.n > 0) problems.push(`${redeemable!.n} members with redeemable > balance`);
  const wrongBid = await rows<{ id: number }>(
    db,
    sql`WITH live AS (
          SELECT b.* FROM bids b JOIN auctions a ON a.id = b.auction_id
           WHERE b.id > COALESCE(a.bids_voided_through, 0))
        SELECT a.id FROM auctions a
         WHERE a.current_bid <> COALESCE((SELECT MAX(amount) FROM live b WHERE b.auction_id = a.id), a.starting_bid)
            OR a.lead_bidder_id IS DISTINCT FROM
               (SELECT user_id FROM live b WHERE b.auction_id = a.id ORDER BY amount DESC, id DESC LIMIT 1)`,
  );
  if (wrongBid.length) problems.push(`current bid != highest bid on ${wrongBid.length} auctions`);
  // Escrow per bidder (product rules, Auctions beyond a plain high bid): on each auction a
  // member's bids, rebids, outbid refunds and close refunds add up to minus what they hold
  // there: their whole maximum while they lead an open auction, the price of the connection
  // a close gave them, 0 otherwise. A voided lead (its bidder suspended or deleted) was
  // refunded under the same reference.
  const escrowHeld = await rows<{ auction_id: number; user_id: number }>(
    db,
    sql`WITH booked AS (
          SELECT substr(t.reference_id, 9)::int AS auction_id, t.user_id, SUM(t.amount)::bigint AS net
            FROM token_transactions t
           WHERE t.reference_id LIKE 'auction:%'
           GROUP BY 1, 2),
        held AS (
          SELECT a.id AS auction_id, a.lead_bidder_id AS user_id,
                 CASE WHEN a.status = 'active' THEN a.lead_max
                      WHEN a.status = 'closed' AND a.outcome = 'connection' THEN a.final_price
                      ELSE 0 END AS amount
            FROM auctions a WHERE a.lead_bidder_id IS NOT NULL)
        SELECT COALESCE(b.auction_id, h.auction_id) AS auction_id, COALESCE(b.user_id, h.user_id) AS user_id
          FROM booked b FULL JOIN held h USING (auction_id, user_id)
         WHERE COALESCE(b.net, 0) <> -COALESCE(h.amount, 0)`,
  );
  if (escrowHeld.length) {
    problems.push(
      `escrow held != bidder's maximum while leading on ${escrowHeld
        .slice(0, 5)
        .map((r) => `auction ${r.auction_id} member ${r.user_id}`)
        .join(', ')}`,
    );
  }
  return problems;
}

/**
 * Token origins (product rules, The token economy): every balance equals its ledger origin
 * by origin; a released escrow went back in exactly its parts (refund) or paid the owner
 * its promotional part as promotional and the rest as redeemable (win, a held part once
 * its settlement hold ends); and origins are conserved: what rows other than bids,
 * refunds and rewards brought in, by origin, is what members, held escrows and held
 * rewards hold (a reward turns purchased into redeemable, so those two are counted
 * together).
 */
export async function originProblems(db: Executor): Promise<string[]> {
  const problems: string[] = [];
  const members = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
          LEFT JOIN (SELECT user_id, SUM(promotional_amount) AS pr, SUM(purchased_amount) AS pu,
                            SUM(redeemable_amount) AS re
                       FROM token_transactions GROUP BY user_id) l ON l.user_id = u.id
         WHERE u.promotional_tokens <> COALESCE(l.pr, 0) OR u.purchased_tokens <> COALESCE(l.pu, 0)
            OR u.redeemable_tokens <> COALESCE(l.re, 0)`,
  );
  if (members.length) problems.push(`balance by origin != ledger for ${members.length} members`);
  const released = await rows<{ id: number }>(
    db,
    sql`SELECT c.id FROM connections c
          JOIN token_transactions t ON t.idempotency_key = 'connection:' || c.id || ':escrow'
          LEFT JOIN token_transactions s ON s.idempotency_key = 'connection:' || c.id || ':settled'
         WHERE CASE WHEN t.transaction_type = 'win'
                    THEN (t.promotional_amount + COALESCE(s.promotional_amount, 0),
                          t.purchased_amount + COALESCE(s.purchased_amount, 0),
                          t.redeemable_amount + COALESCE(s.redeemable_amount, 0) + c.reward_pending)
                         <> (c.escrow_promotional, 0, c.escrow_purchased + c.escrow_redeemable)
                    ELSE (t.promotional_amount, t.purchased_amount, t.redeemable_amount)
                         <> (c.escrow_promotional, c.escrow_purchased, c.escrow_redeemable)
               END`,
  );
  if (released.length) problems.push(`escrow released in the wrong parts: ${released.length}`);
  const [totals] = await rows<{
    in_promo: number;
    in_paid: number;
    held_promo: number;
    held_paid: number;
  }>(
    db,
    sql`SELECT
          (SELECT COALESCE(SUM(promotional_amount), 0)::bigint FROM token_transactions
            WHERE transaction_type NOT IN ${INTERNAL}) AS in_promo,
          (SELECT COALESCE(SUM(purchased_amount + redeemable_amount), 0)::bigint FROM token_transactions
            WHERE transaction_type NOT IN ${INTERNAL}) AS in_paid,
          (SELECT COALESCE(SUM(promotional_tokens), 0)::bigint FROM users)
          + (SELECT COALESCE(SUM(escrow_promotional), 0)::bigint FROM auctions
              WHERE status = 'active' AND lead_bidder_id IS NOT NULL)
          + (SELECT COALESCE(SUM(escrow_promotional), 0)::bigint FROM connections
              WHERE escrow_state = 'held') AS held_promo,
          (SELECT COALESCE(SUM(purchased_tokens + redeemable_tokens), 0)::bigint FROM users)
          + (SELECT COALESCE(SUM(escrow_purchased + escrow_redeemable), 0)::bigint FROM auctions
              WHERE status = 'active' AND lead_bidder_id IS NOT NULL)
          + (SELECT COALESCE(SUM(escrow_purchased + escrow_redeemable), 0)::bigint FROM connections
              WHERE escrow_state = 'held')
          + (SELECT COALESCE(SUM(reward_pending), 0)::bigint FROM connections) AS held_paid`,
  );
  if (Number(totals!.in_promo) !== Number(totals!.held_promo)) {
    problems.push(`promotional in ${totals!.in_promo} != held ${totals!.held_promo}`);
  }
  if (Number(totals!.in_paid) !== Number(totals!.held_paid)) {
    problems.push(`purchased + redeemable in ${totals!.in_paid} != held ${totals!.held_paid}`);
  }
  return problems;
}

/** Ledger types that only move tokens between members and escrows. */
const INTERNAL = sql.raw("('bid', 'outbid', 'rebid', 'refund', 'refund_deleted_user', 'win')");

/**
 * Each credited purchase has exactly one 'purchase' ledger row of its tokens and at most one
 * reversal of what was taken back; each redemption one debit of both balances, and one
 * 'redemption_failed' return or 'redemption_paid' record matching its status.
 */
async function paymentProblems(db: Executor): Promise<string[]> {
  const [found] = await rows<{ purchases: number; redemptions: number }>(
    db,
    sql`SELECT
          (SELECT COUNT(*)::int FROM token_purchases p
            WHERE (SELECT COUNT(*) FROM token_transactions t
                    WHERE t.reference_id = 'purchase:' || p.id AND t.transaction_type = 'purchase'
                      AND t.amount = p.tokens AND t.user_id = p.user_id) <> 1
               OR COALESCE((SELECT -SUM(t.amount) FROM token_transactions t
                             WHERE t.reference_id = 'purchase:' || p.id
                               AND t.transaction_type = 'purchase_reversal'), 0) <> p.tokens_reversed
          ) AS purchases,
          (SELECT COUNT(*)::int FROM redemptions r
            WHERE (SELECT COUNT(*) FROM token_transactions t
                    WHERE t.reference_id = 'redemption:' || r.id AND t.transaction_type = 'redemption'
                      AND t.amount = -r.token_amount AND t.user_id = r.user_id) <> 1
               OR (SELECT COUNT(*) FROM token_transactions t
                    WHERE t.reference_id = 'redemption:' || r.id AND t.transaction_type = 'redemption_failed'
                      AND t.amount = r.token_amount) <> (CASE WHEN r.status = 'failed' THEN 1 ELSE 0 END)
               OR (SELECT COUNT(*) FROM token_transactions t
                    WHERE t.reference_id = 'redemption:' || r.id AND t.transaction_type = 'redemption_paid')
                  <> (CASE WHEN r.status = 'paid' THEN 1 ELSE 0 END)
          ) AS redemptions`,
  );
  const problems: string[] = [];
  if (found!.purchases) problems.push(`${found!.purchases} purchases without exactly one credit`);
  if (found!.redemptions) problems.push(`${found!.redemptions} redemptions with wrong ledger rows`);
  return problems;
}
