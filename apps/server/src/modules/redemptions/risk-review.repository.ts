// A redemption's risk review as stored, and the facts behind it, read in the request's
// transaction. The
// members it looks at are the ones the redeemer earned redeemable tokens from: the bidders
// of every paid connection whose escrow held purchased or redeemable tokens (a reward of
// free tokens makes nothing redeemable, so it cannot feed a cash-out). Besides what they
// did, it reads what the card processor and the face match already know about them: a
// reversed card payment, a card used on both sides, a face like another account's.
import {
  type AdminRedemptionRisk,
  type RedemptionRiskFacts,
  RISK_NEW_ACCOUNT_DAYS,
  RISK_SIGN_IN_DAYS,
  RISK_THIN_MESSAGES,
  RISK_THIN_MINUTES,
  redemptionRiskFactsSchema,
} from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { limitsSensitive } from '../privacy/sensitive-limit.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewRow {
  redemption_id: number;
  score: number;
  threshold: number;
  held: boolean;
  signals: RedemptionRiskFacts;
  approved_by: number | null;
  approved_at: Date | string | null;
}

export function presentRisk(row: ReviewRow): AdminRedemptionRisk {
  return {
    score: row.score,
    threshold: row.threshold,
    held: row.held,
    awaiting_review: row.held && row.approved_at === null,
    approved_by: row.approved_by,
    approved_at: row.approved_at ? new Date(row.approved_at).toISOString() : null,
    // Stored by reviewRedemption; parsed so the console only ever gets known signals.
    signals: redemptionRiskFactsSchema.parse(row.signals),
  };
}

interface Partner {
  id: number;
  member: string;
  created_at: Date | string;
  referred_by: number | null;
}

const label = sql`COALESCE(u.username, 'member ' || u.id)`;

export async function gatherRiskFacts(
  tx: Executor,
  input: { userId: number; now: Date; capCents: number },
): Promise<RedemptionRiskFacts> {
  const { userId, now } = input;
  const since = new Date(now.getTime() - RISK_SIGN_IN_DAYS * DAY_MS);
  const facts: RedemptionRiskFacts = {};

  const [redeemer] = await rows<Omit<Partner, 'id'>>(
    tx,
    sql`SELECT ${label} AS member, u.created_at, u.referred_by FROM users u WHERE u.id = ${userId}`,
  );
  const partners = await rows<Partner>(
    tx,
    sql`SELECT DISTINCT u.id, ${label} AS member, u.created_at, u.referred_by
          FROM connections c JOIN users u ON u.id = c.user_id
         WHERE c.partner_id = ${userId} AND c.escrow_state = 'paid'
           AND c.escrow_purchased + c.escrow_redeemable > 0
         ORDER BY u.id`,
  );
  const ids = partners.map((p) => p.id);
  const name = new Map(partners.map((p) => [p.id, p.member]));
  const names = (found: { id: number }[]) => found.map((f) => name.get(f.id)!);
  let thinWith = new Set<number>();

  if (ids.length) {
    // The redeemer bid on a member who paid them: a bid, or a connection won from them.
    const reciprocal = await rows<{ id: number }>(
      tx,
      sql`SELECT a.user_id AS id FROM bids b JOIN auctions a ON a.id = b.auction_id
           WHERE b.user_id = ${userId} AND a.user_id IN ${ids}
          UNION
          SELECT partner_id FROM connections WHERE user_id = ${userId} AND partner_id IN ${ids}
          ORDER BY id`,
    );
    if (reciprocal.length) facts.reciprocal_bidding = { members: names(reciprocal) };

    // Issue 42: no device signal about a member who limits their sensitive information.
    const deviceSignals = sql`NOT ${limitsSensitive(sql`r.user_id`)} AND NOT ${limitsSensitive(sql`p.user_id`)}`;
    const shared = await rows<{ id: number; ip: boolean; device: boolean }>(
      tx,
      sql`SELECT p.user_id AS id,
                 COALESCE(bool_or(p.ip = r.ip), FALSE) AS ip,
                 COALESCE(bool_or(p.device_id = r.device_id AND ${deviceSignals}), FALSE) AS device
            FROM sessions r
            JOIN sessions p ON p.ip = r.ip OR (p.device_id = r.device_id AND ${deviceSignals})
           WHERE r.user_id = ${userId} AND p.user_id IN ${ids}
             AND r.created_at >= ${since} AND p.created_at >= ${since}
           GROUP BY p.user_id ORDER BY p.user_id`,
    );
    if (shared.length) {
      facts.shared_sign_in = {
        members: shared.map((s) => ({ member: name.get(s.id)!, ip: s.ip, device: s.device })),
      };
    }

    const referral = partners.flatMap((p) => {
      const how =
        p.referred_by === userId
          ? ('referred_them' as const)
          : redeemer?.referred_by === p.id
            ? ('referred_by' as const)
            : p.referred_by !== null && p.referred_by === redeemer?.referred_by
              ? ('same_referrer' as const)
              : null;
      return how ? [{ member: p.member, how }] : [];
    });
    if (referral.length) facts.referral_relation = { members: referral };

    // Each paid connection's chat since it was made: messages from each side, and minutes
    // from the first message to the last.
    const chats = await rows<{
      id: number;
      their_messages: number;
      your_messages: number;
      minutes: number;
    }>(
      tx,
      sql`SELECT c.user_id AS id,
                 COUNT(m.id) FILTER (WHERE m.sender_id = c.user_id)::int AS their_messages,
                 COUNT(m.id) FILTER (WHERE m.sender_id = c.partner_id)::int AS your_messages,
                 COALESCE(FLOOR(EXTRACT(EPOCH FROM MAX(m.created_at) - MIN(m.created_at)) / 60), 0)::int
                   AS minutes
            FROM connections c
            LEFT JOIN messages m
              ON m.cid = LEAST(c.user_id, c.partner_id) || '_' || GREATEST(c.user_id, c.partner_id)
             AND m.created_at >= c.created_at
           WHERE c.partner_id = ${userId} AND c.escrow_state = 'paid'
             AND c.escrow_purchased + c.escrow_redeemable > 0
           GROUP BY c.id, c.user_id ORDER BY c.id`,
    );
    const thin = chats.filter(
      (c) =>
        (c.their_messages <= RISK_THIN_MESSAGES && c.your_messages <= RISK_THIN_MESSAGES) ||
        c.minutes < RISK_THIN_MINUTES,
    );
    if (thin.length) {
      facts.thin_engagement = {
        connections: thin.map(({ id, ...chat }) => ({ member: name.get(id)!, ...chat })),
      };
    }
    thinWith = new Set(thin.map((c) => Number(c.id)));

    // The same card paid on both sides: one person, or one wallet, playing two accounts.
    const sameCard = await rows<{ id: number }>(
      tx,
      sql`SELECT DISTINCT p.user_id AS id
            FROM token_purchases p
            JOIN token_purchases r ON r.card_fingerprint = p.card_fingerprint
           WHERE r.user_id = ${userId} AND p.user_id IN ${ids}
           ORDER BY id`,
    );
    if (sameCard.length) facts.shared_card = { members: names(sameCard) };
  }

  const ageDays = (created: Date | string) =>
    Math.max(0, Math.floor((now.getTime() - new Date(created).getTime()) / DAY_MS));
  const isNew = (created: Date | string) => ageDays(created) < RISK_NEW_ACCOUNT_DAYS;
  const young = [...(redeemer ? [redeemer] : []), ...partners]
    .map((m) => ({ member: m.member, days: ageDays(m.created_at) }))
    .filter((m) => m.days < RISK_NEW_ACCOUNT_DAYS);
  if (young.length) facts.new_account = { members: young };

  // Two new accounts, one paying the other, who barely talked: held whatever else is said.
  if (redeemer && isNew(redeemer.created_at)) {
    const fresh = partners.filter((p) => isNew(p.created_at) && thinWith.has(p.id));
    if (fresh.length) facts.fresh_pair = { members: fresh.map((p) => p.member) };
  }

  const everyone = [userId, ...ids];
  const reversed = await rows<{ member: string; reason: 'refund' | 'chargeback' }>(
    tx,
    sql`SELECT DISTINCT ${label} AS member, p.status AS reason, u.id
          FROM token_purchases p JOIN users u ON u.id = p.user_id
         WHERE p.user_id IN ${everyone} AND p.status IN ('refund', 'chargeback')
         ORDER BY u.id, p.status`,
  );
  if (reversed.length) {
    facts.reversed_payment = {
      payments: reversed.map(({ member, reason }) => ({ member, reason })),
    };
  }

  // The face match's own finding on each member's latest verification video.
  const lookalikes = await rows<{ member: string; duplicate_of: string }>(
    tx,
    sql`SELECT ${label} AS member, COALESCE(d.username, 'member ' || d.id) AS duplicate_of
          FROM users u
          JOIN LATERAL (SELECT v.duplicate_user_id FROM verification_videos v
                         WHERE v.user_id = u.id ORDER BY v.created_at DESC, v.id DESC LIMIT 1) v
            ON v.duplicate_user_id IS NOT NULL
          JOIN users d ON d.id = v.duplicate_user_id
         WHERE u.id IN ${everyone}
         ORDER BY u.id`,
  );
  if (lookalikes.length) facts.duplicate_face = { members: lookalikes };

  // Every request in 30 days that was not refused by the payout, this one included.
  const [asked] = await rows<{ cents: number }>(
    tx,
    sql`SELECT COALESCE(SUM(amount_cents), 0)::int AS cents FROM redemptions
         WHERE user_id = ${userId} AND status <> 'failed' AND created_at >= ${since}`,
  );
  if (asked!.cents > input.capCents) {
    facts.over_member_cap = { redeemed_cents: asked!.cents, cap_cents: input.capCents };
  }
  return facts;
}

/**
 * The condition the payout sender adds to its claim: a redemption held for review and not
 * approved is never sent, by the request's own send or by the sweeper.
 */
export const notAwaitingReview = sql`NOT EXISTS (
  SELECT 1 FROM redemption_reviews v
   WHERE v.redemption_id = redemptions.id AND v.held AND v.approved_at IS NULL)`;

export async function insertReview(
  tx: Executor,
  review: {
    redemptionId: number;
    score: number;
    threshold: number;
    held: boolean;
    signals: RedemptionRiskFacts;
    now: Date;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO redemption_reviews (redemption_id, score, threshold, held, signals, created_at)
        VALUES (${review.redemptionId}, ${review.score}, ${review.threshold}, ${review.held},
                ${JSON.stringify(review.signals)}::jsonb, ${review.now})`,
  );
}

export async function findReview(tx: Executor, redemptionId: number): Promise<ReviewRow | null> {
  const [row] = await rows<ReviewRow>(
    tx,
    sql`SELECT * FROM redemption_reviews WHERE redemption_id = ${redemptionId}`,
  );
  return row ?? null;
}

/**
 * Approves the review of a pending redemption held and not approved yet; null when there
 * is no such review.
 */
export async function approveHeldReview(
  tx: Executor,
  redemptionId: number,
  approval: { adminId: number | null; now: Date },
): Promise<ReviewRow | null> {
  const [approved] = await rows<ReviewRow>(
    tx,
    sql`UPDATE redemption_reviews v SET approved_by = ${approval.adminId}, approved_at = ${approval.now}
          FROM redemptions r
         WHERE v.redemption_id = ${redemptionId} AND r.id = v.redemption_id
           AND r.status = 'pending' AND v.held AND v.approved_at IS NULL
        RETURNING v.*`,
  );
  return approved ?? null;
}

export async function redemptionExists(tx: Executor, redemptionId: number): Promise<boolean> {
  const [found] = await rows(tx, sql`SELECT 1 FROM redemptions WHERE id = ${redemptionId}`);
  return found !== undefined;
}
