// The Connections page's words (locales/en.json, the spec's; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export type ConnectionsTextKey = keyof typeof en;

export const { useText: useConnectionsText } = defineTexts<typeof en>(
  'connections',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
