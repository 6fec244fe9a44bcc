// The payouts screens' words (locales/en.json; locales/fr-CA.json): the payee profile, the
// year's payouts and the yearly statement (issue 43).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: usePayoutsText } = defineTexts<typeof en>(
  'payouts',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
