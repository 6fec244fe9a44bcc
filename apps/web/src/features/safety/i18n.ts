// The safety screens' words (locales/en.json; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useSafetyText } = defineTexts<typeof en>(
  'safety',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
