// Transaction history rows (marketplace §9): labels, signed amounts and MM/DD/YY dates, in
// the language on screen (the history's component draws again when it changes).
import type { TokenTransaction } from '@bidboard/shared';
import { format } from 'date-fns';
import { rewardSplitText } from '@/lib/economy/reward-split';
import { formatTokens } from '@/lib/format';
import { formatDate, formatMoney } from '@/lib/i18n/format';
import { currentLanguage } from '@/lib/i18n/i18n';
import { tokensText as t } from '../i18n';

// The six the spec names exactly (Bid, Outbid, Rebid, Failed redemption, Redemption, Refund)
// and plain labels for the rest (product rules 'Copy').
const LABELS: Record<string, Parameters<typeof t>[0]> = {
  signup: 'tx.signup',
  free_claim: 'tx.freeClaim',
  referral1: 'tx.referral',
  referral2: 'tx.referral',
  bid: 'tx.bid',
  outbid: 'tx.outbid',
  rebid: 'tx.rebid',
  win: 'tx.win',
  adjustment: 'tx.adjustment',
  redemption_failed: 'tx.redemptionFailed',
  redemption_paid: 'tx.redemptionPaid',
  redemption: 'tx.redemption',
  refund: 'tx.refund',
  refund_deleted_user: 'tx.refundDeletedUser',
  purchase: 'tx.purchase',
  purchase_reversal: 'tx.purchaseReversal',
};

/** Every ledger type reads as words; a type added later is title-cased until it gets one. */
export function transactionLabel(type: string): string {
  const known = LABELS[type];
  if (known) return t(known);
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
  if (other && tx.transaction_type === 'referral1') {
    return t('tx.referralJoined', { username: other });
  }
  if (other && tx.transaction_type === 'referral2') {
    return t('tx.referralThrough', { username: other });
  }
  return transactionLabel(tx.transaction_type);
}

const NAMED_IN_TITLE = new Set(['referral1', 'referral2']);

/** 100 -> "+100", -250 -> "-250", 1200 -> "+1,200". */
export function signedAmount(amount: number): string {
  return `${amount < 0 ? '-' : '+'}${formatTokens(Math.abs(amount))}`;
}

/** ISO timestamp -> "MM/DD/YY" in the viewer's time zone (French: "2026-03-07"); '' when unreadable. */
export function transactionDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return currentLanguage() === 'en'
    ? format(date, 'MM/dd/yy')
    : formatDate(date, { dateStyle: 'short' });
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
  return t('tx.paid', { amount: formatMoney(redeemable!.reward_amount) });
}

/** A redemption still waiting for its payout says so. */
export function pendingNote(tx: TokenTransaction): string | null {
  return tx.transaction_type === 'redemption' && tx.redeemableTransaction?.status === 'pending'
    ? t('tx.payoutPending')
    : null;
}

/** A connection reward says how many of its tokens are redeemable for cash. */
export function rewardNote(tx: TokenTransaction): string | null {
  if (tx.transaction_type !== 'win') return null;
  return rewardSplitText(tx.amount, tx.origins.redeemable);
}
