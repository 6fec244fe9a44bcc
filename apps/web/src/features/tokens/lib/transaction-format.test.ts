import type { TokenTransaction } from '@bidboard/shared';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import {
  paidNote,
  signedAmount,
  transactionCounterparty,
  transactionDate,
  transactionLabel,
  transactionTitle,
} from './transaction-format';

describe('transaction formatting', () => {
  it('labels bonuses and the daily claim in words, and title-cases unknown types', () => {
    expect(transactionLabel('referral1')).toBe('Referral bonus');
    expect(transactionLabel('referral2')).toBe('Referral bonus');
    expect(transactionLabel('signup')).toBe('Signup bonus');
    expect(transactionLabel('free_claim')).toBe('Daily claim');
    expect(transactionLabel('some_new_type')).toBe('Some New Type');
    expect(transactionLabel('bid')).toBe('Bid');
    expect(transactionLabel('outbid')).toBe('Outbid');
    expect(transactionLabel('rebid')).toBe('Rebid');
    expect(transactionLabel('redemption_failed')).toBe('Failed redemption');
    expect(transactionLabel('redemption')).toBe('Redemption');
    expect(transactionLabel('refund')).toBe('Refund');
    expect(transactionLabel('refund_deleted_user')).toBe('Refund (account deleted)');
    expect(transactionLabel('purchase')).toBe('Purchase');
    expect(transactionLabel('purchase_reversal')).toBe('Purchase reversed');
  });

  it('says who joined through whom on a referral bonus (product-rules Copy)', () => {
    const row = (transaction_type: string, username: string | null) =>
      ({
        transaction_type,
        bidTarget: username === null ? null : { username },
        bid: null,
      }) as unknown as TokenTransaction;
    expect(transactionTitle(row('referral1', 'maya'))).toBe('Referral bonus: maya joined');
    expect(transactionTitle(row('referral2', 'theo'))).toBe('Referral bonus: joined through theo');
    expect(transactionCounterparty(row('referral1', 'maya'))).toBeNull();
    // Rows written before the ledger named the other member.
    expect(transactionTitle(row('referral1', null))).toBe('Referral bonus');
    expect(transactionTitle(row('bid', 'maya'))).toBe('Bid');
  });

  it('signs amounts as +n / -n', () => {
    expect(signedAmount(100)).toBe('+100');
    expect(signedAmount(-1250)).toBe('-1,250');
    expect(signedAmount(0)).toBe('+0');
  });

  it('formats dates as MM/DD/YY', () => {
    expect(transactionDate('2026-03-07T12:00:00')).toBe('03/07/26');
    expect(transactionDate('nope')).toBe('');
  });

  it('in French: the labels, a referral, the payout and the date as Quebec writes them', async () => {
    await setLanguage('fr-CA');
    expect(transactionLabel('bid')).toBe('Mise');
    expect(transactionLabel('free_claim')).toBe('Réclamation quotidienne');
    const referral = {
      transaction_type: 'referral2',
      bidTarget: { username: 'theo' },
      bid: null,
    } as unknown as TokenTransaction;
    expect(transactionTitle(referral)).toBe('Prime de parrainage\u00a0: inscription grâce à theo');
    const paid = {
      redeemableTransaction: { status: 'paid', reason: null, reward_amount: 1250 },
    } as TokenTransaction;
    expect(paidNote(paid)?.replace(/\s/g, ' ')).toBe('payé 12,50 $');
    expect(transactionDate('2026-03-07T12:00:00')).toBe('2026-03-07');
  });

  it('shows paid $x.xx for a paid redemption', () => {
    const tx = {
      redeemableTransaction: { status: 'paid', reason: null, reward_amount: 1250 },
    } as TokenTransaction;
    expect(paidNote(tx)).toBe('paid $12.50');
    expect(paidNote({ redeemableTransaction: null } as TokenTransaction)).toBeNull();
  });
});
