// The card's bidding slide (marketplace §2, §5 Bid): five digit boxes, -10 / +10, the
// current bid, the member's available balance (so 'Insufficient Tokens' is no surprise)
// and the submit button whose label follows the member's state. On the member's own card
// it only says so.

import { MAXIMUM_BID_TEXT } from '@bidboard/shared';
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DigitBoxes } from '@/components/ui/digit-boxes';
import { CoinIcon, MinusIcon, PlusIcon } from '@/components/ui/icons';
import { formatTokens } from '@/lib/format';
import { useSharedText } from '@/lib/i18n';
import {
  amountToDigits,
  amountToSubmit,
  decreaseBid,
  digitsToAmount,
  increaseBid,
  isMinusDisabled,
  isPlusDisabled,
  minimumBid,
} from '../lib/bid-amount';
import { useBiddingText } from './i18n';
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
  const [digits, setDigits] = useState(() => amountToDigits(minimumBid(currentBid)));
  const [maximumMode, setMaximumMode] = useState(false);
  const amount = digitsToAmount(digits);
  // A leader's maximum is already escrowed: a raise of it (or a bid under it) costs the rest.
  const held = props.isLeading ? (props.yourMaximum ?? currentBid) : 0;

  // A rival's bid can overtake the entry: keep it at or above the new minimum.
  useEffect(() => {
    setDigits((d) =>
      digitsToAmount(d) <= currentBid ? amountToDigits(minimumBid(currentBid)) : d,
    );
  }, [currentBid]);

  const label =
    maximumMode && !props.isVisitor && props.isApproved && !props.insufficientFlash
      ? sharedText(MAXIMUM_BID_TEXT.submit)
      : t(submitLabel(props));
  const disabled = isSubmitDisabled({ ...props, amount });
  // A leader raising their own bid pays only the difference.
  const cost = Math.max(0, amount - held);
  const short = props.balance !== null && cost > props.balance;

  const handleSubmit = () => {
    if (props.isVisitor) return props.onSignUp();
    const raised = amountToSubmit(amount, currentBid);
    setDigits(amountToDigits(raised));
    props.onSubmit(raised, maximumMode);
  };

  if (isOwn) {
    return (
      <div className="bidding-slide bidding-slide--own">
        <p className="bidding-slide__note">{t('slide.own')}</p>
      </div>
    );
  }

  return (
    <div className="bidding-slide">
      <p className="card-panel__title">{t('slide.connectWith', { username })}</p>
      <p className="bidding-slide__current">
        {t('slide.currentBid')} <strong>{formatTokens(currentBid)}</strong>
      </p>
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
      {props.balance !== null ? (
        <p className={clsx('bidding-slide__balance', short && 'is-short')} aria-live="polite">
          <CoinIcon size={14} />
          {t(short ? 'slide.short' : 'slide.available', { count: props.balance })}
        </p>
      ) : null}
      <div className="bid-entry">
        <button
          type="button"
          className="bid-entry__step"
          aria-label={t('slide.decrease')}
          disabled={isMinusDisabled(amount, currentBid)}
          onClick={() => setDigits(amountToDigits(decreaseBid(amount)))}
        >
          <MinusIcon />
        </button>
        <DigitBoxes
          digits={digits}
          onChange={(next) => setDigits(next.map((d) => d || '0'))}
          labelPrefix={t('slide.digit', { auction: auctionId })}
        />
        <button
          type="button"
          className="bid-entry__step"
          aria-label={t('slide.increase')}
          disabled={isPlusDisabled(amount)}
          onClick={() => setDigits(amountToDigits(increaseBid(amount)))}
        >
          <PlusIcon />
        </button>
      </div>
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
      {error ? (
        <p className="bidding-slide__error" role="alert">
          {/* A socket's refusal arrives in the API's English: said in the member's language. */}
          {sharedText(error)}
        </p>
      ) : null}
    </div>
  );
}
