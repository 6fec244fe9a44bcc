// No English written into the web app's code: every member-facing word comes from a
// catalogue (lib/i18n), so a French screen has no English left on it. The baseline lists
// the words still inline from before the catalogues; it only shrinks (UPDATE_INLINE_TEXT=1
// drops the entries that are gone, it never adds one).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineTexts, sourceFiles } from './inline-text';

const root = path.join(import.meta.dirname, '../../');
const baselineFile = path.join(import.meta.dirname, 'inline-text-baseline.json');

const HOW_TO = `Words a member reads belong in a catalogue, in English and in Canadian French:
  1. add the key to the area's locales/en.json (the English, spec strings exactly) and
     locales/fr-CA.json (the French; vouvoiement, « courriel », « texto », 10,00 $),
     e.g. apps/web/src/features/<feature>/locales/{en,fr-CA}.json;
  2. in the component: const t = use<Feature>Text(); then t('your.key') or t('key', { count });
     plurals and arguments in ICU: "{count, plural, one {# jeton} other {# jetons}}";
  3. a shared message (packages/shared MESSAGES, *_MESSAGES) shows through sharedText(...)
     and needs its French in packages/shared/src/i18n/fr-CA.json.
An area without catalogues yet: copy apps/web/src/features/auth/i18n.ts and its locales/.
Numbers, money and dates: formatNumber, formatMoney, formatDate from '@/lib/i18n'.`;

type Baseline = Record<string, string[]>;

function current(): Map<string, { line: number; text: string }[]> {
  const byFile = new Map<string, { line: number; text: string }[]>();
  for (const file of sourceFiles(root)) {
    const found = inlineTexts(file, root);
    if (found.length > 0) byFile.set(found[0]!.file, found);
  }
  return byFile;
}

describe('member-facing words', () => {
  it('come from the catalogues, not from the code', () => {
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
    const found = current();
    const fresh: string[] = [];
    for (const [file, texts] of found) {
      const known = [...(baseline[file] ?? [])];
      for (const { line, text } of texts) {
        const at = known.indexOf(text);
        if (at >= 0) known.splice(at, 1);
        else fresh.push(`  ${file}:${line}  "${text}"`);
      }
    }
    if (process.env.UPDATE_INLINE_TEXT) {
      const kept: Baseline = {};
      for (const [file, texts] of Object.entries(baseline)) {
        const left = [...(found.get(file) ?? [])].map((t) => t.text);
        const still = texts.filter((text) => {
          const at = left.indexOf(text);
          if (at < 0) return false;
          left.splice(at, 1);
          return true;
        });
        if (still.length > 0) kept[file] = still;
      }
      writeFileSync(baselineFile, `${JSON.stringify(kept, null, 2)}\n`);
    }
    expect(fresh, `English written into the code:\n${fresh.join('\n')}\n\n${HOW_TO}\n`).toEqual([]);
  });

  it('the baseline names only words that are still there', () => {
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
    const found = current();
    const gone: string[] = [];
    for (const [file, texts] of Object.entries(baseline)) {
      const left = (found.get(file) ?? []).map((t) => t.text);
      for (const text of texts) {
        const at = left.indexOf(text);
        if (at >= 0) left.splice(at, 1);
        else gone.push(`  ${file}  "${text}"`);
      }
    }
    expect(
      gone,
      `Moved to a catalogue: run UPDATE_INLINE_TEXT=1 npx vitest run --project web src/lib/i18n/inline-text.test.ts\n${gone.join('\n')}`,
    ).toEqual([]);
  });
});
