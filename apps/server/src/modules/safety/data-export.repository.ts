// SQL of the data export: every table's rows that belong to one member.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Sections of the export and the query of each; every one is the member's own rows. */
function sections(userId: number): Record<string, SQL> {
  return {
    bids: sql`SELECT b.id, b.auction_id, a.user_id AS auction_owner_id, o.username AS auction_owner,
                     b.amount, b.maximum, b.automatic, b.created_at
                FROM bids b JOIN auctions a ON a.id = b.auction_id JOIN users o ON o.id = a.user_id
               WHERE b.user_id = ${userId} ORDER BY b.id`,
    auctions: sql`SELECT a.id, a.period_id, a.starting_bid, a.current_bid, a.lead_bidder_id,
                         a.status, a.created_at, a.closed_at
                    FROM auctions a WHERE a.user_id = ${userId} ORDER BY a.id`,
    connections: sql`SELECT c.id, c.user_id AS winning_bidder_id, c.partner_id AS owner_id,
                            o.username AS other_member, c.amount, c.escrow_promotional,
                            c.escrow_purchased, c.escrow_redeemable, c.escrow_clawed,
                            c.status, c.escrow_state, c.created_at, c.status_changed_at,
                            c.engaged_at
                       FROM connections c
                       JOIN users o ON o.id = CASE WHEN c.user_id = ${userId} THEN c.partner_id ELSE c.user_id END
                      WHERE c.user_id = ${userId} OR c.partner_id = ${userId} ORDER BY c.id`,
    ledger: sql`SELECT id, amount, promotional_amount, purchased_amount, redeemable_amount,
                       balance_after, redeemable_after, transaction_type, status,
                       bid_target_id, reference_id, created_at
                  FROM token_transactions WHERE user_id = ${userId} ORDER BY id`,
    // Offered to the member as a runner-up, and offered on the member's own auctions.
    second_chances: sql`SELECT s.id, s.auction_id,
                               CASE WHEN s.user_id = ${userId} THEN 'runner_up' ELSE 'owner' END AS role,
                               o.username AS other_member, s.amount, s.status, s.offered_at,
                               s.expires_at, s.taken_at, s.connection_id
                          FROM second_chances s
                          JOIN users o ON o.id = CASE WHEN s.user_id = ${userId} THEN s.owner_id ELSE s.user_id END
                         WHERE s.user_id = ${userId} OR s.owner_id = ${userId} ORDER BY s.id`,
    alerts: sql`SELECT id, kind, message, payload, is_read, read_at, created_at
                  FROM alerts WHERE user_id = ${userId} ORDER BY id`,
    conversations: sql`SELECT c.cid, o.username AS other_member, c.created_at, c.updated_at
                         FROM conversations c
                         JOIN users o ON o.id = CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END
                        WHERE c.user_a = ${userId} OR c.user_b = ${userId} ORDER BY c.created_at`,
    messages_sent: sql`SELECT id, cid, text, type, created_at
                         FROM messages WHERE sender_id = ${userId} ORDER BY id`,
    purchases: sql`SELECT * FROM token_purchases WHERE user_id = ${userId} ORDER BY created_at`,
    // Every card payment form the member opened, completed or not (its form token aside: a
    // credential of the processor's, not about the member).
    payment_attempts: sql`SELECT id, item_name, quantity, tokens, amount_cents, provider,
                                 invoice_number, status, created_at, completed_at
                            FROM payment_intents WHERE user_id = ${userId} ORDER BY id`,
    payment_errors: sql`SELECT id, error_type, payment_flow, message, details, created_at
                          FROM payment_errors WHERE user_id = ${userId} ORDER BY id`,
    redemptions: sql`SELECT * FROM redemptions WHERE user_id = ${userId} ORDER BY id`,
    reports_made: sql`SELECT r.id, r.reported_id, u.username AS reported_member, r.reason, r.text,
                             r.status, r.created_at
                        FROM reports r JOIN users u ON u.id = r.reported_id
                       WHERE r.reporter_id = ${userId} ORDER BY r.id`,
    blocks: sql`SELECT b.blocked_id, u.username AS blocked_member, b.created_at
                  FROM blocks b JOIN users u ON u.id = b.blocked_id
                 WHERE b.blocker_id = ${userId} ORDER BY b.created_at`,
    sessions: sql`SELECT created_at, last_seen_at, expires_at, revoked_at, user_agent, ip, device_id
                    FROM sessions WHERE user_id = ${userId} ORDER BY created_at`,
    // Privacy Center requests (issue 42) and where each stands; who answered is the staff's.
    privacy_requests: sql`SELECT id, kind, field, details,
                                 CASE WHEN answered_at IS NULL THEN 'open' ELSE 'answered' END AS status,
                                 created_at, due_at, answered_at
                            FROM privacy_requests WHERE user_id = ${userId} ORDER BY id`,
    push_subscriptions: sql`SELECT endpoint, user_agent, created_at
                              FROM push_subscriptions WHERE user_id = ${userId}`,
  };
}

/** Each section's rows, by section name, in the order above. */
export async function memberDataSections(
  db: Executor,
  userId: number,
): Promise<Record<string, unknown[]>> {
  const data: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(sections(userId))) {
    data[name] = await rows(db, query);
  }
  return data;
}

export function verificationVideosOf(db: Executor, userId: number) {
  return rows<{ id: number; file_name: string; verification_status: string; created_at: Date }>(
    db,
    sql`SELECT id, file_name, verification_status, created_at
          FROM verification_videos WHERE user_id = ${userId} ORDER BY id`,
  );
}
