// Operator actions shared by the admin API and the CLI.
import { MESSAGES } from '@bidboard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { openAuctionForMember } from '../auctions/member-auction';
import { applyBalanceChange } from '../tokens/ledger';

async function memberByUsername(db: Db, username: string) {
  const [member] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!member) throw notFound(`No member named ${username}`);
  return member;
}

/** Approval takes effect on the board at once: the member's auction opens in this period. */
export async function approveMember(db: Db, username: string) {
  const member = await memberByUsername(db, username);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ is_approved: true, updated_at: new Date() })
      .where(eq(users.id, member.id));
    await openAuctionForMember(tx, member.id);
  });
  return { id: member.id, username: member.username, is_approved: true };
}

export interface AdjustmentOptions {
  /** The tokens are cash-redeemable too (an operator crediting earnings by hand). */
  redeemable?: boolean;
  /** Who made it, kept on the ledger row; null for the operator CLI. */
  actorId?: number | null;
}

/**
 * An admin adjustment mints (or burns, when negative) tokens through the ledger; the
 * ledger row names who made it (reference `admin:{id}` or `cli`).
 */
export async function adjustTokens(
  db: Db,
  username: string,
  amount: number,
  options: AdjustmentOptions = {},
) {
  if (!Number.isInteger(amount) || amount === 0)
    throw badRequest('VALIDATION', MESSAGES.adjustmentAmountInvalid);
  const member = await memberByUsername(db, username);
  const entry = await db.transaction((tx) =>
    applyBalanceChange(tx, {
      userId: member.id,
      amount,
      redeemableAmount: options.redeemable ? amount : 0,
      type: 'adjustment',
      referenceId: options.actorId ? `admin:${options.actorId}` : 'cli',
    }),
  );
  return {
    id: member.id,
    username: member.username,
    tokenBalance: entry!.balance_after,
    redeemableTokens: entry!.redeemable_after,
    entry: entry!,
  };
}
