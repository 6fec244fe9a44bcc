// A member's card (Bid Board auctions, Connections): a carousel of up to 3 photos, then
// panel slides (profile, bidding or connection actions), position dots and a footer with
// 'username, age' and the card's action button (marketplace §2). A tap moves to the next
// slide, except on interactive panels; a horizontal swipe over 50 px moves between slides.
import type { CardPhoto, FollowThrough, MemberDistance } from '@bidboard/shared';
import clsx from 'clsx';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import type { HTMLAttributes, ReactNode } from 'react';
import { lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useUiText } from './i18n';
import { OptionalPart } from './optional-part';
import './profile-card.css';

// Fetched with the first card that has a distance or a badge, after the board's first
// paint: imported with the card, they pushed / past its 150 KB first-paint budget.
const MemberDistanceLine = lazy(() =>
  import('./member-distance/member-distance').then((m) => ({ default: m.MemberDistanceLine })),
);
const VerifiedBadge = lazy(() =>
  import('./member-distance/member-distance').then((m) => ({ default: m.VerifiedBadge })),
);
// Issue 45: likewise with the first card whose member has a date that counts.
const FollowThroughLine = lazy(() =>
  import('./follow-through/follow-through').then((m) => ({ default: m.FollowThroughLine })),
);

export const SWIPE_THRESHOLD_PX = 50;

// How wide a card's photo is drawn, for the browser to pick the right size from srcset.
// Cards fill a grid of columns at least 290 px wide inside a 1120 px screen with 20 px
// margins and ~18 px gaps: one column on a phone, two from 638 px, three from 945 px.
export const CARD_PHOTO_SIZES = [
  '(min-width: 1120px) 348px',
  '(min-width: 945px) calc((100vw - 75px) / 3)',
  '(min-width: 638px) calc((100vw - 58px) / 2)',
  'calc(100vw - 40px)',
].join(', ');

/** A photo URL, or a photo in every stored size (Bid Board cards). */
export type CardImage = string | CardPhoto;

function imageProps(image: CardImage) {
  if (typeof image === 'string') return { src: image };
  const largest = image.sources.at(-1)?.width;
  return {
    src: image.src,
    srcSet: image.sources.map((source) => `${source.url} ${source.width}w`).join(', '),
    sizes: CARD_PHOTO_SIZES,
    width: largest,
    height: largest,
  };
}

const keyOf = (image: CardImage) => (typeof image === 'string' ? image : image.src);

const CAROUSEL_OPTIONS: EmblaOptionsType = {
  loop: true,
  dragThreshold: SWIPE_THRESHOLD_PX,
  watchDrag: (_api, event) => !(event.target as Element | null)?.closest?.('input, button'),
};

// The carousel's engine (7 KB gzipped) is fetched once a card is on screen, after the
// board's first paint: the card draws its first photo without it, and swiping, tapping
// and the dots start working when it arrives.
let carouselEngine: Promise<typeof import('embla-carousel')> | null = null;
const loadCarouselEngine = () => {
  carouselEngine ??= import('embla-carousel').catch((error: unknown) => {
    carouselEngine = null;
    throw error;
  });
  return carouselEngine;
};

export interface CardCarousel {
  viewportRef: (node: HTMLDivElement | null) => void;
  /** Undefined until the carousel's engine has loaded. */
  api: EmblaCarouselType | undefined;
  /** Moves to a slide, or to it as soon as the engine has loaded. */
  scrollTo: (index: number) => void;
  selected: number;
  /**
   * True once the member has moved the carousel. Panels can wait for it: a list of cards
   * first paints photos and names only.
   */
  engaged: boolean;
}

export function useCardCarousel(): CardCarousel {
  const [viewport, viewportRef] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType | undefined>();
  const [selected, setSelected] = useState(0);
  const [engaged, setEngaged] = useState(false);
  // A slide asked for (the card's button, a dot) before the engine arrived.
  const requested = useRef<number | null>(null);

  useEffect(() => {
    if (!viewport) return;
    let instance: EmblaCarouselType | undefined;
    let gone = false;
    loadCarouselEngine().then(
      ({ default: EmblaCarousel }) => {
        if (gone) return;
        const startIndex = requested.current;
        requested.current = null;
        instance = EmblaCarousel(viewport, { ...CAROUSEL_OPTIONS, startIndex: startIndex ?? 0 });
        if (startIndex !== null) {
          setSelected(instance.selectedScrollSnap());
          setEngaged(true);
        }
        setApi(instance);
      },
      () => undefined, // Offline: the card stays on its first slide; a later card retries.
    );
    return () => {
      gone = true;
      instance?.destroy();
      setApi(undefined);
    };
  }, [viewport]);

  useEffect(() => {
    if (!api) return;
    const handleSelect = () => {
      setEngaged(true);
      setSelected(api.selectedScrollSnap());
    };
    const handlePointerDown = () => setEngaged(true);
    api.on('select', handleSelect);
    api.on('pointerDown', handlePointerDown);
    return () => {
      api.off('select', handleSelect);
      api.off('pointerDown', handlePointerDown);
    };
  }, [api]);

  useEffect(() => {
    if (!api) return;
    const container = api.containerNode();
    const handleTap = (event: MouseEvent) => {
      if ((event.target as Element).closest('.profile-card__slide--interactive')) return;
      api.scrollNext();
    };
    container.addEventListener('click', handleTap);
    return () => container.removeEventListener('click', handleTap);
  }, [api]);

  const scrollTo = useCallback(
    (index: number) => {
      if (api) api.scrollTo(index);
      else requested.current = index;
    },
    [api],
  );

  return { viewportRef, api, scrollTo, selected, engaged };
}

export interface CardPanel {
  key: string;
  content: ReactNode;
  /** Holds buttons or inputs: taps there do not move the carousel. */
  interactive?: boolean;
}

interface ProfileCardProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  carousel: CardCarousel;
  username: string;
  /** Shown after the name ('username, age'); null when unknown or the member is deleted. */
  age: number | null;
  photos: readonly (CardImage | null)[];
  panels: readonly CardPanel[];
  action: ReactNode;
  /** A small control over the photo's other corner (block and report), off the name's row. */
  tools?: ReactNode;
  /** A status chip over the photo's corner (the hidden reserve's), kept out of the buttons' row. */
  badge?: ReactNode;
  /** The first card of a list: its photo is the largest paint, so it loads first. */
  priority?: boolean;
  /** The verified badge after the name. */
  verified?: boolean;
  /** How far the member is, under the name (already worded). */
  distance?: MemberDistance | null;
  /** 'Showed up to 9 of 10 dates' under the name (Bid Board cards); null before a date counts. */
  followThrough?: FollowThrough;
}

export function ProfileCard({
  carousel,
  username,
  age,
  photos,
  panels,
  action,
  tools,
  badge,
  priority = false,
  verified,
  distance,
  followThrough,
  className,
  ...rest
}: ProfileCardProps) {
  const t = useUiText();
  const shown = photos.filter((image): image is CardImage => Boolean(image));
  const slideCount = Math.max(shown.length, 1) + panels.length;
  const heading = cardHeading(username, age);
  return (
    <article className={clsx('profile-card', className)} aria-label={heading} {...rest}>
      {badge ? <div className="profile-card__badge">{badge}</div> : null}
      {tools ? <div className="profile-card__tools">{tools}</div> : null}
      <div className="profile-card__viewport" ref={carousel.viewportRef}>
        <div className="profile-card__track">
          {shown.length > 0 ? (
            shown.map((image, index) => (
              <div className="profile-card__slide" key={keyOf(image)}>
                <img
                  className="profile-card__photo"
                  {...imageProps(image)}
                  alt={t('card.photo', { username, index: index + 1, count: shown.length })}
                  draggable={false}
                  loading={priority && index === 0 ? 'eager' : 'lazy'}
                  // Photos behind the first wait for a swipe: they never compete with
                  // what is on screen.
                  fetchPriority={index > 0 ? 'low' : priority ? 'high' : 'auto'}
                />
              </div>
            ))
          ) : (
            <div className="profile-card__slide profile-card__slide--initial">
              <span aria-hidden="true">{username.slice(0, 1).toUpperCase()}</span>
            </div>
          )}
          {panels.map((panel) => (
            <div
              key={panel.key}
              className={clsx(
                'profile-card__slide profile-card__slide--panel',
                panel.interactive && 'profile-card__slide--interactive',
              )}
            >
              {panel.content}
            </div>
          ))}
        </div>
      </div>
      <div className="profile-card__dots">
        {Array.from({ length: slideCount }, (_, index) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed slide positions
            key={index}
            type="button"
            className={clsx('profile-card__dot', index === carousel.selected && 'is-active')}
            aria-label={t('card.slide', { index: index + 1, count: slideCount })}
            aria-current={index === carousel.selected || undefined}
            onClick={() => carousel.scrollTo(index)}
          />
        ))}
      </div>
      <footer className="profile-card__footer">
        {/* The age never goes: a long name wraps (or the button moves under it) instead. */}
        <div className="profile-card__who">
          <h2 className="profile-card__name">
            {username}
            {age === null ? null : <span className="profile-card__age">, {age}</span>}
            {verified ? (
              <OptionalPart>
                <VerifiedBadge verified />
              </OptionalPart>
            ) : null}
          </h2>
          {distance ? (
            <OptionalPart>
              <MemberDistanceLine distance={distance} />
            </OptionalPart>
          ) : null}
          {followThrough ? (
            <OptionalPart>
              <FollowThroughLine followThrough={followThrough} />
            </OptionalPart>
          ) : null}
        </div>
        <div className="profile-card__actions">{action}</div>
      </footer>
    </article>
  );
}

/** 'username, age' (marketplace §2 Auction card), or the name alone when the age is unknown. */
export function cardHeading(username: string, age: number | null): string {
  return age === null ? username : `${username}, ${age}`;
}

/** The index of the last slide (the panel after the photos and the profile). */
export function lastSlideIndex(photos: readonly (CardImage | null)[], panels: number): number {
  return Math.max(photos.filter(Boolean).length, 1) + panels - 1;
}
