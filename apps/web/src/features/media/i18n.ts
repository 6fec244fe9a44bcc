// The photo uploader's, the photo slots' and the face verification's words
// (locales/en.json, the spec's; locales/fr-CA.json). Their refusals are shared texts
// (MEDIA_MESSAGES).
import { defineTexts } from '@/lib/i18n';
import type en from './locales/en.json';

export const { useText: useMediaText, text: mediaText } = defineTexts<typeof en>(
  'media',
  import.meta.glob('./locales/*.json', { query: '?lingui', import: 'default' }),
);
