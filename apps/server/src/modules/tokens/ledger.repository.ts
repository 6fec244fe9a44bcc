// SQL of the ledger. A booking is one statement (the SQL function ledger_book, over
// spend_parts when a debit names no parts): the balances change and the ledger row is
// appended together, and the member's row lock is taken at the last moment.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { TRANSACTION_TYPES } from '../../db/schema';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface TokenParts {
  promotional: number;
  purchased: number;
  redeemable: number;
}

export interface LedgerEntry {
  id: number;
  user_id: number;
  amount: number;
  balance_after: number;
  redeemable_after: number;
  transaction_type: TransactionType;
  promotional_amount: number;
  purchased_amount: number;
  redeemable_amount: number;
}

/** What a ledger row records besides its amounts. */
export interface Booking {
  userId: number;
  type: TransactionType;
  bidTargetId: number | null;
  referenceId: string | null;
  idempotencyKey: string | null;
}

const ENTRY_COLUMNS = sql.raw(
  'id, user_id, amount, balance_after, redeemable_after, transaction_type, promotional_amount, purchased_amount, redeemable_amount',
);

/** Locks the member's row; false when there is no such member. */
export async function lockMember(tx: Tx, userId: number): Promise<boolean> {
  const locked = await rows(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
  return locked.length > 0;
}

export async function idempotencyKeyUsed(tx: Tx, key: string): Promise<boolean> {
  const seen = await rows(tx, sql`SELECT 1 FROM token_transactions WHERE idempotency_key = ${key}`);
  return seen.length > 0;
}

/** Books the signed parts as they are. */
export function bookParts(tx: Tx, booking: Booking, parts: TokenParts): Promise<LedgerEntry[]> {
  const { userId, type, bidTargetId, referenceId, idempotencyKey } = booking;
  return rows<LedgerEntry>(
    tx,
    sql`SELECT ${ENTRY_COLUMNS}
          FROM ledger_book(${userId}, ${parts.promotional}, ${parts.purchased},
                           ${parts.redeemable}, ${type}, ${bidTargetId}, ${referenceId}, ${idempotencyKey})`,
  );
}

/**
 * Books a debit of `amount` tokens split by spend_parts in the rule's order (purchased
 * first when `purchasedFirst`, for a purchase reversal).
 */
export function bookSpend(
  tx: Tx,
  booking: Booking,
  amount: number,
  purchasedFirst: boolean,
): Promise<LedgerEntry[]> {
  const { userId, type, bidTargetId, referenceId, idempotencyKey } = booking;
  return rows<LedgerEntry>(
    tx,
    sql`SELECT ${ENTRY_COLUMNS}
          FROM spend_parts(${userId}, ${amount}, ${purchasedFirst}) s,
               LATERAL ledger_book(${userId}, -s.promotional, -s.purchased, -s.redeemable,
                                   ${type}, ${bidTargetId}, ${referenceId}, ${idempotencyKey})`,
  );
}
