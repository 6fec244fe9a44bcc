// How It Works' words (locales/en.json, the spec's; locales/fr-CA.json). The overlay loads
// lazily, and its catalogue with it.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useInstructionsText } = defineTexts<typeof en>(
  'instructions',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
