// Daily claim (product rules, Tokens): one per New York calendar day. The ledger's
// idempotency key makes a double click or two servers credit it exactly once.
import { TOKEN_MESSAGES } from '@bidboard/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/context';
import { AppError, pgErrorCode } from '../../lib/errors';
import { newYorkDate } from '../../lib/new-york-date';
import { loadSettings, type SettingsDefaults } from '../settings/settings.service';
import { applyBalanceChange } from './ledger';
import { ledgerHasKey } from './transactions.repository';

export interface ClaimContext {
  db: Db;
  clock: Clock;
  config: SettingsDefaults;
}

export const dailyClaimKey = (userId: number, now: Date) =>
  `free_claim:${userId}:${newYorkDate(now)}`;

const alreadyClaimed = () => new AppError('ALREADY_CLAIMED', 400, TOKEN_MESSAGES.alreadyClaimed);

export async function claimDailyTokens(ctx: ClaimContext, userId: number) {
  const idempotencyKey = dailyClaimKey(userId, ctx.clock());
  let entry: Awaited<ReturnType<typeof applyBalanceChange>>;
  try {
    entry = await ctx.db.transaction(async (tx) =>
      applyBalanceChange(tx, {
        userId,
        amount: (await loadSettings(tx, ctx.config)).daily_claim_amount,
        type: 'free_claim',
        idempotencyKey,
      }),
    );
  } catch (error) {
    if (pgErrorCode(error) === '23505') throw alreadyClaimed();
    throw error;
  }
  if (!entry) throw alreadyClaimed();
  return {
    success: true as const,
    message: TOKEN_MESSAGES.claimed,
    tokenBalance: entry.balance_after,
  };
}

export async function dailyClaimStatus(ctx: Omit<ClaimContext, 'config'>, userId: number) {
  const claimed = await ledgerHasKey(ctx.db, dailyClaimKey(userId, ctx.clock()));
  return { claimed, message: claimed ? TOKEN_MESSAGES.alreadyClaimed : TOKEN_MESSAGES.available };
}
