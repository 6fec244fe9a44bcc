// The onboarding wizard's words (locales/en.json, the spec's; locales/fr-CA.json). The
// rules' messages and the choices' labels (genders, categories) are shared texts.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useOnboardingText } = defineTexts<typeof en>(
  'onboarding',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
