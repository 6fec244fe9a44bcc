// The app frame's own words (locales/en.json, the spec's; locales/fr-CA.json): the error
// screen, the offline dialog and the 404 page. Downloaded before the first paint: the
// offline dialog shows when the network is what failed, so it can fetch nothing then.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useAppText } = defineTexts<typeof en>(
  'app',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
