// The web app's languages: catalogues per area (defineTexts), the language on screen, the
// shared package's texts, and Intl formatting for the member's language.
export { formatCountdown } from './format';
export {
  defineTexts,
  fillSlot,
  SLOT,
  setLanguage,
  signInLanguage,
  textsReady,
  useLanguage,
} from './i18n';
export { sharedText, useSharedText } from './shared-text';
