// SQL of engagement (engagement.service): whether two members may exchange messages, each
// member's first message on a connection, and the engagement that pays the owner.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { visibleTo } from '../blocks/blocks.repository';
import { type ConnectionRow, updateConnectionWhere } from './connections.repository';

const iso = (d: Date) => d.toISOString();

/**
 * The accepted connection between two members, if any (the newest when there are
 * several), and no block between them: whether they may exchange messages.
 */
export async function acceptedConnectionBetween(
  db: Executor,
  a: number,
  b: number,
): Promise<{ id: number } | null> {
  const [found] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM connections
         WHERE status = 'accepted'
           AND ((user_id = ${a} AND partner_id = ${b}) OR (user_id = ${b} AND partner_id = ${a}))
           AND ${visibleTo(a, sql`${b}::int`)}
         ORDER BY id DESC LIMIT 1`,
  );
  return found ? { id: Number(found.id) } : null;
}

/** Whether the two members of `c` already engaged on another connection between them. */
export async function engagedBefore(
  tx: Executor,
  c: { id: number; user_id: number; partner_id: number },
): Promise<boolean> {
  const [found] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM connections
         WHERE id <> ${c.id} AND engaged_at IS NOT NULL
           AND ((user_id = ${c.user_id} AND partner_id = ${c.partner_id})
             OR (user_id = ${c.partner_id} AND partner_id = ${c.user_id}))
         LIMIT 1`,
  );
  return found !== undefined;
}

/**
 * Records the first message of one side (`user` the bidder, `partner` the owner); null
 * when that side had written before.
 */
export function recordFirstMessage(
  tx: Tx,
  id: number,
  side: 'user' | 'partner',
  now: Date,
): Promise<ConnectionRow | null> {
  const column = sql.raw(side === 'user' ? 'user_first_message_at' : 'partner_first_message_at');
  return updateConnectionWhere(
    tx,
    id,
    sql`${column} = ${iso(now)}::timestamptz`,
    sql`${column} IS NULL`,
    now,
  );
}

/**
 * When the settlement hold on a bid of `bidderId` ends: their newest card purchase plus
 * the hold; null when that is past (their purchased tokens are settled). Any purchased
 * tokens in an escrow were bought at or before it. A reversed purchase counts too: what
 * its reversal could not take back (a bid on an auction still open) may be in the escrow.
 */
export async function purchaseHoldEnd(
  tx: Executor,
  bidderId: number,
  holdDays: number,
  now: Date,
): Promise<Date | null> {
  const [found] = await rows<{ settles_at: Date | string }>(
    tx,
    sql`SELECT MAX(created_at) + make_interval(days => ${holdDays}) AS settles_at
          FROM token_purchases
         WHERE user_id = ${bidderId}
        HAVING MAX(created_at) + make_interval(days => ${holdDays}) > ${iso(now)}::timestamptz`,
  );
  return found ? new Date(found.settles_at) : null;
}

/**
 * Marks engagement and the escrow paid once both members wrote; null when not (yet) so.
 * With `settlesAt`, the escrow's purchased part stays pending until then.
 */
export function markEngaged(
  tx: Tx,
  id: number,
  now: Date,
  settlesAt: Date | null,
): Promise<ConnectionRow | null> {
  const until = settlesAt ? iso(settlesAt) : null;
  return updateConnectionWhere(
    tx,
    id,
    sql`engaged_at = ${iso(now)}::timestamptz, escrow_state = 'paid',
        escrow_released_at = ${iso(now)}::timestamptz,
        reward_pending = CASE WHEN ${until}::timestamptz IS NULL THEN 0 ELSE escrow_purchased END,
        reward_settles_at = CASE WHEN escrow_purchased > 0 THEN ${until}::timestamptz END`,
    sql`status = 'accepted' AND escrow_state = 'held'
      AND user_first_message_at IS NOT NULL AND partner_first_message_at IS NOT NULL`,
    now,
  );
}
