// Transaction history rows (marketplace §9): labels, signed amounts and MM/DD/YY dates.
import { rewardSplitText, type TokenTransaction } from '@bidboard/shared';
import { format } from 'date-fns';
import { formatTokens } from '@/lib/format';

const LABELS: Record<string, string> = {
  signup: 'Signup bonus',
  free_claim: 'Daily claim',
  referral1: 'Referral bonus',
  referral2: 'Referral bonus',
  bid: 'Bid',
  outbid: 'Outbid',
  rebid: 'Rebid',
  win: 'Connection reward',
  adjustment: 'Adjustment',
  redemption_failed: 'Failed redemption',
  redemption_paid: 'Redemption paid',
  redemption: 'Redemption',
  refund: 'Refund',
  refund_deleted_user: 'Refund (account deleted)',
  purchase: 'Purchase',
  purchase_reversal: 'Purchase reversed',
};

/** Every ledger type reads as words; a type added later is title-cased until it gets one. */
export function transactionLabel(type: string): string {
  const known = LABELS[type];
  if (known) return known;
  return type
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

/**
 * A row's title (product-rules "Copy"): a referral bonus says who joined through whom, from
 * the member the row names (the one who joined, or the referrer); others read their type.
 */
export function transactionTitle(tx: TokenTransaction): string {
  const other = tx.bidTarget?.username;
  if (other && tx.transaction_type === 'referral1') return `Referral bonus: ${other} joined`;
  if (other && tx.transaction_type === 'referral2')
    return `Referral bonus: joined through ${other}`;
  return transactionLabel(tx.transaction_type);
}

const NAMED_IN_TITLE = new Set(['referral1', 'referral2']);

/** 100 -> "+100", -250 -> "-250", 1200 -> "+1,200". */
export function signedAmount(amount: number): string {
  return `${amount < 0 ? '-' : '+'}${formatTokens(Math.abs(amount))}`;
}

/** ISO timestamp -> "MM/DD/YY" in the viewer's time zone; '' when unreadable. */
export function transactionDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MM/dd/yy');
}

/** The other member a row is about, when there is one. */
export function transactionCounterparty(tx: TokenTransaction): string | null {
  if (NAMED_IN_TITLE.has(tx.transaction_type)) return null;
  return tx.bidTarget?.username ?? tx.bid?.auction.creator?.username ?? null;
}

/** A paid redemption shows 'paid $x.xx' from reward_amount in cents. */
export function paidNote(tx: TokenTransaction): string | null {
  const redeemable = tx.redeemableTransaction;
  if (redeemable?.status !== 'paid') return null;
  return `paid $${(redeemable!.reward_amount / 100).toFixed(2)}`;
}

/** A redemption still waiting for its payout says so. */
export function pendingNote(tx: TokenTransaction): string | null {
  return tx.transaction_type === 'redemption' && tx.redeemableTransaction?.status === 'pending'
    ? 'payout pending'
    : null;
}

/** A connection reward says how many of its tokens are redeemable for cash. */
export function rewardNote(tx: TokenTransaction): string | null {
  if (tx.transaction_type !== 'win') return null;
  return rewardSplitText(tx.amount, tx.origins.redeemable);
}
