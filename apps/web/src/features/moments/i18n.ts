// The moments' words (locales/en.json, locales/fr-CA.json): they load with the moment,
// after the first paint.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useMomentsText } = defineTexts<typeof en>(
  'moments',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
