// The referral page's words (locales/en.json, the spec's; locales/fr-CA.json): invites, the
// bonus, the link and share message to copy, the launch countdown. Fetched with its chunk.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useReferralText } = defineTexts<typeof en>(
  'referral',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);

export type ReferralText = ReturnType<typeof useReferralText>;
