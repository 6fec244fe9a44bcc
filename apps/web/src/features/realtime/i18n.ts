// The connection dialogs' words (locales/en.json, the spec's; locales/fr-CA.json). Only the
// dialogs' chunk imports it, so the catalogue is fetched with them, after the first paint.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useRealtimeText } = defineTexts<typeof en>(
  'realtime',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
