// A settings field's own words ('Saving…', 'Saved'), in their own catalogue: every screen
// with settings fields loads after the first paint, and these load with it.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useSettingsFieldText } = defineTexts<typeof en>(
  'ui-settings-field',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
