// How wide a card's photo is drawn, for the browser to pick the right size from srcset.
// Cards fill a grid of columns at least 290 px wide inside a 1120 px screen with 20 px
// margins and ~18 px gaps: one column on a phone, two from 638 px, three from 945 px.
import type { CardPhoto } from '@bidboard/shared';

export const CARD_PHOTO_SIZES = [
  '(min-width: 1120px) 348px',
  '(min-width: 945px) calc((100vw - 75px) / 3)',
  '(min-width: 638px) calc((100vw - 58px) / 2)',
  'calc(100vw - 40px)',
].join(', ');

export function srcSet(photo: CardPhoto): string {
  return photo.sources.map((source) => `${source.url} ${source.width}w`).join(', ');
}
