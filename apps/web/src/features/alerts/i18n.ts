// The Alerts panel's words (locales/en.json, the spec's; locales/fr-CA.json). The alerts'
// own messages come from the server.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useAlertsText } = defineTexts<typeof en>(
  'alerts',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
