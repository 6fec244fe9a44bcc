// One Bid Board card (marketplace §2 Auction card): a carousel of up to 3 photos, the
// profile slide and the bidding slide; 'username, age' and the Bid / Winning / Outbid button.
// A tap moves to the next slide; a horizontal swipe over 50 px moves between slides.
import type { AuctionCard as Auction, User } from '@bidboard/shared';
import clsx from 'clsx';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CoinIcon } from '@/components/ui/icons';
import { formatTokens } from '@/lib/format';
import type { AppSocket, RealtimeStatus } from '@/lib/socket';
import type { AuctionProfile } from '../api/get-auction-profiles';
import { placeBidOverHttp } from '../api/place-bid';
import { useAnimatedNumber } from '../hooks/use-animated-number';
import { type BidOutcome, fromCard, useAuctionLive } from '../hooks/use-auction-live';
import { BID_BUTTON_LABEL, bidStatus, isInsufficientTokensError } from '../lib/bid-status';
import { BiddingSlide } from './bidding-slide';
import { ProfileSlide } from './profile-slide';

const SWIPE_THRESHOLD_PX = 50;
const INSUFFICIENT_FLASH_MS = 1500;
const BID_TIMEOUT_MS = 10_000;

interface AuctionCardProps {
  card: Auction;
  profile: AuctionProfile | undefined;
  user: User | null;
  socket: AppSocket | null;
  status: RealtimeStatus;
  onSignUp: () => void;
}

export function AuctionCard({ card, profile, user, socket, status, onSignUp }: AuctionCardProps) {
  const [emblaRef, embla] = useEmblaCarousel({
    loop: true,
    dragThreshold: SWIPE_THRESHOLD_PX,
    watchDrag: (_api, event) => !(event.target as Element | null)?.closest?.('input, button'),
  });
  const bidButtonRef = useRef<HTMLButtonElement>(null);
  const [selected, setSelected] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [flash, setFlash] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submittingRef = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const photos = [card.profile_picture_1, card.profile_picture_2, card.profile_picture_3].filter(
    (url): url is string => Boolean(url),
  );
  const photoSlides = Math.max(photos.length, 1);
  const biddingIndex = photoSlides + 1;
  const username = card.username ?? 'Member';

  const finishSubmit = useCallback(() => {
    submittingRef.current = false;
    setSubmitting(false);
  }, []);

  const handleOutcome = useCallback(
    (outcome: BidOutcome) => {
      if (outcome.kind === 'error' && !submittingRef.current) return;
      finishSubmit();
      if (outcome.kind === 'success') {
        setError(null);
        if (embla && embla.selectedScrollSnap() === biddingIndex) embla.scrollNext();
        return;
      }
      const message = outcome.message ?? '';
      if (isInsufficientTokensError(message)) {
        setFlash(true);
        timers.current.push(setTimeout(() => setFlash(false), INSUFFICIENT_FLASH_MS));
      } else {
        setError(message);
      }
    },
    [embla, biddingIndex, finishSubmit],
  );

  const { live, setLive, removedMessage } = useAuctionLive({
    card,
    socket,
    status,
    watchRef: bidButtonRef,
    onOutcome: handleOutcome,
  });

  useEffect(() => {
    if (!embla) return;
    const handleSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', handleSelect);
    return () => {
      embla.off('select', handleSelect);
    };
  }, [embla]);

  // A tap on a photo or the profile moves on; the bidding slide keeps its taps.
  useEffect(() => {
    if (!embla) return;
    const container = embla.containerNode();
    const handleTap = (event: MouseEvent) => {
      if ((event.target as Element).closest('.auction-card__slide--bidding')) return;
      embla.scrollNext();
    };
    container.addEventListener('click', handleTap);
    return () => container.removeEventListener('click', handleTap);
  }, [embla]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const userId = user?.id ?? null;
  const state = bidStatus(userId, live.leadBidderId, live.previousLeadBidderIds);
  const shownBid = useAnimatedNumber(live.currentBid);

  const handleSubmit = (amount: number) => {
    if (!user) return onSignUp();
    setError(null);
    submittingRef.current = true;
    setSubmitting(true);
    timers.current.push(setTimeout(finishSubmit, BID_TIMEOUT_MS));
    if (socket?.connected) {
      socket.emit('placeBid', { auctionId: card.auctionId, bidderId: user.id, bidAmount: amount });
      return;
    }
    placeBidOverHttp(card.auctionId, amount)
      .then(({ auction }) => {
        setLive(fromCard(auction));
        handleOutcome({ kind: 'success', at: Date.now() });
      })
      .catch((err: unknown) =>
        handleOutcome({
          kind: 'error',
          message: err instanceof Error ? err.message : 'Bid failed',
          at: Date.now(),
        }),
      );
  };

  const heading = card.age === null ? username : `${username}, ${card.age}`;

  if (removedMessage) {
    return (
      <article className="auction-card auction-card--removed" aria-label={heading} role="status">
        <p>{removedMessage}</p>
      </article>
    );
  }

  return (
    <article className="auction-card" aria-label={heading} data-auction-id={card.auctionId}>
      <div className="auction-card__viewport" ref={emblaRef}>
        <div className="auction-card__track">
          {photos.length > 0 ? (
            photos.map((url, index) => (
              <div className="auction-card__slide" key={url}>
                <img
                  className="auction-card__photo"
                  src={url}
                  alt={`${username} (${index + 1} of ${photos.length})`}
                  draggable={false}
                  loading="lazy"
                />
              </div>
            ))
          ) : (
            <div className="auction-card__slide auction-card__slide--initial">
              <span aria-hidden="true">{username.slice(0, 1).toUpperCase()}</span>
            </div>
          )}
          <div className="auction-card__slide auction-card__slide--panel">
            <ProfileSlide profile={profile} openToDating={card.open_to_dating} />
          </div>
          <div className="auction-card__slide auction-card__slide--panel auction-card__slide--bidding">
            <BiddingSlide
              auctionId={card.auctionId}
              username={username}
              currentBid={live.currentBid}
              isOwn={userId !== null && userId === card.user_id}
              isVisitor={user === null}
              isApproved={user?.is_approved ?? false}
              isLeading={state === 'winning'}
              insufficientFlash={flash}
              submitting={submitting}
              error={error}
              onSubmit={handleSubmit}
              onSignUp={onSignUp}
            />
          </div>
        </div>
      </div>
      <div className="auction-card__dots">
        {Array.from({ length: biddingIndex + 1 }, (_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed slide positions
            key={index}
            type="button"
            className={clsx('auction-card__dot', index === selected && 'is-active')}
            aria-label={`Slide ${index + 1} of ${biddingIndex + 1}`}
            aria-current={index === selected || undefined}
            onClick={() => embla?.scrollTo(index)}
          />
        ))}
      </div>
      <footer className="auction-card__footer">
        <h2 className="auction-card__name">{heading}</h2>
        <button
          ref={bidButtonRef}
          type="button"
          className={clsx('bid-button', `bid-button--${state}`)}
          aria-label={`${BID_BUTTON_LABEL[state]} ${formatTokens(live.currentBid)}`}
          onClick={() => embla?.scrollTo(biddingIndex)}
        >
          <span className="bid-button__label">{BID_BUTTON_LABEL[state]}</span>
          <span className="bid-button__amount">
            <CoinIcon size={16} />
            {formatTokens(shownBid)}
          </span>
        </button>
      </footer>
    </article>
  );
}
