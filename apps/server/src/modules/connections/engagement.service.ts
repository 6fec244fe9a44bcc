// Engagement (product rules 'Connection lifecycle'): both members of an accepted
// connection have sent at least one message. At that moment the owner is paid the
// escrowed bid (`win`, added to both balances) and both hear about it. The chat module
// calls these two functions; nothing here knows about conversations.

import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { visibleTo } from '../blocks/blocks.repository';
import {
  alertsEngaged,
  type ConnectionEffects,
  eventForBoth,
  mergeEffects,
  noEffects,
} from './connection-effects';
import { payReward } from './connection-escrow';
import { lockAcceptedBetween, lockMembers, updateConnectionWhere } from './connections.repository';

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
async function engagedBefore(
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
 * Call INSIDE the transaction that stores a message from `senderId` to `partnerId`.
 * Records the sender's first message on every accepted connection between the two
 * (members who won each other's auctions have two), and when both members have now
 * written, marks engagement with a guarded UPDATE and pays the owner exactly once:
 * a `win` ledger row, alerts `connection_mutual` to both and `connection_reward` to the
 * owner. Returns what to publish (connectionEffectEvents) after the transaction
 * commits; nothing when there is no accepted connection or nothing new happened.
 * Lock order: connection rows, then both members' rows by id; call it before the
 * message transaction locks any member row itself.
 */
export async function recordMessageSent(
  tx: Tx,
  message: { senderId: number; partnerId: number; now: Date },
): Promise<ConnectionEffects> {
  const { senderId, partnerId, now } = message;
  const effects = noEffects();
  const live = await lockAcceptedBetween(tx, senderId, partnerId);
  if (live.length > 0) await lockMembers(tx, { user_id: senderId, partner_id: partnerId });
  for (const connection of live) {
    const column =
      connection.user_id === senderId
        ? sql.raw('user_first_message_at')
        : sql.raw('partner_first_message_at');
    const first = await updateConnectionWhere(
      tx,
      connection.id,
      sql`${column} = ${iso(now)}::timestamptz`,
      sql`${column} IS NULL`,
      now,
    );
    if (!first) continue;
    const engaged = await updateConnectionWhere(
      tx,
      connection.id,
      sql`engaged_at = ${iso(now)}::timestamptz, escrow_state = 'paid',
          escrow_released_at = ${iso(now)}::timestamptz`,
      sql`status = 'accepted' AND escrow_state = 'held'
        AND user_first_message_at IS NOT NULL AND partner_first_message_at IS NOT NULL`,
      now,
    );
    if (!engaged) continue;
    const ledger = [await payReward(tx, engaged)];
    mergeEffects(effects, {
      alerts: await alertsEngaged(tx, engaged, await engagedBefore(tx, engaged)),
      events: eventForBoth('connectionReward', engaged, { ledger }),
    });
  }
  return effects;
}
