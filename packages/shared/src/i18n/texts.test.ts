// The shared texts in Canadian French: every one has its French (a new English message
// without one fails here), the French names the same arguments the English fills, and the
// index from English words finds a key whose French is right.
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors';
import frCA from './fr-CA.json';
import { keyOfEnglish, sharedTextEntries } from './texts';

const french = frCA as Record<string, string>;
const entries = sharedTextEntries();

/** The argument names of an ICU message ('{owner}', '{amount, plural, …}'). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\s*(\w+)\s*(?:,|\})/g)) names.add(match[1]!);
  return [...names].sort();
}

describe('shared texts in Canadian French', () => {
  it('every shared text has its French, and the French has no key the English lacks', () => {
    const missing = [...entries.keys()].filter((key) => !(key in french));
    const extra = Object.keys(french).filter((key) => !entries.has(key));
    expect(
      missing,
      'Add these to packages/shared/src/i18n/fr-CA.json (vouvoiement, « courriel », « texto »)',
    ).toEqual([]);
    expect(extra, 'Not a shared text any more: remove from fr-CA.json').toEqual([]);
  });

  it('every error code has a sentence in both languages', () => {
    for (const code of ERROR_CODES) {
      expect(entries.get(`ERROR_CODE_MESSAGES.${code}`), code).toEqual(expect.any(String));
      expect(french[`ERROR_CODE_MESSAGES.${code}`], code).toEqual(expect.any(String));
    }
  });

  it('a constant and its French fill the same slots', () => {
    for (const [key, english] of entries) {
      if (typeof english !== 'string') continue;
      expect(argumentsOf(french[key]!), key).toEqual(argumentsOf(english));
    }
  });

  it('a message built by a function names its arguments in French', () => {
    for (const [key, english] of entries) {
      if (typeof english !== 'function') continue;
      // The function's parameters, as the French names them ({owner}, {amount}).
      const params = /^\(?([^)=]*)\)?\s*=>/.exec(english.toString())?.[1] ?? '';
      const names = params
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)
        .sort();
      expect(argumentsOf(french[key]!), key).toEqual(names);
    }
  });

  it('finds the key of an English constant; words shared by two keys agree in French', () => {
    for (const [key, english] of entries) {
      if (typeof english !== 'string') continue;
      const found = keyOfEnglish(english);
      expect(found, key).not.toBeNull();
      expect(french[found!], `${key} and ${found} say the same in English`).toBe(french[key]);
    }
    expect(keyOfEnglish('a member name')).toBeNull();
  });

  it('French is written with French typography, not straight apostrophes', () => {
    // ICU treats ' as a quote; French uses ’ (and the catalogue compiles either way).
    const straight = Object.entries(french).filter(([, text]) => /\w'\w/.test(text));
    expect(straight).toEqual([]);
  });
});
