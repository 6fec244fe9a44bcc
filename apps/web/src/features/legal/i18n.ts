// The legal pages' words (locales/en.json, the English exactly as the documents were written;
// locales/fr-CA.json): the page's bar and date line, the Terms and Conditions and the Privacy
// Policy. Fetched with the legal pages' own chunk, in the member's language only.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useLegalText } = defineTexts<typeof en>(
  'legal',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);

export type LegalText = ReturnType<typeof useLegalText>;
