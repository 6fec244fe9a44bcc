// Which language the screens speak: the member's stored choice once signed in, before that
// the choice made on this device (the sign-in page's picker), else the browser's languages.
// The HTML lang attribute follows, so screen readers and hyphenation read the right language.
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  languageFromPreferences,
} from '@bidboard/shared/i18n/languages';

const STORAGE_KEY = 'bidboard.language';
/** Set when the member picked the language themself (not the browser's, not Quebec's). */
const CHOSEN_KEY = 'bidboard.language-chosen';

/** A value kept on the device; null without storage (private browsing). */
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function stored(): Language | null {
  const value = read(STORAGE_KEY);
  return isLanguage(value) ? value : null;
}

/** The language the first screen is drawn in, known before any request. */
export function startingLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? []);
  return stored() ?? languageFromPreferences(browser) ?? DEFAULT_LANGUAGE;
}

/**
 * What sign-in tells the server: the language on screen, and whether the member picked it
 * (a new member starts in it; a picked one replaces the member's stored language).
 */
export function deviceLanguage(current: Language): {
  language: Language;
  language_chosen: boolean;
} {
  return { language: current, language_chosen: read(CHOSEN_KEY) === '1' };
}

/** Kept on the device, so the next visit starts in it even before the member is known. */
export function rememberLanguage(language: Language, chosen: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
    if (chosen) localStorage.setItem(CHOSEN_KEY, '1');
  } catch {
    // Private browsing without storage: the language holds for this visit only.
  }
}

export function showLanguage(language: Language): void {
  document.documentElement.lang = language;
}
