// The words of the token economy that several screens say (locales/en.json; fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useEconomyText, text: economyText } = defineTexts<typeof en>(
  'economy',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
