// The distance line's and the verified badge's words, in their own catalogue: they load
// with the card's first distance or badge, after the board's first paint.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export type DistanceTextKey = keyof typeof en;

export const { useText: useDistanceCatalogue } = defineTexts<typeof en>(
  'ui-distance',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
