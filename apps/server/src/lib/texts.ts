// The shared texts in a member's language, for the words the server writes itself: the
// sign-in code's text, pushes, SMS. English is the constant (the spec's words, as the API
// sends them); French is shared's catalogue (packages/shared/src/i18n/fr-CA.json), ICU
// compiled once here. Money arguments (`cents`, `dollars`) are written as the language
// writes money ("10,00 $").
import frCA from '@bidboard/shared/i18n/fr-CA.json';
import type { Language } from '@bidboard/shared/i18n/languages';
import type { TextRef } from '@bidboard/shared/i18n/texts';
import { setupI18n } from '@lingui/core';
import { type CompiledMessage, compileMessage } from '@lingui/message-utils/compileMessage';

const french = frCA as Record<string, string>;
const i18n = setupI18n({ locale: 'fr-CA', messages: { 'fr-CA': french } });
i18n.setMessagesCompiler(compileMessage);

const money = new Intl.NumberFormat('fr-CA', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
});

/** `ref` in `language`; `english` is the same text as the constant builds it. */
export function sayText(language: Language, ref: TextRef, english: string): string {
  if (language === 'en' || !(ref.key in french)) return english;
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(ref.params ?? {})) {
    if (name === 'cents' && typeof value === 'number') values[name] = money.format(value / 100);
    else if (name === 'dollars' && typeof value === 'number') values[name] = money.format(value);
    // ICU's select reads a missing name as 'null' ({username, select, null {…} other {…}}).
    else values[name] = value ?? 'null';
  }
  return i18n._(ref.key, values);
}

/**
 * A member's name in a French text, or shared's NO_NAME for one without (a deleted
 * member's): 'Un membre' where the sentence starts with it, 'un membre' inside one.
 */
export function frenchName(name: string | null, { starts = false } = {}): string {
  return name ?? french[starts ? 'NO_NAME.Member' : 'NO_NAME.member']!;
}

/** A member's name in a French text, or 'Quelqu’un' for one without. */
export function frenchSomeone(name: string | null): string {
  return name ?? french['NO_NAME.someone']!;
}

/**
 * A French text as a template filled in SQL, where no ICU runs (the close's alerts, the bid
 * routine's): `{name}` slots, and every plural's `plural` branch with `#` as its `{name}`
 * ('… avec {amount} jetons.' for 'other'). The caller picks the branch from the count.
 */
export function frenchTemplate(key: string, plural: 'one' | 'other'): string {
  const message = french[key];
  if (message === undefined) throw new Error(`No French for ${key}`);
  const fill = (tokens: CompiledMessage, counted: string | null): string =>
    tokens
      .map((token) => {
        if (typeof token === 'string') return token === '#' && counted ? `{${counted}}` : token;
        const [name, kind, branches] = token as [string, string?, Record<string, CompiledMessage>?];
        if (kind === 'plural' && branches) {
          return fill(branches[plural] ?? branches.other ?? [], name);
        }
        if (kind) throw new Error(`${key}: a ${kind} cannot be filled in SQL`);
        return `{${name}}`;
      })
      .join('');
  return fill(compileMessage(message), null);
}
