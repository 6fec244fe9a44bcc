// The console's payee words (locales/en.json; locales/fr-CA.json): the year-end payee
// reports and each member's payee status (issue 43).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useAdminPayeesText } = defineTexts<typeof en>(
  'adminPayees',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
