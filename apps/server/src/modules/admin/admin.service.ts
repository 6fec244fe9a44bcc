// Operator actions shared by the admin API and the CLI.
import { ADMIN_MESSAGES, grantCashProblem, MESSAGES } from '@bidboard/shared';
import type { Db } from '../../db/client';
import { type Clock, systemClock } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { type PublishingContext, transactionThenPublish } from '../../lib/realtime';
import { recordAdminAction } from '../audit';
import { balanceEvent } from '../tokens/balance.events';
import { applyBalanceChange, type TokenParts } from '../tokens/ledger';
import { findUserByUsername } from '../users/users.repository';
import { recordCashGrant } from './cash-grants.repository';
import { approveMemberById } from './member-approval.service';

async function requireMember(db: Db, username: string) {
  const member = await findUserByUsername(db, username);
  if (!member) throw notFound(ADMIN_MESSAGES.noMemberNamed(username));
  return member;
}

/** The CLI's approval: the same decision an admin makes in the console. */
export async function approveMember(db: Db, username: string, clock: Clock = systemClock) {
  const member = await requireMember(db, username);
  const decision = await approveMemberById({ db, clock }, member.id, null);
  return { id: decision.id, username: decision.username, is_approved: decision.is_approved };
}

export interface AdjustmentOptions {
  /** The tokens are cash-redeemable too (an operator crediting earnings by hand). */
  redeemable?: boolean;
  /** The member paid for them (purchased origin); otherwise a grant is promotional. */
  paid?: boolean;
  /** Who made it, kept on the ledger row; null for the operator CLI. */
  actorId?: number | null;
  /** Why, kept in the audit log (the console requires one). */
  reason?: string;
  /** The cash received for a paid or redeemable grant, and where it is recorded. */
  cash?: { cents: number; reference: string };
}

/** The origin an adjustment moves; undefined: a grant is promotional, a debit spends. */
function adjustmentParts(amount: number, options: AdjustmentOptions): TokenParts | undefined {
  if (options.redeemable) return { promotional: 0, purchased: 0, redeemable: amount };
  if (options.paid) return { promotional: 0, purchased: amount, redeemable: 0 };
  return amount > 0 ? { promotional: amount, purchased: 0, redeemable: 0 } : undefined;
}

/**
 * An admin adjustment mints (or burns, when negative) tokens through the ledger; the
 * ledger row names who made it (reference `admin:{id}` or `cli`).
 */
export async function adjustTokens(
  ctx: PublishingContext,
  username: string,
  amount: number,
  options: AdjustmentOptions = {},
) {
  if (!Number.isInteger(amount) || amount === 0)
    throw badRequest('VALIDATION', MESSAGES.adjustmentAmountInvalid);
  // Tokens that can become cash come with cash (product rules, The token economy).
  const cashProblem = grantCashProblem({
    amount,
    paid: options.paid ?? false,
    redeemable: options.redeemable ?? false,
    cashCents: options.cash?.cents,
    cashReference: options.cash?.reference,
  });
  if (cashProblem) throw badRequest('VALIDATION', cashProblem);
  const member = await requireMember(ctx.db, username);
  const entry = await transactionThenPublish(ctx, async (tx, events) => {
    const booked = await applyBalanceChange(tx, {
      userId: member.id,
      amount,
      parts: adjustmentParts(amount, options),
      type: 'adjustment',
      referenceId: options.actorId ? `admin:${options.actorId}` : 'cli',
    });
    if (options.cash && amount > 0 && (options.paid || options.redeemable)) {
      await recordCashGrant(tx, {
        userId: member.id,
        transactionId: Number(booked!.id),
        tokens: amount,
        cents: options.cash.cents,
        reference: options.cash.reference,
        adminId: options.actorId ?? null,
      });
    }
    await recordAdminAction(tx, {
      adminId: options.actorId ?? null,
      action: 'tokens.adjust',
      targetType: 'user',
      targetId: member.id,
      before: { token_balance: booked!.balance_after - amount },
      after: {
        token_balance: booked!.balance_after,
        amount,
        redeemable: options.redeemable ?? false,
        paid: options.paid ?? false,
        reason: options.reason ?? null,
        cash_cents: options.cash?.cents ?? null,
        cash_reference: options.cash?.reference ?? null,
        ledger_entry_id: Number(booked!.id),
      },
    });
    events.add(balanceEvent(booked!, 'adjustment'));
    return booked;
  });
  return {
    id: member.id,
    username: member.username,
    tokenBalance: entry!.balance_after,
    redeemableTokens: entry!.redeemable_after,
    entry: entry!,
  };
}
