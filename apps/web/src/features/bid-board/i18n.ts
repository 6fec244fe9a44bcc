// The Bid Board's words (locales/en.json, the spec's; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export type BoardTextKey = keyof typeof en;

export const { useText: useBoardText } = defineTexts<typeof en>(
  'bid-board',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
