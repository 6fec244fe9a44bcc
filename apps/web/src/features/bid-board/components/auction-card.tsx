// One Bid Board card (marketplace §2 Auction card): a carousel of up to 3 photos, the
// profile slide and the bidding slide; 'username, age' and the Bid / Winning / Outbid button.
import { type AuctionCard as Auction, SAFETY_MESSAGES, type User } from '@bidboard/shared';
import clsx from 'clsx';
import { memo, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { CoinIcon } from '@/components/ui/icons';
import {
  cardHeading,
  lastSlideIndex,
  ProfileCard,
  useCardCarousel,
} from '@/components/ui/profile-card';
import { ProfileDetails } from '@/components/ui/profile-details';
import { MemberSafetyButton } from '@/features/safety';
import { errorMessage, isApiError } from '@/lib/api-client';
import { formatTokens } from '@/lib/format';
import { useSharedText } from '@/lib/i18n';
import { lazyComponent, preloadable } from '@/lib/lazy';
import { type AppSocket, type RealtimeStatus, sendBidOverSocket } from '@/lib/socket';
import type { AuctionProfile } from '../api/get-auction-profiles';
import { placeBidOverHttp } from '../api/place-bid';
import { useAnimatedNumber } from '../hooks/use-animated-number';
import { type BidOutcome, fromCard, useAuctionLive } from '../hooks/use-auction-live';
import { useBoardText } from '../i18n';
import { BID_BUTTON_LABEL, bidStatus } from '../lib/bid-status';

// The bidding slide (its code, digit boxes and words) is no part of the board's first paint,
// which shows photos and names: it downloads when a member first turns or presses a card.
const BiddingSlide = preloadable(() =>
  import('../bidding/bidding-slide').then((m) => m.BiddingSlide),
);

// Prompt slides (issue 44) and their voice player load when a member first turns a card.
const PromptSlide = lazyComponent(() => import('@/features/prompts').then((m) => m.PromptSlide));

const INSUFFICIENT_FLASH_MS = 1500;
const BID_TIMEOUT_MS = 10_000;

interface AuctionCardProps {
  card: Auction;
  profile: AuctionProfile | undefined;
  user: User | null;
  socket: AppSocket | null;
  status: RealtimeStatus;
  onSignUp: () => void;
  /** The first card on the board: its photo is the largest paint, so it loads first. */
  priority?: boolean;
}

/** Memoised: a board re-renders on every realtime status change; unchanged cards skip it. */
export const AuctionCard = memo(function AuctionCard({
  card,
  profile,
  user,
  socket,
  status,
  onSignUp,
  priority = false,
}: AuctionCardProps) {
  const t = useBoardText();
  const { sharedText, sharedRef } = useSharedText();
  const carousel = useCardCarousel();
  const embla = carousel.api;
  const bidButtonRef = useRef<HTMLButtonElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [flash, setFlash] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const submittingRef = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const photos = card.photos;
  const prompts = profile?.prompts ?? [];
  const biddingIndex = lastSlideIndex(photos, prompts.length + 2);
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
      if (outcome.code === 'INSUFFICIENT_TOKENS') {
        setFlash(true);
        timers.current.push(setTimeout(() => setFlash(false), INSUFFICIENT_FLASH_MS));
      } else {
        setError(outcome.message);
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
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const userId = user?.id ?? null;
  const state = bidStatus(userId, live.leadBidderId, live.previousLeadBidderIds);
  const shownBid = useAnimatedNumber(live.currentBid);

  const handleSubmit = (amount: number, maximum: boolean) => {
    if (!user) return onSignUp();
    setError(null);
    submittingRef.current = true;
    setSubmitting(true);
    timers.current.push(setTimeout(finishSubmit, BID_TIMEOUT_MS));
    if (
      sendBidOverSocket({
        auctionId: card.auctionId,
        bidderId: user.id,
        bidAmount: amount,
        maximum,
      })
    )
      return;
    placeBidOverHttp(card.auctionId, amount, maximum)
      .then(({ auction }) => {
        setLive(fromCard(auction));
        handleOutcome({ kind: 'success', at: Date.now() });
      })
      .catch((err: unknown) =>
        handleOutcome({
          kind: 'error',
          code: isApiError(err) ? err.code : undefined,
          message: errorMessage(err, t('card.bidFailed')),
          at: Date.now(),
        }),
      );
  };

  const heading = cardHeading(username, card.age);
  const reserve = live.reserve
    ? t(live.reserve === 'met' ? 'card.reserveMet' : 'card.reserveNotMet')
    : null;
  const isOwn = userId !== null && userId === card.user_id;
  // A member cannot bid on their own auction: their card says whose it is, not 'Bid'.
  const bidLabel = t(isOwn ? 'card.yours' : BID_BUTTON_LABEL[state]);

  if (removedMessage || blocked) {
    return (
      <article className="profile-card profile-card--removed" aria-label={heading} role="status">
        <p>
          {blocked
            ? sharedRef(
                { key: 'SAFETY_MESSAGES.blocked', params: { username } },
                SAFETY_MESSAGES.blocked(username),
              )
            : sharedText(removedMessage ?? '')}
        </p>
      </article>
    );
  }

  return (
    <ProfileCard
      carousel={carousel}
      username={username}
      age={card.age}
      photos={photos}
      priority={priority}
      verified={profile?.verified}
      distance={profile?.distance}
      followThrough={profile?.followThrough}
      data-auction-id={card.auctionId}
      panels={[
        ...prompts.map((prompt) => ({
          key: `prompt-${prompt.id}`,
          interactive: prompt.voice !== null,
          content: carousel.engaged ? (
            <Suspense fallback={null}>
              <PromptSlide prompt={prompt} />
            </Suspense>
          ) : null,
        })),
        {
          key: 'profile',
          content: carousel.engaged ? (
            <ProfileDetails
              sign={profile?.zodiac_sign}
              favorites={[
                profile?.favorite_thing_1_answer,
                profile?.favorite_thing_2_answer,
                profile?.favorite_thing_3_answer,
              ]}
              bio={profile?.bio}
              openToDating={card.open_to_dating}
            />
          ) : null,
        },
        {
          key: 'bidding',
          interactive: true,
          content: carousel.engaged ? (
            <Suspense fallback={null}>
              <BiddingSlide.Component
                auctionId={card.auctionId}
                username={username}
                currentBid={live.currentBid}
                isOwn={isOwn}
                balance={user?.tokenBalance ?? null}
                isVisitor={user === null}
                isApproved={user?.is_approved ?? false}
                isLeading={state === 'winning'}
                yourMaximum={live.yourMaximum}
                insufficientFlash={flash}
                submitting={submitting}
                error={error}
                onSubmit={handleSubmit}
                onSignUp={onSignUp}
              />
            </Suspense>
          ) : null,
        },
      ]}
      badge={
        live.reserve ? (
          <span
            className={clsx(
              'reserve-badge reserve-badge--over-photo',
              live.reserve === 'met' && 'is-met',
            )}
          >
            {reserve}
          </span>
        ) : null
      }
      tools={
        user && user.id !== card.user_id ? (
          <MemberSafetyButton
            member={{ id: card.user_id, username }}
            onBlocked={() => setBlocked(true)}
          />
        ) : null
      }
      action={
        <button
          ref={bidButtonRef}
          type="button"
          className={clsx(
            'card-action bid-button',
            state === 'winning' && 'card-action--success',
            state === 'outbid' && 'card-action--danger',
          )}
          aria-label={`${bidLabel} ${formatTokens(live.currentBid)}${reserve ? `, ${reserve}` : ''}`}
          onPointerDown={() => void BiddingSlide.preload()}
          onClick={() => carousel.scrollTo(biddingIndex)}
        >
          <span>{bidLabel}</span>{' '}
          {state === 'winning' && live.yourMaximum !== null ? (
            <span className="reserve-badge is-met">
              {t('card.maximum', { amount: formatTokens(live.yourMaximum) })}
            </span>
          ) : null}
          <span className="card-action__amount">
            <CoinIcon size={16} />
            {formatTokens(shownBid)}
          </span>
        </button>
      }
    />
  );
});
