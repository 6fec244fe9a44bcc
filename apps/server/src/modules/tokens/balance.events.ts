// Token balance live changes (marketplace §4) for everything but bids: after a purchase,
// redemption, payout failure, reversal or adjustment commits, the member's own room hears
// both balances.
import { type BalanceUpdate, userRoom } from '@bidboard/shared';
import type { AppSocketServer } from '../../plugins/socket';
import type { LedgerEntry } from './ledger';

export function publishBalance(
  io: AppSocketServer | undefined,
  entry: LedgerEntry,
  reason: BalanceUpdate['reason'],
): void {
  io?.to(userRoom(entry.user_id)).emit('balanceUpdate', {
    userId: entry.user_id,
    tokenBalance: entry.balance_after,
    redeemableTokens: entry.redeemable_after,
    reason,
  });
}
