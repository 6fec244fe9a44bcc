// The dates' words in chat (locales/en.json; locales/fr-CA.json): the plan card, the
// proposal form, the check-in and the did-you-meet question (issue 45).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useDatesText } = defineTexts<typeof en>(
  'dates',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
