// The follow-through line's words, in their own catalogue: they load with the first card
// whose member has a date that counts, after the board's first paint.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useFollowThroughText } = defineTexts<typeof en>(
  'ui-follow-through',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
