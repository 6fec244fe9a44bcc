// Token balance live changes (marketplace §4) for everything but bids: after a purchase,
// redemption, payout failure, reversal or adjustment commits, the member's own room hears
// both balances.
import { type BalanceUpdate, userRoom } from '@bidboard/shared';
import { emitTo, type RealtimeEvent } from '../../lib/realtime';
import type { LedgerEntry } from './ledger';

export function balanceEvent(entry: LedgerEntry, reason: BalanceUpdate['reason']): RealtimeEvent {
  return emitTo(userRoom(entry.user_id), 'balanceUpdate', {
    userId: entry.user_id,
    tokenBalance: entry.balance_after,
    redeemableTokens: entry.redeemable_after,
    reason,
  });
}
