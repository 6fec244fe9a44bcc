// The card's bidding slide (marketplace §2, §5 Bid): five digit boxes, -10 / +10, the
// current bid, the member's available balance (so 'Insufficient Tokens' is no surprise)
// and the submit button whose label follows the member's state. On the member's own card
// it only says so.
import clsx from 'clsx';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DigitBoxes } from '@/components/ui/digit-boxes';
import { CoinIcon, MinusIcon, PlusIcon } from '@/components/ui/icons';
import { formatTokens } from '@/lib/format';
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
import { isSubmitDisabled, type SubmitState, submitLabel } from '../lib/bid-status';

interface BiddingSlideProps extends SubmitState {
  auctionId: number;
  username: string;
  currentBid: number;
  isOwn: boolean;
  /** Tokens available for bids; null for visitors. */
  balance: number | null;
  submitting: boolean;
  error: string | null;
  onSubmit: (amount: number) => void;
  onSignUp: () => void;
}

export function BiddingSlide(props: BiddingSlideProps) {
  const { auctionId, username, currentBid, isOwn, submitting, error } = props;
  const [digits, setDigits] = useState(() => amountToDigits(minimumBid(currentBid)));
  const amount = digitsToAmount(digits);

  // A rival's bid can overtake the entry: keep it at or above the new minimum.
  useEffect(() => {
    setDigits((d) =>
      digitsToAmount(d) <= currentBid ? amountToDigits(minimumBid(currentBid)) : d,
    );
  }, [currentBid]);

  const label = submitLabel(props);
  const disabled = isSubmitDisabled({ ...props, amount });
  // A leader raising their own bid pays only the difference.
  const cost = props.isLeading ? amount - currentBid : amount;
  const short = props.balance !== null && cost > props.balance;

  const handleSubmit = () => {
    if (props.isVisitor) return props.onSignUp();
    const raised = amountToSubmit(amount, currentBid);
    setDigits(amountToDigits(raised));
    props.onSubmit(raised);
  };

  if (isOwn) {
    return (
      <div className="bidding-slide bidding-slide--own">
        <p className="bidding-slide__note">This is your auction.</p>
      </div>
    );
  }

  return (
    <div className="bidding-slide">
      <p className="bidding-slide__title">Connect with {username}</p>
      <p className="bidding-slide__current">
        Current bid <strong>{formatTokens(currentBid)}</strong>
      </p>
      {props.balance !== null ? (
        <p className={clsx('bidding-slide__balance', short && 'is-short')} aria-live="polite">
          <CoinIcon size={14} />
          {short
            ? `You have ${formatTokens(props.balance)} tokens for bids`
            : `${formatTokens(props.balance)} tokens available`}
        </p>
      ) : null}
      <div className="bid-entry">
        <button
          type="button"
          className="bid-entry__step"
          aria-label="Decrease bid by 10"
          disabled={isMinusDisabled(amount, currentBid)}
          onClick={() => setDigits(amountToDigits(decreaseBid(amount)))}
        >
          <MinusIcon />
        </button>
        <DigitBoxes
          digits={digits}
          onChange={(next) => setDigits(next.map((d) => d || '0'))}
          labelPrefix={`Bid digit (auction ${auctionId})`}
        />
        <button
          type="button"
          className="bid-entry__step"
          aria-label="Increase bid by 10"
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
          {error}
        </p>
      ) : null}
    </div>
  );
}
