// The Privacy Center's words (locales/en.json; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: usePrivacyText } = defineTexts<typeof en>(
  'privacy-center',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
