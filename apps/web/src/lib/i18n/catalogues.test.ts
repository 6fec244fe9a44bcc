// Every area's two catalogues: the same keys both ways, every key used by the area's code,
// each text valid ICU with the same arguments in both languages, and French that is
// French (a text identical to the English is a fallback in disguise).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogue } from '../../../build/catalogues';

const root = path.join(import.meta.dirname, '../../');
const sharedFrench = path.join(
  import.meta.dirname,
  '../../../../../packages/shared/src/i18n/fr-CA.json',
);

/** Words that are the same in both languages. */
const SAME_IN_FRENCH = new Set([
  'Bidboard',
  'Message',
  'Messages',
  'Photos',
  'Bio',
  'Canada',
  'OK',
  'Cancer', // the sign of the zodiac
  'Conversations',
  'Total',
  'Menu',
]);

interface Area {
  dir: string;
  en: Record<string, string>;
  fr: Record<string, string>;
}

function areas(): Area[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((entry) => entry.endsWith(`locales${path.sep}en.json`))
    .map((entry) => {
      const dir = path.join(root, path.dirname(path.dirname(entry)));
      const read = (lang: string) =>
        JSON.parse(readFileSync(path.join(dir, 'locales', `${lang}.json`), 'utf8'));
      return { dir, en: read('en'), fr: read('fr-CA') };
    });
}

function codeUnder(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  // Not a plural's branch of one word ('one {jeton}'): its braces hold text, not an argument.
  const argument = /(?<![,}]\s*(?:zero|one|two|few|many|other|=\d+)\s*)\{\s*(\w+)\s*(?:,|\})/g;
  for (const match of message.matchAll(argument)) names.add(match[1]!);
  return [...names].sort();
}

/**
 * Quebec's usage (OQLF): a non-breaking space before a colon and inside guillemets, so a
 * line never breaks there; none before ? ! and ; (France puts a thin one there).
 */
function expectQuebecTypography(key: string, french: string) {
  expect(/ [:»]|« /.test(french), `${key}: a non-breaking space in French`).toBe(false);
  expect(/\s[;!?]/.test(french), `${key}: no space before ? ! ; in Quebec`).toBe(false);
}

/** The shared catalogue's texts, nested by message group, as [dotted key, text]. */
function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

describe('language catalogues', () => {
  const all = areas();

  it('each area has both, with an i18n.ts that defines it', () => {
    expect(all.length).toBeGreaterThan(0);
    for (const area of all) {
      expect(existsSync(path.join(area.dir, 'i18n.ts')), area.dir).toBe(true);
    }
  });

  it.each(all.map((a) => [path.relative(root, a.dir), a] as const))(
    '%s: the same keys in English and French, every one used',
    (_, area) => {
      const en = Object.keys(area.en).sort();
      const fr = Object.keys(area.fr).sort();
      expect(
        en.filter((k) => !fr.includes(k)),
        'missing in fr-CA.json',
      ).toEqual([]);
      expect(
        fr.filter((k) => !en.includes(k)),
        'missing in en.json',
      ).toEqual([]);
      const code = codeUnder(area.dir);
      expect(
        en.filter((key) => !code.includes(`'${key}'`)),
        'keys no code uses',
      ).toEqual([]);
    },
  );

  it.each(all.map((a) => [path.relative(root, a.dir), a] as const))(
    '%s: valid ICU, the same arguments, French that is not the English',
    (_, area) => {
      compileCatalogue('en.json', JSON.stringify(area.en));
      compileCatalogue('fr-CA.json', JSON.stringify(area.fr));
      for (const [key, english] of Object.entries(area.en)) {
        const french = area.fr[key] ?? '';
        expect(argumentsOf(french), key).toEqual(argumentsOf(english));
        if (!SAME_IN_FRENCH.has(english) && /[a-z]{3}/.test(english)) {
          expect(french, `${key} is still English`).not.toBe(english);
        }
        expect(/\w'\w/.test(french), `${key}: use ’ in French`).toBe(false);
        expectQuebecTypography(key, french);
      }
    },
  );

  it('the shared catalogue compiles, in the same typography', () => {
    const text = readFileSync(sharedFrench, 'utf8');
    expect(() => compileCatalogue(sharedFrench, text)).not.toThrow();
    for (const [key, french] of leaves(JSON.parse(text))) expectQuebecTypography(key, french);
  });
});
