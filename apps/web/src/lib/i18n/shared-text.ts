// The shared package's texts (validation messages, the API's errors, alert wordings) in the
// language on screen. English is the constants themselves, so an English page downloads
// nothing for them; another language loads its catalogue (packages/shared/src/i18n) and the
// index that finds a constant's key from its English words, after the first paint (they
// are answers to what a member does, never on a first screen).
import type { TextRef } from '@bidboard/shared/i18n/texts';
import { currentLanguage, defineTexts, type TextValues } from './i18n';

let keyOfEnglish: ((text: string) => string | null) | null = null;

const { text, useText } = defineTexts<Record<string, string>>(
  'shared',
  {
    './locales/en.json': async () => ({}),
    './locales/fr-CA.json': async () => {
      const [catalogue, texts] = await Promise.all([
        import('@bidboard/shared/i18n/fr-CA.json?lingui'),
        import('@bidboard/shared/i18n/texts'),
      ]);
      keyOfEnglish = texts.keyOfEnglish;
      return catalogue.default;
    },
  },
  { later: true },
);

/**
 * A shared text in the language on screen: `sharedText(POSTAL_MESSAGES.invalid)`. Words that
 * are no shared constant (a member's name, a message built by a function) stay as they are:
 * pass the function's key and arguments to sharedRef instead.
 */
export function sharedText(english: string): string {
  if (currentLanguage() === 'en') return english;
  const key = keyOfEnglish?.(english);
  return key ? text(key) : english;
}

/** A text by its key and arguments (an API error's detail); English falls back to `english`. */
export function sharedRef(ref: TextRef, english: string): string {
  if (currentLanguage() === 'en') return english;
  return text(ref.key, (ref.params ?? {}) as TextValues);
}

/**
 * sharedText and sharedRef for a component: it draws again when the shared catalogue
 * arrives (after the first paint) or the language changes.
 */
export function useSharedText(): { sharedText: typeof sharedText; sharedRef: typeof sharedRef } {
  useText();
  return { sharedText, sharedRef };
}
