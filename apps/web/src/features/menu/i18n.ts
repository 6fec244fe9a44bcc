// The menu's and app bar's words (locales/en.json, the spec's; locales/fr-CA.json): the
// trigger and the home link are on the first page, so this catalogue loads before the first
// paint, in the member's language only.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useMenuText } = defineTexts<typeof en>(
  'menu',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
