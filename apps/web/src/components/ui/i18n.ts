// The design system's words (locales/en.json; locales/fr-CA.json): what its pieces say
// themselves, whichever screen shows them.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export type UiTextKey = keyof typeof en;

export const { useText: useUiText } = defineTexts<typeof en>(
  'ui',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
