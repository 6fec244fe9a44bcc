// The card's bidding slide (marketplace §2, §5 Bid): five digit boxes that act as one number
// field, -10 / +10 and quick raises, the current bid, the member's available balance (so
// 'Insufficient Tokens' is no surprise), the amount in words and the submit button whose
// label follows the member's state; a bid of more than half the balance is asked about
// first. On the member's own card it only says so.

import { BID_STEP, MAXIMUM_BID_TEXT } from '@bidboard/shared';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { AmountBoxes } from '@/components/ui/amount-boxes';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CoinIcon } from '@/components/ui/icons';
import { formatTokens } from '@/lib/format';
import { useSharedText } from '@/lib/i18n';
import {
  amountToSubmit,
  BID_DIGITS,
  decreaseBid,
  increaseBid,
  isMinusDisabled,
  isPlusDisabled,
  minimumBid,
  needsConfirmation,
  QUICK_RAISES,
} from '../lib/bid-amount';
import { type BiddingTextKey, useBiddingText } from './i18n';
import { isSubmitDisabled, type SubmitState, submitLabel } from './submit-state';

interface BiddingSlideProps extends SubmitState {
  auctionId: number;
  username: string;
  currentBid: number;
  isOwn: boolean;
  /** Tokens available for bids; null for visitors. */
  balance: number | null;
  /** The member's own hidden maximum while they lead; null otherwise. */
  yourMaximum: number | null;
  submitting: boolean;
  error: string | null;
  onSubmit: (amount: number, maximum: boolean) => void;
  onSignUp: () => void;
}

export function BiddingSlide(props: BiddingSlideProps) {
  const { auctionId, username, currentBid, isOwn, submitting, error } = props;
  const t = useBiddingText();
  const { sharedText, sharedRef } = useSharedText();
  const [amount, setAmount] = useState(() => minimumBid(currentBid));
  const [maximumMode, setMaximumMode] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  // A leader's maximum is already escrowed: a raise of it (or a bid under it) costs the rest.
  const held = props.isLeading ? (props.yourMaximum ?? currentBid) : 0;

  // A rival's bid can overtake the entry: keep it at or above the new minimum.
  useEffect(() => {
    setAmount((entered) => (entered <= currentBid ? minimumBid(currentBid) : entered));
  }, [currentBid]);

  const label =
    maximumMode && !props.isVisitor && props.isApproved && !props.insufficientFlash
      ? sharedText(MAXIMUM_BID_TEXT.submit)
      : t(submitLabel(props));
  const disabled = isSubmitDisabled({ ...props, amount });
  // A leader raising their own bid pays only the difference.
  const costOf = (bid: number) => Math.max(0, bid - held);
  const short = props.balance !== null && costOf(amount) > props.balance;
  const placed = amountToSubmit(amount, currentBid);

  const place = (bid: number) => {
    setConfirming(null);
    props.onSubmit(bid, maximumMode);
  };

  const handleSubmit = () => {
    if (props.isVisitor) return props.onSignUp();
    setAmount(placed);
    if (needsConfirmation(costOf(placed), props.balance)) return setConfirming(placed);
    place(placed);
  };

  const summaryKey = (): BiddingTextKey => {
    if (maximumMode) return 'slide.summaryMaximum';
    return placed > amount ? 'slide.summaryLowest' : 'slide.summary';
  };
  const summary =
    amount <= currentBid
      ? t('slide.bidMore', { count: currentBid })
      : t(summaryKey(), { count: placed });

  if (isOwn) {
    return (
      <div className="bidding-slide bidding-slide--own">
        <p className="bidding-slide__note">{t('slide.own')}</p>
        <p className="bidding-slide__current">
          {t('slide.currentBid')} <strong>{formatTokens(currentBid)}</strong>
        </p>
      </div>
    );
  }

  return (
    <div className="bidding-slide">
      <p className="card-panel__title">{t('slide.connectWith', { username })}</p>
      {/* The current bid and the balance share a line: the slide fits a 390 px phone's card. */}
      <div className="bidding-slide__facts">
        <p className="bidding-slide__current">
          {t('slide.currentBid')} <strong>{formatTokens(currentBid)}</strong>
        </p>
        {props.balance !== null ? (
          <p className={clsx('bidding-slide__balance', short && 'is-short')} aria-live="polite">
            <CoinIcon size={14} />
            {t(short ? 'slide.short' : 'slide.available', { count: props.balance })}
          </p>
        ) : null}
      </div>
      {props.isLeading && props.yourMaximum !== null ? (
        <p className="bidding-slide__maximum">
          {sharedRef(
            { key: 'MAXIMUM_BID_TEXT.yours', params: { maximum: props.yourMaximum } },
            MAXIMUM_BID_TEXT.yours(props.yourMaximum),
          )}
        </p>
      ) : null}
      {props.isVisitor ? null : (
        <fieldset className="bid-mode" aria-label={t('slide.kind')}>
          {[false, true].map((mode) => (
            <button
              key={String(mode)}
              type="button"
              aria-pressed={maximumMode === mode}
              className={clsx('bid-mode__option', maximumMode === mode && 'is-selected')}
              onClick={() => setMaximumMode(mode)}
            >
              {sharedText(mode ? MAXIMUM_BID_TEXT.maximum : MAXIMUM_BID_TEXT.plain)}
            </button>
          ))}
        </fieldset>
      )}
      {/* A leader who holds a maximum sees it above instead: the slide stays one screen. */}
      {maximumMode && !(props.isLeading && props.yourMaximum !== null) ? (
        <p className="bidding-slide__hint">{sharedText(MAXIMUM_BID_TEXT.hint)}</p>
      ) : null}
      <div className="bid-entry">
        <button
          type="button"
          className="bid-entry__step"
          aria-label={t('slide.decrease')}
          disabled={isMinusDisabled(amount, currentBid)}
          onClick={() => setAmount(decreaseBid(amount))}
        >
          −{BID_STEP}
        </button>
        <AmountBoxes
          value={amount}
          onChange={setAmount}
          length={BID_DIGITS}
          label={t('slide.amount')}
          labelPrefix={t('slide.digit', { auction: auctionId })}
        />
        <button
          type="button"
          className="bid-entry__step"
          aria-label={t('slide.increase')}
          disabled={isPlusDisabled(amount)}
          onClick={() => setAmount(increaseBid(amount))}
        >
          +{BID_STEP}
        </button>
      </div>
      {/* A maximum bids 10 above anyone by itself: quick raises are for plain bids. */}
      {props.isVisitor || maximumMode ? null : (
        <div className="bid-raises">
          {QUICK_RAISES.map((by) => (
            <button
              key={by}
              type="button"
              className="bid-raises__option"
              aria-label={t('slide.raise', { count: by })}
              disabled={isPlusDisabled(amount, by)}
              onClick={() => setAmount(increaseBid(amount, by))}
            >
              +{by}
            </button>
          ))}
          {props.isLeading ? null : (
            <button
              type="button"
              className="bid-raises__option"
              onClick={() => setAmount(minimumBid(currentBid))}
            >
              {t('slide.leadBy', { count: minimumBid(currentBid) - currentBid })}
            </button>
          )}
        </div>
      )}
      {props.isVisitor ? null : (
        <p className="bidding-slide__summary" aria-live="polite">
          {summary}
        </p>
      )}
      <Button
        block
        size="md"
        className={props.insufficientFlash ? 'bid-submit--flash' : undefined}
        disabled={disabled}
        busy={submitting}
        onClick={handleSubmit}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        question={t(maximumMode ? 'confirm.maximum' : 'confirm.bid', {
          count: confirming ?? placed,
        })}
        detail={t('confirm.detail', {
          cost: formatTokens(costOf(confirming ?? placed)),
          count: props.balance ?? 0,
        })}
        onConfirm={() => confirming !== null && place(confirming)}
        onCancel={() => setConfirming(null)}
      />
      {error ? (
        <p className="bidding-slide__error" role="alert">
          {/* A socket's refusal arrives in the API's English: said in the member's language. */}
          {sharedText(error)}
        </p>
      ) : null}
    </div>
  );
}
