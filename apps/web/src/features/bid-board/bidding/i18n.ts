// The bidding slide's words (locales/en.json, the spec's; locales/fr-CA.json). A catalogue of
// its own, downloaded with the slide's code when a member first turns a card: the first
// paint of the board shows photos and names only.
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export type BiddingTextKey = keyof typeof en;

export const { useText: useBiddingText } = defineTexts<typeof en>(
  'bidding',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
