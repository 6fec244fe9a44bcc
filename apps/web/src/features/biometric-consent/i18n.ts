// The biometric consent screen's and setting's words (locales/en.json; locales/fr-CA.json).
// Their meaning is BIOMETRIC_CONSENT_VERSION's (packages/shared): a change of meaning here
// is a new version there.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useConsentText } = defineTexts<typeof en>(
  'biometric-consent',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
