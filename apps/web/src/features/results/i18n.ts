// 'Your results' words (locales/en.json, the spec's and the close's alert's; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useResultsText } = defineTexts<typeof en>(
  'results',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
