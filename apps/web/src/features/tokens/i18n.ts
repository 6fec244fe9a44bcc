// The token screens' words (locales/en.json, the spec's; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useTokensText, text: tokensText } = defineTexts<typeof en>(
  'tokens',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
