// The one place a member's balances change. Each change updates the balances and
// appends its ledger row in a single statement (the SQL function ledger_book, which the
// bid's place_bid uses too) inside the caller's transaction, so the row lock is taken at
// the last moment and a balance always equals the sum of its rows, origin by origin.
// The database CHECKs (every origin part >= 0, the parts add up to the balance) are the
// last guard.

import { MESSAGES } from '@bidboard/shared';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { TRANSACTION_TYPES } from '../../db/schema';
import { AppError, notFound, pgErrorCode } from '../../lib/errors';

export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface BalanceChange {
  userId: number;
  /** Signed change to token_balance. */
  amount: number;
  /**
   * The signed parts by origin (they add up to `amount`): refunds give an escrow's parts
   * back, rewards and redemptions name theirs. Without them a credit is promotional
   * (purchased for a purchase) and a debit spends in the rule's order: promotional,
   * purchased, redeemable (purchased first when a purchase is reversed).
   */
  parts?: TokenParts;
  type: TransactionType;
  bidTargetId?: number | null;
  referenceId?: string | null;
  /** A change with a key is applied at most once, ever. */
  idempotencyKey?: string;
}

export interface TokenParts {
  promotional: number;
  purchased: number;
  redeemable: number;
}

export const partsTotal = (p: TokenParts) => p.promotional + p.purchased + p.redeemable;

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

const ENTRY_COLUMNS = sql.raw(
  'id, user_id, amount, balance_after, redeemable_after, transaction_type, promotional_amount, purchased_amount, redeemable_amount',
);

function book(tx: Tx, change: BalanceChange) {
  const target = change.bidTargetId ?? null;
  const reference = change.referenceId ?? null;
  const key = change.idempotencyKey ?? null;
  const parts =
    change.parts ??
    (change.amount >= 0
      ? change.type === 'purchase'
        ? { promotional: 0, purchased: change.amount, redeemable: 0 }
        : { promotional: change.amount, purchased: 0, redeemable: 0 }
      : null);
  if (parts) {
    if (partsTotal(parts) !== change.amount) throw new TypeError('parts must add up to the amount');
    return rows<LedgerEntry>(
      tx,
      sql`SELECT ${ENTRY_COLUMNS}
            FROM ledger_book(${change.userId}, ${parts.promotional}, ${parts.purchased},
                             ${parts.redeemable}, ${change.type}, ${target}, ${reference}, ${key})`,
    );
  }
  return rows<LedgerEntry>(
    tx,
    sql`SELECT ${ENTRY_COLUMNS}
          FROM spend_parts(${change.userId}, ${-change.amount}, ${change.type === 'purchase_reversal'}) s,
               LATERAL ledger_book(${change.userId}, -s.promotional, -s.purchased, -s.redeemable,
                                   ${change.type}, ${target}, ${reference}, ${key})`,
  );
}

/** Returns the new ledger row, or null when the idempotency key was already used. */
export async function applyBalanceChange(
  tx: Tx,
  change: BalanceChange,
): Promise<LedgerEntry | null> {
  const numbers = [change.amount, ...(change.parts ? Object.values(change.parts) : [])];
  if (!numbers.every(Number.isInteger)) {
    throw new TypeError('balance changes are whole tokens');
  }
  if (change.idempotencyKey) {
    // Every change to this member queues on the row lock, so the key check below
    // cannot race another change with the same key.
    const locked = await rows(tx, sql`SELECT id FROM users WHERE id = ${change.userId} FOR UPDATE`);
    if (locked.length === 0) throw notFound();
    const seen = await rows(
      tx,
      sql`SELECT 1 FROM token_transactions WHERE idempotency_key = ${change.idempotencyKey}`,
    );
    if (seen.length > 0) return null;
  }
  try {
    const [entry] = await book(tx, change);
    if (!entry) throw notFound();
    return { ...entry, id: Number(entry.id) };
  } catch (error) {
    if (pgErrorCode(error) === '23514') {
      throw new AppError('INSUFFICIENT_TOKENS', 400, MESSAGES.insufficientTokens);
    }
    throw error;
  }
}

/** A member's ledger as the transactions screen lists it. */
export { memberTokenOrigins, memberTransactions } from './transactions.repository';
