// Profile Settings' words (locales/en.json, the spec's; locales/fr-CA.json).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useSettingsText } = defineTexts<typeof en>(
  'settings',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
