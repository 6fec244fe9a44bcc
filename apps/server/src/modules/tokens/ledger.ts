// The one place a member's balances change. Each change updates the balances and
// appends its ledger row in a single statement (the SQL function ledger_book, which the
// bid's place_bid uses too) inside the caller's transaction, so the row lock is taken at
// the last moment and a balance always equals the sum of its rows, origin by origin.
// The database CHECKs (every origin part >= 0, the parts add up to the balance) are the
// last guard.

import { MESSAGES } from '@bidboard/shared';
import type { Tx } from '../../db/client';
import { AppError, notFound, pgErrorCode } from '../../lib/errors';
import {
  type Booking,
  bookParts,
  bookSpend,
  idempotencyKeyUsed,
  type LedgerEntry,
  lockMember,
  type TokenParts,
  type TransactionType,
} from './ledger.repository';

export type { LedgerEntry, TokenParts } from './ledger.repository';

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

export const partsTotal = (p: TokenParts) => p.promotional + p.purchased + p.redeemable;

function book(tx: Tx, change: BalanceChange) {
  const booking: Booking = {
    userId: change.userId,
    type: change.type,
    bidTargetId: change.bidTargetId ?? null,
    referenceId: change.referenceId ?? null,
    idempotencyKey: change.idempotencyKey ?? null,
  };
  const parts =
    change.parts ??
    (change.amount >= 0
      ? change.type === 'purchase'
        ? { promotional: 0, purchased: change.amount, redeemable: 0 }
        : { promotional: change.amount, purchased: 0, redeemable: 0 }
      : null);
  if (parts) {
    if (partsTotal(parts) !== change.amount) throw new TypeError('parts must add up to the amount');
    return bookParts(tx, booking, parts);
  }
  return bookSpend(tx, booking, -change.amount, change.type === 'purchase_reversal');
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
    if (!(await lockMember(tx, change.userId))) throw notFound();
    if (await idempotencyKeyUsed(tx, change.idempotencyKey)) return null;
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
