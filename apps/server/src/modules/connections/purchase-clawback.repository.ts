// SQL of taking a reversed card purchase's tokens back out of a bidder's connections
// (purchase-clawback.ts): the connections that hold their purchased tokens, locked, and
// the guarded move of some of them out of an escrow or a held reward.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';

export interface ClawbackSource {
  id: number;
  user_id: number;
  partner_id: number;
  /** The bid still in escrow ('held'), or the owner's reward held for the settlement hold. */
  held_in: 'escrow' | 'reward';
  /** Purchased tokens that can be taken back from it. */
  purchased: number;
}

/**
 * The bidder's connections holding purchased tokens of theirs, in escrow or as an owner's
 * held reward, locked in id order (connections before members: the lock order).
 */
export async function lockClawbackSources(tx: Tx, bidderId: number): Promise<ClawbackSource[]> {
  const found = await rows<ClawbackSource>(
    tx,
    sql`SELECT id, user_id, partner_id,
               CASE WHEN escrow_state = 'held' THEN 'escrow' ELSE 'reward' END AS held_in,
               CASE WHEN escrow_state = 'held' THEN escrow_purchased ELSE reward_pending END
                 AS purchased
          FROM connections
         WHERE user_id = ${bidderId}
           AND ((escrow_state = 'held' AND escrow_purchased > 0) OR reward_pending > 0)
         ORDER BY id
           FOR UPDATE`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Moves `tokens` purchased tokens out of the escrow or held reward; false if not there. */
export async function takePurchasedOut(
  tx: Tx,
  source: ClawbackSource,
  tokens: number,
  now: Date,
): Promise<boolean> {
  const fromReward = source.held_in === 'reward' ? tokens : 0;
  const changed = await rows(
    tx,
    sql`UPDATE connections
           SET escrow_purchased = escrow_purchased - ${tokens},
               escrow_clawed = escrow_clawed + ${tokens},
               reward_pending = reward_pending - ${fromReward},
               updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${source.id} AND escrow_purchased >= ${tokens}
           AND reward_pending >= ${fromReward}
           AND ${source.held_in === 'escrow' ? sql`escrow_state = 'held'` : sql`escrow_state = 'paid'`}
        RETURNING id`,
  );
  return changed.length > 0;
}
