// The distance and verification preferences' words (locales/en.json; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useDatingPreferencesText } = defineTexts<typeof en>(
  'dating-preferences',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
