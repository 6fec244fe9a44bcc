// The prompts' words (locales/en.json; locales/fr-CA.json): the card's prompt slides, the
// Profile Settings section and the onboarding screen (issue 44). The prompts themselves
// are shared texts (PROMPT_TEXTS).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: usePromptsText } = defineTexts<typeof en>(
  'prompts',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
