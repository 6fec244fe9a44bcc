// A member's card (Bid Board auctions, Connections): a carousel of up to 3 photos, then
// panel slides (profile, bidding or connection actions), position dots and a footer with
// 'username, age' and the card's action button (marketplace §2). A tap moves to the next
// slide, except on interactive panels; a horizontal swipe over 50 px moves between slides.
import clsx from 'clsx';
import useEmblaCarousel from 'embla-carousel-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import './profile-card.css';

export const SWIPE_THRESHOLD_PX = 50;

type Embla = ReturnType<typeof useEmblaCarousel>[1];

export interface CardCarousel {
  viewportRef: ReturnType<typeof useEmblaCarousel>[0];
  api: Embla;
  selected: number;
}

export function useCardCarousel(): CardCarousel {
  const [viewportRef, api] = useEmblaCarousel({
    loop: true,
    dragThreshold: SWIPE_THRESHOLD_PX,
    watchDrag: (_api, event) => !(event.target as Element | null)?.closest?.('input, button'),
  });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!api) return;
    const handleSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', handleSelect);
    return () => {
      api.off('select', handleSelect);
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

  return { viewportRef, api, selected };
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
  heading: string;
  photos: readonly (string | null)[];
  panels: readonly CardPanel[];
  action: ReactNode;
}

export function ProfileCard({
  carousel,
  username,
  heading,
  photos,
  panels,
  action,
  className,
  ...rest
}: ProfileCardProps) {
  const shown = photos.filter((url): url is string => Boolean(url));
  const slideCount = Math.max(shown.length, 1) + panels.length;
  return (
    <article className={clsx('profile-card', className)} aria-label={heading} {...rest}>
      <div className="profile-card__viewport" ref={carousel.viewportRef}>
        <div className="profile-card__track">
          {shown.length > 0 ? (
            shown.map((url, index) => (
              <div className="profile-card__slide" key={url}>
                <img
                  className="profile-card__photo"
                  src={url}
                  alt={`${username} (${index + 1} of ${shown.length})`}
                  draggable={false}
                  loading="lazy"
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
            aria-label={`Slide ${index + 1} of ${slideCount}`}
            aria-current={index === carousel.selected || undefined}
            onClick={() => carousel.api?.scrollTo(index)}
          />
        ))}
      </div>
      <footer className="profile-card__footer">
        <h2 className="profile-card__name">{heading}</h2>
        {action}
      </footer>
    </article>
  );
}

/** The index of the last slide (the panel after the photos and the profile). */
export function lastSlideIndex(photos: readonly (string | null)[], panels: number): number {
  return Math.max(photos.filter(Boolean).length, 1) + panels - 1;
}
