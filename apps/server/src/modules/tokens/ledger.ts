// The one place a member's balances change. Each change updates the balances and
// appends its ledger row in a single statement (the SQL function ledger_apply, which the
// bid's place_bid uses too) inside the caller's transaction, so the row lock is held for
// one statement and a balance always equals the sum of its rows.
// The database CHECKs (balance >= 0, 0 <= redeemable <= balance) are the last guard.

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
   * Signed change to redeemable_tokens: rewards add the amount to both balances and
   * redemptions remove it from both. Spending leaves it 0 and only lowers redeemable
   * tokens when the balance would fall below them (non-redeemable tokens go first).
   */
  redeemableAmount?: number;
  type: TransactionType;
  bidTargetId?: number | null;
  referenceId?: string | null;
  /** A change with a key is applied at most once, ever. */
  idempotencyKey?: string;
}

export interface LedgerEntry {
  id: number;
  user_id: number;
  amount: number;
  balance_after: number;
  redeemable_after: number;
  transaction_type: TransactionType;
}

/** Returns the new ledger row, or null when the idempotency key was already used. */
export async function applyBalanceChange(
  tx: Tx,
  change: BalanceChange,
): Promise<LedgerEntry | null> {
  if (!Number.isInteger(change.amount) || !Number.isInteger(change.redeemableAmount ?? 0)) {
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
    const [entry] = await rows<LedgerEntry>(
      tx,
      sql`SELECT id, user_id, amount, balance_after, redeemable_after, transaction_type
            FROM ledger_apply(${change.userId}, ${change.amount}, ${change.redeemableAmount ?? 0},
                              ${change.type}, ${change.bidTargetId ?? null},
                              ${change.referenceId ?? null}, ${change.idempotencyKey ?? null})`,
    );
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
export { memberTransactions } from './transactions.repository';
