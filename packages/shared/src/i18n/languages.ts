// The member's language (product rules, Languages): English, the specification's words,
// and Canadian French. One list for the server (stored on the member, alerts, pushes, SMS)
// and the web (catalogues, Intl formatting, the HTML lang attribute).
export const LANGUAGES = ['en', 'fr-CA'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'fr-CA': 'Français',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of a browser's preferred languages (navigator.languages) that we speak: any
 * French ('fr', 'fr-FR', 'fr-CA') is Canadian French, any English is English.
 */
export function languageFromPreferences(preferences: readonly string[]): Language | null {
  for (const tag of preferences) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'fr') return 'fr-CA';
    if (primary === 'en') return 'en';
  }
  return null;
}

/**
 * Quebec's postal codes are the ones whose first letter is G, H or J (Canada Post's
 * districts for eastern, Montreal and western Quebec). A US ZIP is never in Quebec.
 */
export function isQuebecPostalCode(code: string): boolean {
  return /^[GHJ]\d[A-Z]/.test(code.trim().toUpperCase());
}
